import {
  tankLevels,
  type FixFilterConfig,
  type GeofenceConfig,
  type SegmenterConfig,
  type TransitConfig,
} from '@jejak/domain';
import type { NormalizedMessage } from '@jejak/protocols';
import type { Bus } from '../bus/bus.ts';
import type { FleetRepo } from '../storage/repos/fleet/fleet-repo.ts';
import { type IngestStore } from '../storage/ingest/ingest-store.ts';
import { StaleOwnerError, type IngestBatch } from '../storage/ingest/rows.ts';
import { coalesceReads } from '../lib/coalesce.ts';
import { newBatch, seal, splitByDevice, type Batch } from './batch.ts';
import { applyMessage, markSilent } from './device-state.ts';
import { createFenceLoader, type GeofenceSource } from './fence-loader.ts';
import { recomputeLateWindow, type RecomputeOptions } from './recompute.ts';
import { applyParkedLogs, parkedLogs, sessionLogRow, transitRow, vehicleLogRow, type SessionPackage } from './rows.ts';
import { applyRules, notifyItem, type RuleStepOptions } from './rule-step.ts';
import { createRulesCache, type RuleSource } from './rules-cache.ts';
import { loadStates, type HeldState } from './state-loader.ts';

export type { SessionPackage };

export interface PipelineOptions {
  store: IngestStore;
  fleet: FleetRepo;
  bus: Bus;
  transit: TransitConfig;
  filter: FixFilterConfig;
  segmenter: SegmenterConfig;
  geofence: GeofenceConfig;
  geofences: GeofenceSource;
  /** Rule evaluation (ADR 0046); without it no rule is evaluated and no event raised. */
  rules?: RuleStepOptions & { source: RuleSource };
  /** Late data: rewrite the window it fell into once the device has sent none for `delayMs`. */
  recompute: RecomputeOptions & { delayMs: number };
  flushMs: number;
  batchMax: number;
  /** Batches that may commit at the same time (1 on PGlite, which has one connection). */
  concurrentCommits: number;
  now: () => number;
  onError: (err: unknown, context: string) => void;
  /**
   * Several gateway nodes (ADR 0061): the epoch this node holds for a device, carried by each
   * commit of its rows; undefined for a device this node never claimed (not checked).
   */
  owners?: { epochOf(dvid: string): number | undefined; refused(dvids: readonly string[]): void } | null;
}

/**
 * The per-device ordered pipeline (DESIGN §1). Messages of one device are applied strictly
 * in submission order; their rows are committed in batches, and `submit` resolves only once
 * the message is durably stored — the gateway acknowledges to the device after that.
 */
