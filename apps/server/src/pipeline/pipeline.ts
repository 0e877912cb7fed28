import type { FixFilterConfig, GeofenceConfig, SegmenterConfig, TransitConfig } from '@jejak/domain';
import type { NormalizedMessage } from '@jejak/protocols';
import type { Bus } from '../bus/bus.ts';
import { coalesceReads } from '../lib/coalesce.ts';
import { createBatcher } from './commit/batcher.ts';
import { createCommit, type CommitObserver } from './commit/commit.ts';
import { applyLive } from './path.ts';
import type { FleetReads, GeofenceSource, IngestPort, OwnerEpochs, RuleSource } from './ports.ts';
import { recomputeLateWindow, type RecomputeOptions } from './recompute/recompute.ts';
import { createRecomputeScheduler } from './recompute/scheduler.ts';
import { sessionLogRow, type SessionPackage } from './rows.ts';
import { notifyItem } from './stages/batch-rows.ts';
import { cloneEventRow } from './stages/rules.ts';
import { markSilent } from './stages/transit.ts';
import { createDeviceStates } from './state/device-states.ts';
import { createFenceLoader } from './state/fence-loader.ts';
import { createRulesCache } from './state/rules-cache.ts';
import { loadStates } from './state/state-loader.ts';
import type { HeldState, RuleStepOptions } from './types.ts';

export type { SessionPackage };

export interface PipelineOptions {
  store: IngestPort;
  fleet: FleetReads;
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
  /** Several gateway nodes (ADR 0061): the epochs this node holds, carried by each commit. */
  owners?: OwnerEpochs | null;
  /** The metrics of each commit (ops/metrics.ts). */
  observer?: CommitObserver;
}

/**
 * The per-device ordered pipeline (DESIGN §1). Messages of one device are applied strictly
 * in submission order, through the stages of path.ts; their rows are committed in batches, and
 * `submit` resolves only once the message is durably stored — the gateway acknowledges to the
 * device after that. The parts: the device states and their chains (state/), the group commit
 * (commit/), and the recomputes of late data (recompute/).
 */
