import {
  disconnectIfSilent,
  emptyTripTracker,
  emptyVehicleFuel,
  type AcceptedFix,
  type FixFilterConfig,
  type SegmenterConfig,
  type TransitConfig,
  type TransitState,
} from '@jejak/domain';
import type { NormalizedMessage } from '@jejak/protocols';
import type { Bus } from '../bus/bus.ts';
import type { FleetRepo } from '../storage/fleet-repo.ts';
import type { DeviceLogRow, IngestStore, TransitRow, TripRow, VehicleLogRow } from '../storage/ingest-store.ts';
import { applyMessage, type DeviceState } from './device-state.ts';
import { recomputeLateWindow, type RecomputeOptions } from './recompute.ts';
import {
  deviceRow,
  resumeSegmenter,
  sessionLogRow,
  transitRow,
  vehicleLogRow,
  vehicleRow,
  type SessionPackage,
} from './rows.ts';

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

interface Batch {
  logs: DeviceLogRow[];
  vehicleLogs: VehicleLogRow[];
  transits: TransitRow[];
  trips: TripRow[];
  touched: Map<string, DeviceState>;
  waiters: Waiter[];
  /** The device each vehicle row belongs to, to split a failed batch by device. */
  deviceOfVehicle: Map<string, string>;
}

function newBatch(): Batch {
  return {
    logs: [],
    vehicleLogs: [],
    transits: [],
    trips: [],
    touched: new Map(),
    waiters: [],
    deviceOfVehicle: new Map(),
  };
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
  for (const [dvid, s] of b.touched) part(dvid).touched.set(dvid, s);
  for (const w of b.waiters) part(w.dvid).waiters.push(w);
  return [...parts.values()];
}

/**
 * The per-device ordered pipeline (DESIGN §1). Messages of one device are applied strictly
 * in submission order; their rows are committed in batches, and `submit` resolves only once
 * the message is durably stored — the gateway acknowledges to the device after that.
 */