export function createPipeline(opts: PipelineOptions) {
  const states = new Map<string, HeldState>();
  const loading = new Map<string, Promise<HeldState>>();
  /** Devices forgotten after a failed commit: reloaded only once the batches before are done. */
  const dropped = new Set<string>();
  /** Devices whose vehicle changed while their state was being read. */
  const staleLoads = new Set<string>();
  /** Per-device chain so messages that wait for a state load keep their order. */
  const chains = new Map<string, Promise<unknown>>();
  let batch: Batch = newBatch();
  let timer: NodeJS.Timeout | null = null;
  let sealWhenFree = false;
  const inFlight: Promise<void>[] = [];
  let closed = false;
  /** Set when shutdown begins: no recompute starts after it (the store keeps them pending). */
  let stopping = false;

  /** Devices asked for together (a thousand trackers connecting at once) are read together. */
  const readState = coalesceReads((dvids: string[]) => loadStates(opts, dvids));
  const fences = createFenceLoader(opts.geofences, opts.geofence);
  opts.bus.subscribe('geofence.changed', ({ vids }) => fences.invalidate(states.values(), new Set(vids)));
  const rules = createRulesCache(opts.rules?.source ?? null);
  opts.bus.subscribe('rules.changed', ({ rtids }) => rules.invalidate(states.values(), rtids));

  /** Both lazily loaded parts of a device's state are there (the submit fast path). */
  const ready = (s: HeldState) => s.geofences.fences !== null && s.rules.list !== null;
  async function ensureLoaded(s: HeldState): Promise<void> {
    await fences.ensure(s);
    await rules.ensure(s);
  }
  // A device's vehicle changed: forget its state the way a failed commit does, so its next
  // message reloads it from the store once the batches holding its earlier rows are committed.
  // A load under way may have read the old vehicle: it reads again before the state is used.
  const forget = (dvids: Iterable<string>) => {
    for (const dvid of dvids) {
      if (states.delete(dvid)) dropped.add(dvid);
      if (loading.has(dvid)) staleLoads.add(dvid);
    }
  };
  opts.bus.subscribe('vehicle.changed', ({ dvids }) => forget(dvids));
  // Back from a cut from the other nodes: a vehicle, geofence or rule change announced meanwhile
  // was lost, so every held state is read again (vehicle, fences and rules with it).
  opts.bus.subscribe('bus.resumed', () => forget([...states.keys(), ...loading.keys()]));

  async function loadState(dvid: string): Promise<HeldState> {
    if (dropped.delete(dvid)) {
      // Batches sealed before the failure may still hold this device's rows: read after them.
      await flush().catch(() => undefined);
      await Promise.allSettled([...inFlight]);
    }
    let state = await readState(dvid);
    while (staleLoads.delete(dvid)) state = await readState(dvid);
    if (!state) throw new Error(`device ${dvid} is not registered`);
    states.set(dvid, state);
    // A recompute the store holds as pending runs where the device is now (ADR 0062): after a
    // restart, or on the node it moved to.
    if (state.lateSinceMs !== null) resumeRecompute(dvid);
    return state;
  }

  function stateOf(dvid: string): HeldState | Promise<HeldState> {
    const s = states.get(dvid);
    if (s) return s;
    let p = loading.get(dvid);
    if (!p) {
      p = loadState(dvid).finally(() => loading.delete(dvid));
      loading.set(dvid, p);
    }
    return p;
  }

  function enqueue(state: HeldState, msg: NormalizedMessage, receivedAtMs: number): Promise<void> {
    const step = applyMessage(state, msg, {
      receivedAtMs,
      transit: opts.transit,
      filter: opts.filter,
      segmenter: opts.segmenter,
    });
    batch.logs.push(step.log);
    if (state.vehicle) {
      const vid = state.vehicle.vid;
      batch.deviceOfVehicle.set(vid, state.device.dvid);
      for (const t of step.transits) batch.transits.push(transitRow(t, vid, receivedAtMs));
      for (const t of step.trips) batch.trips.push({ ...t, vid, createdAt: receivedAtMs });
      const parked = parkedLogs(state, step);
      if (parked) {
        applyParkedLogs(batch.vehicleLogs, parked);
        batch.parkedLogs.push(parked);
      }
      const row = vehicleLogRow(state, step, receivedAtMs);
      if (row) batch.vehicleLogs.push(row);
      if (step.geofence) {
        batch.geofenceRecords.push(...step.geofence.records);
        batch.profiled.set(state.device.dvid, state);
        for (const crossing of step.geofence.crossings) batch.crossings.push({ dvid: state.device.dvid, crossing });
      }
      if (opts.rules) {
        for (const row of applyRules(state, msg, step, receivedAtMs, opts.rules))
          batch.events.push({ row, item: notifyItem(row, state.vehicle) });
      }
      if (step.late !== null) {
        // Stored with the late row, so a restart still runs the recompute.
        state.lateSinceMs = Math.min(state.lateSinceMs ?? step.late, step.late);
        scheduleRecompute(state.device.dvid);
      }
    }
    const dvid = state.device.dvid;
    // The record the Devices tab shows as the device's last (session rows are the server's own).
    if (!step.log.package.startsWith('event#session#')) {
      state.device.lastPackage = step.log.package;
      state.device.lastRecordAt = receivedAtMs;
    }
    // Each tank's level as the Information Table shows it (spec 1 §2 Fuel column).
    state.device.fuelLevels = tankLevels(state.fuel);
    if (step.latestChanged) batch.touched.set(dvid, state);
    batch.applied.set(dvid, state);
    const done = new Promise<void>((resolve, reject) => batch.waiters.push({ dvid, resolve, reject }));
    if (batch.logs.length >= opts.batchMax) sealNowOrWhenFree();
    else timer ??= setTimeout(onFlushTimer, opts.flushMs);
    return done;
  }

  /** Runs `job` after everything already queued for the device, keeping its order. */
  function inChain(dvid: string, job: () => Promise<void>): Promise<void> {
    const prev = chains.get(dvid) ?? Promise.resolve();
    const next = prev.catch(() => undefined).then(job);
    const tail = next
      .catch(() => undefined)
      .then(() => {
        if (chains.get(dvid) === tail) chains.delete(dvid);
      });
    chains.set(dvid, tail);
    return next;
  }

  const lateTimers = new Map<string, NodeJS.Timeout>();
  /** Devices whose recompute is due or running: its own load of the state schedules no other. */
  const recomputing = new Set<string>();
  /**
   * Recomputes run one at a time, each entering its device's chain only when its turn comes:
   * when every tracker uploads its memory at once (after an outage, or a restart), the store's
   * connections stay free for live data, and each device's live messages wait only for its own
   * recompute, not for the queue.
   */
  let recomputes: Promise<void> = Promise.resolve();

  /** Late fixes come in bursts (a memory upload): recompute once the burst is over. */
  function scheduleRecompute(dvid: string): void {
    clearTimeout(lateTimers.get(dvid));
    lateTimers.set(
      dvid,
      setTimeout(() => {
        lateTimers.delete(dvid);
        recomputing.add(dvid);
        recomputes = recomputes.then(async () => {
          // Released meanwhile (another node holds the device): it is that node's to run.
          if (!stopping && recomputing.has(dvid))
            await inChain(dvid, () => recompute(dvid)).catch((err: unknown) => {
              // Another node took the device over mid-replay: its window was not written, and the
              // device is let go of as after a refused batch; the new owner runs the recompute.
              if (err instanceof StaleOwnerError) opts.owners?.refused(err.dvids);
              else opts.onError(err, `recompute ${dvid}`);
            });
          recomputing.delete(dvid);
        });
      }, opts.recompute.delayMs),
    );
  }

  /** Schedules the device's pending recompute unless it is already scheduled or under way. */
  function resumeRecompute(dvid: string): void {
    if (!lateTimers.has(dvid) && !recomputing.has(dvid)) scheduleRecompute(dvid);
  }

  async function recompute(dvid: string): Promise<void> {
    // The late rows must be in the store before they are replayed: the open batch is sealed
    // early only if it holds some of this device's (in a storm of recomputes, most do not).
    if (batch.applied.has(dvid) || batch.touched.has(dvid)) await flush();
    await Promise.all(inFlight);
    const state = await stateOf(dvid);
    const since = state.lateSinceMs;
    if (since === null) return;
    // The replay meets the fences live fixes meet (ADR 0029).
    await fences.ensure(state);
    await recomputeLateWindow(
      state,
      since,
      { transit: opts.transit, filter: opts.filter, segmenter: opts.segmenter },
      opts.recompute,
      opts.owners?.epochOf(dvid),
    );
    // Nothing of this device was applied meanwhile (the recompute runs in its chain): the mark
    // is cleared in the commit of the replayed state.
    state.lateSinceMs = null;
    batch.touched.set(dvid, state);
    batch.applied.set(dvid, state);
    batch.profiled.set(dvid, state);
    // Committed with the next batch, like a message: the device's chain waits for it.
    await new Promise<void>((resolve, reject) => {
      batch.waiters.push({ dvid, resolve, reject });
      timer ??= setTimeout(onFlushTimer, opts.flushMs);
    });
  }

  function onFlushTimer(): void {
    timer = null;
    sealNowOrWhenFree();
  }

  /**
   * Group commit: a batch (its timer due, or full) is sealed only when a commit slot is free.
   * While every slot is busy it keeps growing and is sealed as soon as one frees, so a busy store
   * gets fewer, larger batches (the gateways bound how large), an idle one no wait, and sealed
   * batches never queue without end.
   */
  function sealNowOrWhenFree(): void {
    if (inFlight.length < opts.concurrentCommits) void flush();
    else sealWhenFree = true;
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    sealWhenFree = false;
    const current = batch;
    batch = newBatch();
    if (current.waiters.length === 0) return Promise.all(inFlight).then(() => undefined);
    seal(current);
    // Up to `concurrentCommits` batches commit at once; the store keeps the newest state
    // whichever finishes last, and each connection still acknowledges in its own order.
    const slot = inFlight.length >= opts.concurrentCommits ? Promise.race(inFlight) : Promise.resolve();
    const done: Promise<void> = slot
      .then(() => commit(current))
      .finally(() => {
        void inFlight.splice(inFlight.indexOf(done), 1);
        if (sealWhenFree) void flush();
      });
    inFlight.push(done);
    return done;
  }

  async function write(b: Batch): Promise<void> {
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
      owners: ownersOf(b),
    };
    await opts.store.write(ingest);
    b.storedEvids = ingest.storedEvids ?? new Set();
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

  async function commit(b: Batch): Promise<void> {
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
  }

  function failed(b: Batch, err: unknown): void {
    // Refused because another node took the device over: expected, and its tracker resends there.
    if (err instanceof StaleOwnerError) opts.owners?.refused(err.dvids);
    else opts.onError(err, `pipeline commit (${[...new Set(b.waiters.map((w) => w.dvid))].join(', ')})`);
    // Memory is ahead of the store: forget it so the next message reloads from the store.
    for (const dvid of new Set([...b.touched.keys(), ...b.applied.keys()])) {
      states.delete(dvid);
      dropped.add(dvid);
    }
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
    const byDvid = new Map<string, Batch['events'][number]['item'][]>();
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

  /** Marks the vehicles this node holds DISCONNECTED after silence; returns how many changed. */
  async function sweepHeld(): Promise<number> {
    const nowMs = opts.now();
    const changed: HeldState[] = [];
    for (const s of states.values()) if (markSilent(s, nowMs, opts.transit)) changed.push(s);
    for (const s of changed) batch.touched.set(s.device.dvid, s);
    if (changed.length > 0) {
      await new Promise<void>((resolve, reject) => {
        batch.waiters.push({ dvid: '', resolve, reject });
        void flush();
      });
    }
    return changed.length;
  }

  return {
    /** Resolves once the message is committed; rejects if it could not be stored. */
    submit(dvid: string, msg: NormalizedMessage, receivedAtMs: number = opts.now()): Promise<void> {
      const held = states.get(dvid);
      if (held && ready(held) && !chains.has(dvid)) return enqueue(held, msg, receivedAtMs);
      // The chain holds the device's next message only until this one is in the batch, not
      // until it is committed: a busy device's burst shares batches like everyone else's.
      let committed: Promise<void> = Promise.resolve();
      const queued = inChain(dvid, async () => {
        const state = await stateOf(dvid);
        await ensureLoaded(state);
        committed = enqueue(state, msg, receivedAtMs);
      });
      return queued.then(() => committed);
    },

    /** Records a connection event (error, close, timeout) in the device log. */
    async logSession(dvid: string, pkg: SessionPackage, nowMs: number, message: string | null): Promise<void> {
      if (closed) return;
      // Synchronous when the state is loaded, so a shutdown's final drain includes it.
      const state = states.get(dvid) ?? (await stateOf(dvid));
      if (closed) return;
      if (pkg !== 'event#session#error') state.device.isAlive = false;
      batch.logs.push(sessionLogRow(dvid, pkg, nowMs, message));
      batch.touched.set(dvid, state);
      await new Promise<void>((resolve, reject) => {
        batch.waiters.push({ dvid, resolve, reject });
        timer ??= setTimeout(onFlushTimer, opts.flushMs);
      });
    },

    sweepHeld,

    /**
     * One node (`jejak start`): marks DISCONNECTED after silence the loaded vehicles, and in the
     * store those not heard from since start; returns how many changed. Scaled out, each node
     * sweeps what it holds and the scheduler the rest (ADR 0062).
     */
    async sweepDisconnected(): Promise<number> {
      const held = await sweepHeld();
      const cutoff = opts.now() - opts.transit.disconnectAfterMs;
      const stored = await opts.store.disconnectSilent(cutoff, [...states.keys(), ...loading.keys()]);
      for (const { device, vehicle } of stored) opts.bus.publish('fleet.update', { device, vehicle });
      return held + stored.length;
    },

    /**
     * Schedules the recomputes that a previous run stored as due but did not run (it stopped
     * within the delay); returns how many. One node only: scaled out, the scheduler hands them out.
     */
    async resumeRecomputes(): Promise<number> {
      const dvids = await opts.store.pendingRecomputes();
      for (const dvid of dvids) resumeRecompute(dvid);
      return dvids.length;
    },

    /**
     * Loads the device's state here (another node held it, and died), which schedules the
     * recompute it has pending; resolves once loaded.
     */
    async adopt(dvid: string): Promise<void> {
      const state = await stateOf(dvid);
      if (state.lateSinceMs !== null) resumeRecompute(dvid);
    },

    /** Commits everything submitted so far. */
    async drain(): Promise<void> {
      await recomputes;
      await Promise.allSettled([...chains.values()]);
      await flush();
    },

    /**
     * Shutdown: commits what was submitted; session events after this are dropped. Recomputes
     * not started yet stay pending in the store for the next start.
     */
    async close(): Promise<void> {
      stopping = true;
      for (const t of lateTimers.values()) clearTimeout(t);
      await this.drain();
      closed = true;
      await flush();
    },

    /**
     * Another node owns the device now (ADR 0061): once the work queued for it has settled (its
     * commits refused by then), its state is forgotten, so a later return reads it from the store.
     */
    release(dvid: string): Promise<void> {
      clearTimeout(lateTimers.get(dvid));
      lateTimers.delete(dvid);
      recomputing.delete(dvid);
      return inChain(dvid, async () => {
        if (batch.applied.has(dvid) || batch.touched.has(dvid)) await flush();
        await Promise.allSettled([...inFlight]);
        states.delete(dvid);
        dropped.delete(dvid);
      });
    },

    loadedDevices(): number {
      return states.size;
    },
  };
}
export type Pipeline = ReturnType<typeof createPipeline>;
