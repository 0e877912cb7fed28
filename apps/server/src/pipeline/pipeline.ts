import { disconnectIfSilent, type FixFilterConfig, type SegmenterConfig, type TransitConfig } from '@jejak/domain';
import type { NormalizedMessage } from '@jejak/protocols';
import type { Bus, BusTopics } from '../bus/bus.ts';
import type { FleetRepo } from '../storage/fleet-repo.ts';
import type {
  DeviceLogRow,
  DeviceStateRow,
  IngestStore,
  PipelineStateRow,
  TransitRow,
  TripRow,
  VehicleLogRow,
  VehicleStateRow,
} from '../storage/ingest-store.ts';
import { coalesceReads } from '../storage/coalesce.ts';
import { applyMessage } from './device-state.ts';
import { recomputeLateWindow, type RecomputeOptions } from './recompute.ts';
import { resumableJson } from './resume.ts';
import { deviceRow, sessionLogRow, transitRow, vehicleLogRow, vehicleRow, type SessionPackage } from './rows.ts';
import { loadStates, type HeldState } from './state-loader.ts';

export type { SessionPackage };

export interface PipelineOptions {
  store: IngestStore;
  fleet: FleetRepo;
  bus: Bus;
  transit: TransitConfig;
  filter: FixFilterConfig;
  segmenter: SegmenterConfig;
  /** Late data: rewrite the window it fell into once the device has sent none for `delayMs`. */
  recompute: RecomputeOptions & { delayMs: number };
  flushMs: number;
  batchMax: number;
  /** Batches that may commit at the same time (1 on PGlite, which has one connection). */
  concurrentCommits: number;
  now: () => number;
  onError: (err: unknown, context: string) => void;
}

interface Waiter {
  dvid: string;
  resolve: () => void;
  reject: (e: unknown) => void;
}

type FleetUpdate = BusTopics['fleet.update'];

interface Batch {
  logs: DeviceLogRow[];
  vehicleLogs: VehicleLogRow[];
  transits: TransitRow[];
  trips: TripRow[];
  /** Devices whose device row (and vehicle row) is due. */
  touched: Map<string, HeldState>;
  /** Devices whose state this batch's messages moved on: their pipeline-state row may be due. */
  applied: Map<string, HeldState>;
  waiters: Waiter[];
  /** The device each vehicle row belongs to, to split a failed batch by device. */
  deviceOfVehicle: Map<string, string>;
  /** Rows of the state as it stood when the batch was sealed, consistent with the rows above. */
  devices: DeviceStateRow[];
  vehicles: VehicleStateRow[];
  states: PipelineStateRow[];
  /** What the live channel is told once the batch is committed: the state its rows lead to. */
  updates: FleetUpdate[];
}

function newBatch(): Batch {
  return {
    logs: [],
    vehicleLogs: [],
    transits: [],
    trips: [],
    touched: new Map(),
    applied: new Map(),
    waiters: [],
    deviceOfVehicle: new Map(),
    devices: [],
    vehicles: [],
    states: [],
    updates: [],
  };
}

/**
 * Fixes the batch's device, vehicle and pipeline-state rows at the moment it is sealed: the
 * state then is the one its rows lead to, even if later messages move it on before it commits.
 */
function seal(b: Batch): void {
  for (const s of b.touched.values()) {
    b.devices.push(deviceRow(s));
    // Not the state at commit time: later messages may have moved it on by then, and a fix is
    // shown live only once it is stored.
    b.updates.push({ device: { ...s.device }, vehicle: s.vehicle && { ...s.vehicle } });
    if (!s.vehicle || !s.transit) continue;
    b.vehicles.push(vehicleRow(s.vehicle.vid, s.transit, s.vehicle.mileage));
    b.deviceOfVehicle.set(s.vehicle.vid, s.device.dvid);
  }
  for (const s of b.applied.values()) {
    const json = resumableJson(s);
    if (json === s.saved.json && s.lateSinceMs === s.saved.lateSinceMs) continue;
    s.saved = { seq: s.saved.seq + 1, json, lateSinceMs: s.lateSinceMs };
    b.states.push({ dvid: s.device.dvid, seq: s.saved.seq, state: json, lateSince: s.lateSinceMs });
  }
}