export function createPipeline(opts: PipelineOptions) {
  const states = new Map<string, DeviceState>();
  const loading = new Map<string, Promise<DeviceState>>();
  /** Per-device chain so messages that wait for a state load keep their order. */
  const chains = new Map<string, Promise<unknown>>();
  let batch: Batch = newBatch();
  let timer: NodeJS.Timeout | null = null;
  let sealWhenFree = false;
  const inFlight: Promise<void>[] = [];
  let closed = false;

  async function loadState(dvid: string): Promise<DeviceState> {
    const [device, vehicle] = await Promise.all([opts.fleet.deviceByDvid(dvid), opts.fleet.vehicleByDvid(dvid)]);
    if (!device) throw new Error(`device ${dvid} is not registered`);
    const trips = vehicle ? await opts.store.tripTracker(vehicle.vid) : emptyTripTracker();
    let transit: TransitState | null = null;
    if (vehicle?.transitStatus && vehicle.transitFrom !== null && vehicle.updatedAt !== null) {
      transit = {
        status: vehicle.transitStatus,
        transitFrom: vehicle.transitFrom,
        updatedAt: vehicle.updatedAt,
        stoppedSince: vehicle.stoppedSince,
      };
    }
    const d = device.device;
    // The filter and odometer go on from the last accepted fix the store holds.
    const lastFix: AcceptedFix | null =
      d.location && d.deviceTime !== null
        ? { deviceTimeMs: d.deviceTime, lat: d.location.lat, lon: d.location.lon }
        : null;
    const state: DeviceState = {
      device: d,
      vehicle,
      transit,
      filter: { last: lastFix, jumps: [] },
      odometer: { mileageKm: vehicle?.mileage ?? 0, last: lastFix },
      segmenter: resumeSegmenter(transit, lastFix, vehicle?.mileage ?? 0),
      trips,
      fuel: emptyVehicleFuel(),
      lastSeenAtMs: device.lastSeenAtMs ?? 0,
    };
    states.set(dvid, state);
    return state;
  }

  function stateOf(dvid: string): DeviceState | Promise<DeviceState> {
    const s = states.get(dvid);
    if (s) return s;
    let p = loading.get(dvid);
    if (!p) {
      p = loadState(dvid).finally(() => loading.delete(dvid));
      loading.set(dvid, p);
    }
    return p;
  }

  function enqueue(state: DeviceState, msg: NormalizedMessage, receivedAtMs: number): Promise<void> {
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
      if (step.late !== null) scheduleRecompute(state.device.dvid, step.late);
    }
    if (step.latestChanged) batch.touched.set(state.device.dvid, state);
    const dvid = state.device.dvid;
    const done = new Promise<void>((resolve, reject) => batch.waiters.push({ dvid, resolve, reject }));
    if (batch.logs.length >= opts.batchMax) void flush();
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

  const lateSince = new Map<string, number>();
  const lateTimers = new Map<string, NodeJS.Timeout>();

  /** Late fixes come in bursts (a memory upload): recompute once the burst is over. */
  function scheduleRecompute(dvid: string, lateMs: number): void {
    lateSince.set(dvid, Math.min(lateSince.get(dvid) ?? lateMs, lateMs));
    clearTimeout(lateTimers.get(dvid));
    lateTimers.set(
      dvid,
      setTimeout(() => {
        lateTimers.delete(dvid);
        const since = lateSince.get(dvid);
        lateSince.delete(dvid);
        if (since === undefined || closed) return;
        inChain(dvid, () => recompute(dvid, since)).catch((err: unknown) => opts.onError(err, `recompute ${dvid}`));
      }, opts.recompute.delayMs),
    );
  }

  async function recompute(dvid: string, since: number): Promise<void> {
    // The late rows must be in the store before they are replayed.
    await flush();
    await Promise.all(inFlight);
    const state = await stateOf(dvid);
    await recomputeLateWindow(
      state,
      since,
      { transit: opts.transit, filter: opts.filter, segmenter: opts.segmenter },
      opts.recompute,
    );
    batch.touched.set(dvid, state);
    await new Promise<void>((resolve, reject) => {
      batch.waiters.push({ dvid, resolve, reject });
      void flush();
    });
  }

  /**
   * Group commit: the timer seals the batch only when a commit slot is free. While every slot
   * is busy the batch keeps growing and is sealed as soon as one frees, so a busy store gets
   * fewer, larger batches and an idle one no wait.
   */
  function onFlushTimer(): void {
    timer = null;
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

  function write(b: Batch): Promise<void> {
    const touched = [...b.touched.values()];
    return opts.store.write({
      logs: b.logs,
      vehicleLogs: b.vehicleLogs,
      transits: b.transits,
      trips: b.trips,
      devices: touched.map(deviceRow),
      vehicles: touched.flatMap((s) =>
        s.vehicle && s.transit ? [vehicleRow(s.vehicle.vid, s.transit, s.vehicle.mileage)] : [],
      ),
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
    for (const dvid of b.touched.keys()) states.delete(dvid);
    for (const w of b.waiters) w.reject(err);
  }

  function succeeded(b: Batch): void {
    for (const w of b.waiters) w.resolve();
    for (const s of b.touched.values())
      opts.bus.publish('fleet.update', { device: { ...s.device }, vehicle: s.vehicle && { ...s.vehicle } });
  }

  return {
    /** Resolves once the message is committed; rejects if it could not be stored. */
    submit(dvid: string, msg: NormalizedMessage, receivedAtMs: number = opts.now()): Promise<void> {
      const ready = states.get(dvid);
      if (ready && !chains.has(dvid)) return enqueue(ready, msg, receivedAtMs);
      return inChain(dvid, async () => enqueue(await stateOf(dvid), msg, receivedAtMs));
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
      const changed: DeviceState[] = [];
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

    /** Commits everything submitted so far. */
    async drain(): Promise<void> {
      await Promise.allSettled([...chains.values()]);
      await flush();
    },

    /** Shutdown: commits what was submitted; session events after this are dropped. */
    async close(): Promise<void> {
      await this.drain();
      closed = true;
      for (const t of lateTimers.values()) clearTimeout(t);
      await flush();
    },

    loadedDevices(): number {
      return states.size;
    },
  };
}
export type Pipeline = ReturnType<typeof createPipeline>;