export function createPipeline(opts: PipelineOptions) {
  const { transit, filter, segmenter } = opts;
  let closed = false;

  const batcher = createBatcher({
    flushMs: opts.flushMs,
    batchMax: opts.batchMax,
    concurrentCommits: opts.concurrentCommits,
    commit: createCommit({
      store: opts.store,
      bus: opts.bus,
      owners: opts.owners,
      ...(opts.observer ? { observer: opts.observer } : {}),
      onError: opts.onError,
      forget: (dvids) => states.failed(dvids),
    }),
  });
  /** Devices asked for together (a thousand trackers connecting at once) are read together. */
  const readState = coalesceReads((dvids: string[]) => loadStates(opts, dvids));
  const states = createDeviceStates({
    read: readState,
    settle: async () => {
      await batcher.flush().catch(() => undefined);
      await batcher.settled();
    },
    // A recompute the store holds as pending runs where the device is now (ADR 0062): after a
    // restart, or on the node it moved to.
    loaded: (dvid, state) => {
      if (state.lateSinceMs !== null) recomputes.resume(dvid);
    },
  });
  const recomputes = createRecomputeScheduler({
    delayMs: opts.recompute.delayMs,
    run: (dvid) => states.inChain(dvid, () => recompute(dvid)),
    refused: (dvids) => opts.owners?.refused(dvids),
    onError: opts.onError,
  });

  const fences = createFenceLoader(opts.geofences, opts.geofence);
  opts.bus.subscribe('geofence.changed', ({ vids }) => fences.invalidate(states.values(), new Set(vids)));
  const rules = createRulesCache(opts.rules?.source ?? null);
  opts.bus.subscribe('rules.changed', ({ rtids }) => rules.invalidate(states.values(), rtids));
  opts.bus.subscribe('vehicle.changed', ({ dvids }) => states.changed(dvids));
  // Back from a cut from the other nodes: a vehicle, geofence or rule change announced meanwhile
  // was lost, so every held state is read again (vehicle, fences and rules with it).
  opts.bus.subscribe('bus.resumed', () => states.changed(states.dvids()));

  /** Both lazily loaded parts of a device's state are there (the submit fast path). */
  const partsLoaded = (s: HeldState) => s.geofences.fences !== null && s.rules.list !== null;
  async function ensureLoaded(s: HeldState): Promise<void> {
    await fences.ensure(s);
    await rules.ensure(s);
  }

  /** A live message through the path into the open batch; resolves once it is committed. */
  function enqueue(state: HeldState, msg: NormalizedMessage, receivedAtMs: number): Promise<void> {
    const ctx = { receivedAtMs, transit, filter, segmenter };
    const step = applyLive(state, msg, ctx, opts.rules, batcher.open);
    if (step.late !== null && state.vehicle) recomputes.late(state, step.late);
    return batcher.added(state.device.dvid);
  }

  /** Replays the device's late window (recompute/recompute.ts), in its chain. */
  async function recompute(dvid: string): Promise<void> {
    // The late rows must be in the store before they are replayed: the open batch is sealed
    // early only if it holds some of this device's (in a storm of recomputes, most do not).
    if (batcher.holds(dvid)) await batcher.flush();
    await batcher.committing();
    const state = await states.stateOf(dvid);
    const since = state.lateSinceMs;
    if (since === null) return;
    // The replay meets the fences live fixes meet (ADR 0029).
    await fences.ensure(state);
    await recomputeLateWindow(state, since, { transit, filter, segmenter }, opts.recompute, opts.owners?.epochOf(dvid));
    // Nothing of this device was applied meanwhile (the recompute runs in its chain): the mark
    // is cleared in the commit of the replayed state.
    state.lateSinceMs = null;
    const b = batcher.open;
    b.touched.set(dvid, state);
    b.applied.set(dvid, state);
    b.profiled.set(dvid, state);
    // Committed with the next batch, like a message: the device's chain waits for it.
    await batcher.committed(dvid);
  }

  /** Marks the vehicles this node holds DISCONNECTED after silence; returns how many changed. */
  async function sweepHeld(): Promise<number> {
    const nowMs = opts.now();
    const changed: HeldState[] = [];
    for (const s of states.values()) if (markSilent(s, nowMs, transit)) changed.push(s);
    for (const s of changed) batcher.open.touched.set(s.device.dvid, s);
    if (changed.length > 0) await batcher.commitNow('');
    return changed.length;
  }

  return {
    /** Resolves once the message is committed; rejects if it could not be stored. */
    submit(dvid: string, msg: NormalizedMessage, receivedAtMs: number = opts.now()): Promise<void> {
      const held = states.ready(dvid);
      if (held && partsLoaded(held)) return enqueue(held, msg, receivedAtMs);
      // The chain holds the device's next message only until this one is in the batch, not
      // until it is committed: a busy device's burst shares batches like everyone else's.
      let committed: Promise<void> = Promise.resolve();
      const queued = states.inChain(dvid, async () => {
        const state = await states.stateOf(dvid);
        await ensureLoaded(state);
        committed = enqueue(state, msg, receivedAtMs);
      });
      return queued.then(() => committed);
    },

    /** Records a connection event (error, close, timeout) in the device log. */
    async logSession(dvid: string, pkg: SessionPackage, nowMs: number, message: string | null): Promise<void> {
      if (closed) return;
      // Synchronous when the state is loaded, so a shutdown's final drain includes it.
      const state = states.held(dvid) ?? (await states.stateOf(dvid));
      if (closed) return;
      if (pkg !== 'event#session#error') state.device.isAlive = false;
      const b = batcher.open;
      b.logs.push(sessionLogRow(dvid, pkg, nowMs, message));
      b.touched.set(dvid, state);
      await batcher.committed(dvid);
    },

    /**
     * Raises the CRITICAL clone event for the device's vehicle (ADR 0082); stored and announced as
     * every event is ('event.stored': the consoles that watch the vehicle show it at once).
     */
    async raiseClone(dvid: string, nowMs: number): Promise<void> {
      if (closed) return;
      const state = states.held(dvid) ?? (await states.stateOf(dvid));
      const vehicle = state.vehicle;
      if (closed || !vehicle) return;
      const row = cloneEventRow(state, nowMs);
      batcher.open.events.push({ row, item: notifyItem(row, vehicle) });
      await batcher.committed(dvid);
    },

    sweepHeld,

    /**
     * One node (`jejak start`): marks DISCONNECTED after silence the loaded vehicles, and in the
     * store those not heard from since start; returns how many changed. Scaled out, each node
     * sweeps what it holds and the scheduler the rest (ADR 0062).
     */
    async sweepDisconnected(): Promise<number> {
      const held = await sweepHeld();
      const cutoff = opts.now() - transit.disconnectAfterMs;
      const stored = await opts.store.disconnectSilent(cutoff, states.dvids());
      for (const { device, vehicle } of stored) opts.bus.publish('fleet.update', { device, vehicle });
      return held + stored.length;
    },

    /**
     * Schedules the recomputes that a previous run stored as due but did not run (it stopped
     * within the delay); returns how many. One node only: scaled out, the scheduler hands them out.
     */
    async resumeRecomputes(): Promise<number> {
      const dvids = await opts.store.pendingRecomputes();
      for (const dvid of dvids) recomputes.resume(dvid);
      return dvids.length;
    },

    /**
     * Loads the device's state here (another node held it, and died), which schedules the
     * recompute it has pending; resolves once loaded.
     */
    async adopt(dvid: string): Promise<void> {
      const state = await states.stateOf(dvid);
      if (state.lateSinceMs !== null) recomputes.resume(dvid);
    },

    /** Commits everything submitted so far. */
    async drain(): Promise<void> {
      await recomputes.idle();
      await states.chainsSettled();
      await batcher.flush();
    },

    /**
     * Shutdown: commits what was submitted; session events after this are dropped. Recomputes
     * not started yet stay pending in the store for the next start.
     */
    async close(): Promise<void> {
      recomputes.stop();
      await this.drain();
      closed = true;
      await batcher.flush();
    },

    /**
     * Another node owns the device now (ADR 0061): once the work queued for it has settled (its
     * commits refused by then), its state is forgotten, so a later return reads it from the store.
     */
    release(dvid: string): Promise<void> {
      recomputes.cancel(dvid);
      return states.inChain(dvid, async () => {
        if (batcher.holds(dvid)) await batcher.flush();
        await batcher.settled();
        states.release(dvid);
      });
    },

    loadedDevices(): number {
      return states.size;
    },

    /** What waits to be stored: device-log rows in the open batch, batches committing (metrics). */
    queue(): { openRows: number; committing: number } {
      return { openRows: batcher.open.logs.length, committing: batcher.inFlight() };
    },
  };
}
export type Pipeline = ReturnType<typeof createPipeline>;