/** One batch per device, so a device whose rows the store refuses cannot fail the others. */
function splitByDevice(b: Batch): Batch[] {
  const parts = new Map<string, Batch>();
  const part = (dvid: string): Batch => {
    let p = parts.get(dvid);
    if (!p) parts.set(dvid, (p = newBatch()));
    return p;
  };
  const ofVehicle = (vid: string) => part(b.deviceOfVehicle.get(vid) ?? `vid:${vid}`);
  for (const l of b.logs) part(l.dvid).logs.push(l);
  for (const v of b.vehicleLogs) ofVehicle(v.vid).vehicleLogs.push(v);
  for (const t of b.transits) ofVehicle(t.vid).transits.push(t);
  for (const t of b.trips) ofVehicle(t.vid).trips.push(t);
  for (const v of b.vehicles) ofVehicle(v.vid).vehicles.push(v);
  for (const d of b.devices) part(d.dvid).devices.push(d);
  for (const st of b.states) part(st.dvid).states.push(st);
  for (const u of b.updates) part(u.device.dvid).updates.push(u);
  for (const [dvid, s] of b.touched) part(dvid).touched.set(dvid, s);
  for (const [dvid, s] of b.applied) part(dvid).applied.set(dvid, s);
  for (const w of b.waiters) part(w.dvid).waiters.push(w);
  return [...parts.values()];
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

  async function loadState(dvid: string): Promise<HeldState> {
    if (dropped.delete(dvid)) {
      // Batches sealed before the failure may still hold this device's rows: read after them.
      await flush().catch(() => undefined);
      await Promise.allSettled([...inFlight]);
    }
    const state = await readState(dvid);
    if (!state) throw new Error(`device ${dvid} is not registered`);
    states.set(dvid, state);
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
      const row = vehicleLogRow(state, step, receivedAtMs);
      if (row) batch.vehicleLogs.push(row);
      if (step.late !== null) {
        // Stored with the late row, so a restart still runs the recompute.
        state.lateSinceMs = Math.min(state.lateSinceMs ?? step.late, step.late);
        scheduleRecompute(state.device.dvid);
      }
    }
    const dvid = state.device.dvid;
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
        recomputes = recomputes.then(async () => {
          if (stopping) return;
          await inChain(dvid, () => recompute(dvid)).catch((err: unknown) => opts.onError(err, `recompute ${dvid}`));
        });
      }, opts.recompute.delayMs),
    );
  }

  async function recompute(dvid: string): Promise<void> {
    // The late rows must be in the store before they are replayed: the open batch is sealed
    // early only if it holds some of this device's (in a storm of recomputes, most do not).
    if (batch.applied.has(dvid) || batch.touched.has(dvid)) await flush();
    await Promise.all(inFlight);
    const state = await stateOf(dvid);
    const since = state.lateSinceMs;
    if (since === null) return;
    await recomputeLateWindow(
      state,
      since,
      { transit: opts.transit, filter: opts.filter, segmenter: opts.segmenter },
      opts.recompute,
    );
    // Nothing of this device was applied meanwhile (the recompute runs in its chain): the mark
    // is cleared in the commit of the replayed state.
    state.lateSinceMs = null;
    batch.touched.set(dvid, state);
    batch.applied.set(dvid, state);
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
    await opts.store.write({
      logs: b.logs,
      vehicleLogs: b.vehicleLogs,
      transits: b.transits,
      trips: b.trips,
      devices: b.devices,
      vehicles: b.vehicles,
      states: b.states,
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
    opts.onError(err, `pipeline commit (${[...new Set(b.waiters.map((w) => w.dvid))].join(', ')})`);
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
  }

  return {
    /** Resolves once the message is committed; rejects if it could not be stored. */
    submit(dvid: string, msg: NormalizedMessage, receivedAtMs: number = opts.now()): Promise<void> {
      const ready = states.get(dvid);
      if (ready && !chains.has(dvid)) return enqueue(ready, msg, receivedAtMs);
      // The chain holds the device's next message only until this one is in the batch, not
      // until it is committed: a busy device's burst shares batches like everyone else's.
      let committed: Promise<void> = Promise.resolve();
      const queued = inChain(dvid, async () => {
        committed = enqueue(await stateOf(dvid), msg, receivedAtMs);
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

    /** Marks loaded vehicles DISCONNECTED after silence; returns how many changed. */
    async sweepDisconnected(): Promise<number> {
      const nowMs = opts.now();
      const changed: HeldState[] = [];
      for (const s of states.values()) {
        if (!s.vehicle || !s.transit) continue;
        const next = disconnectIfSilent(s.transit, s.lastSeenAtMs, nowMs, opts.transit);
        if (next === s.transit) continue;
        s.transit = next;
        s.device.isAlive = false;
        s.vehicle.transitStatus = next.status;
        s.vehicle.transitFrom = next.transitFrom;
        changed.push(s);
      }
      for (const s of changed) batch.touched.set(s.device.dvid, s);
      if (changed.length > 0) {
        await new Promise<void>((resolve, reject) => {
          batch.waiters.push({ dvid: '', resolve, reject });
          void flush();
        });
      }
      // Devices not heard from since start are swept in the store.
      const cutoff = nowMs - opts.transit.disconnectAfterMs;
      const stored = await opts.store.disconnectSilent(cutoff, [...states.keys(), ...loading.keys()]);
      for (const { device, vehicle } of stored) opts.bus.publish('fleet.update', { device, vehicle });
      return changed.length + stored.length;
    },

    /**
     * Schedules the recomputes that a previous run stored as due but did not run (it stopped
     * within the delay); returns how many.
     */
    async resumeRecomputes(): Promise<number> {
      const dvids = await opts.store.pendingRecomputes();
      for (const dvid of dvids) if (!lateTimers.has(dvid)) scheduleRecompute(dvid);
      return dvids.length;
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

    loadedDevices(): number {
      return states.size;
    },
  };
}
export type Pipeline = ReturnType<typeof createPipeline>;
