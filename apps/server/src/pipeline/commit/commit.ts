import type { Bus } from '../../bus/bus.ts';
import { StaleOwnerError, type IngestBatch } from '../../storage/ingest/rows.ts';
import type { IngestPort, OwnerEpochs } from '../ports.ts';
import { splitByDevice, type Batch, type BatchEvent } from './batch.ts';
import { webhookSignals } from './signals.ts';

/** What a commit tells the metrics (ops/metrics.ts): positions stored, rows, time taken. */
export interface CommitObserver {
  committed(batch: { positions: number; rows: number; seconds: number }): void;
  failed(): void;
}

export interface CommitOptions {
  observer?: CommitObserver;
  store: Pick<IngestPort, 'write'>;
  bus: Bus;
  owners?: OwnerEpochs | null;
  onError: (err: unknown, context: string) => void;
  /** The commit of these devices' rows failed: memory is ahead of the store, their state is forgotten. */
  forget: (dvids: ReadonlySet<string>) => void;
}

/**
 * The commit of a sealed batch: written in one transaction; on success its waiters resolve (the
 * gateways acknowledge) and what it changed is announced; on failure the batch is written again
 * device by device, so a device whose rows the store refuses cannot fail the others. Never rejects.
 */
export function createCommit(opts: CommitOptions): (b: Batch) => Promise<void> {
  async function write(b: Batch): Promise<void> {
    const startedAt = performance.now();
    const ingest: IngestBatch = {
      logs: b.logs,
      vehicleLogs: b.vehicleLogs,
      parkedLogs: b.parkedLogs,
      transits: b.transits,
      trips: b.trips,
      devices: b.devices,
      vehicles: b.vehicles,
      states: b.states,
      geofenceRecords: b.geofenceRecords,
      geofenceProfiles: b.geofenceProfiles,
      events: b.events.map((e) => e.row),
      signals: webhookSignals(b),
      owners: ownersOf(b),
    };
    await opts.store.write(ingest);
    b.storedEvids = ingest.storedEvids ?? new Set();
    opts.observer?.committed({
      positions: b.logs.filter((l) => l.package === 'gps#latest' || l.package === 'gps#memory').length,
      rows: b.logs.length,
      seconds: (performance.now() - startedAt) / 1000,
    });
  }

  /** The epochs this node holds for the batch's devices, when several nodes share the devices. */
  function ownersOf(b: Batch): IngestBatch['owners'] {
    const held = opts.owners;
    if (!held) return undefined;
    const dvids = new Set([...b.touched.keys(), ...b.applied.keys(), ...b.deviceOfVehicle.values()]);
    for (const l of b.logs) dvids.add(l.dvid);
    return [...dvids].flatMap((dvid) => {
      const epoch = held.epochOf(dvid);
      return epoch === undefined ? [] : [{ dvid, epoch }];
    });
  }

  function failed(b: Batch, err: unknown): void {
    opts.observer?.failed();
    // Refused because another node took the device over: expected, and its tracker resends there.
    if (err instanceof StaleOwnerError) opts.owners?.refused(err.dvids);
    else opts.onError(err, `pipeline commit (${[...new Set(b.waiters.map((w) => w.dvid))].join(', ')})`);
    // Memory is ahead of the store: forget it so the next message reloads from the store.
    opts.forget(new Set([...b.touched.keys(), ...b.applied.keys()]));
    for (const w of b.waiters) w.reject(err);
  }

  function succeeded(b: Batch): void {
    for (const w of b.waiters) w.resolve();
    for (const u of b.updates) opts.bus.publish('fleet.update', u);
    for (const c of b.crossings) opts.bus.publish('geofence.update', c);
    publishEvents(b);
  }

  /**
   * One 'event.stored' per device, with the events this commit inserted, in order; and the same as
   * notification work, done once among all nodes (the recovery sweep catches it if not accepted).
   */
  function publishEvents(b: Batch): void {
    const byDvid = new Map<string, BatchEvent['item'][]>();
    for (const { row, item } of b.events) {
      if (!b.storedEvids.has(row.evid)) continue;
      let items = byDvid.get(row.dvid);
      if (!items) byDvid.set(row.dvid, (items = []));
      items.push(item);
    }
    for (const [dvid, items] of byDvid) {
      opts.bus.publish('event.stored', { dvid, items });
      opts.bus.enqueue('event.notify', { dvid, items }).catch((err: unknown) => opts.onError(err, 'notification work'));
    }
  }

  return async function commit(b: Batch): Promise<void> {
    try {
      await write(b);
    } catch (err) {
      const parts = splitByDevice(b);
      if (parts.length === 1) return failed(b, err);
      // Find the device whose rows were refused; the others still commit and get their acks.
      for (const part of parts) {
        try {
          await write(part);
          succeeded(part);
        } catch (partErr) {
          failed(part, partErr);
        }
      }
      return;
    }
    succeeded(b);
  };
}
