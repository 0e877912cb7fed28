import type { HeldState } from '../types.ts';

export interface DeviceStatesOptions {
  /** The device's state as the store holds it; undefined for an unregistered device. */
  read: (dvid: string) => Promise<HeldState | undefined>;
  /** Resolves once the batches sealed so far have committed or failed. */
  settle: () => Promise<void>;
  /** A state was loaded. */
  loaded: (dvid: string, state: HeldState) => void;
}

/**
 * The states of the devices this node holds (DESIGN §1: in memory, restorable from the store),
 * loaded on a device's first message, and each device's chain: its messages are applied strictly
 * in order, one at a time, even while its state is being loaded.
 */
export function createDeviceStates(opts: DeviceStatesOptions) {
  const states = new Map<string, HeldState>();
  const loading = new Map<string, Promise<HeldState>>();
  /** Devices forgotten after a failed commit: reloaded only once the batches before are done. */
  const dropped = new Set<string>();
  /** Devices whose vehicle changed while their state was being read. */
  const staleLoads = new Set<string>();
  /** Per-device chain so messages that wait for a state load keep their order. */
  const chains = new Map<string, Promise<unknown>>();

  async function load(dvid: string): Promise<HeldState> {
    // Batches sealed before the failure may still hold this device's rows: read after them.
    if (dropped.delete(dvid)) await opts.settle();
    let state = await opts.read(dvid);
    while (staleLoads.delete(dvid)) state = await opts.read(dvid);
    if (!state) throw new Error(`device ${dvid} is not registered`);
    states.set(dvid, state);
    opts.loaded(dvid, state);
    return state;
  }

  return {
    /** The device's state, if held and no earlier message of the device still waits in its chain. */
    ready(dvid: string): HeldState | undefined {
      return chains.has(dvid) ? undefined : states.get(dvid);
    },

    held(dvid: string): HeldState | undefined {
      return states.get(dvid);
    },

    /** The device's state, loaded from the store unless held (one load at a time per device). */
    stateOf(dvid: string): HeldState | Promise<HeldState> {
      const s = states.get(dvid);
      if (s) return s;
      let p = loading.get(dvid);
      if (!p) {
        p = load(dvid).finally(() => loading.delete(dvid));
        loading.set(dvid, p);
      }
      return p;
    },

    /** Runs `job` after everything already queued for the device, keeping its order. */
    inChain(dvid: string, job: () => Promise<void>): Promise<void> {
      const prev = chains.get(dvid) ?? Promise.resolve();
      const next = prev.catch(() => undefined).then(job);
      const tail = next
        .catch(() => undefined)
        .then(() => {
          if (chains.get(dvid) === tail) chains.delete(dvid);
        });
      chains.set(dvid, tail);
      return next;
    },

    /**
     * A device's vehicle changed: its state is forgotten the way a failed commit does, so its next
     * message reloads it from the store once the batches holding its earlier rows are committed.
     * A load under way may have read the old vehicle: it reads again before the state is used.
     */
    changed(dvids: Iterable<string>): void {
      for (const dvid of dvids) {
        if (states.delete(dvid)) dropped.add(dvid);
        if (loading.has(dvid)) staleLoads.add(dvid);
      }
    },

    /** The commit of these devices' rows failed: memory is ahead of the store. */
    failed(dvids: Iterable<string>): void {
      for (const dvid of dvids) {
        states.delete(dvid);
        dropped.add(dvid);
      }
    },

    /** Another node holds the device now; its work here has settled. */
    release(dvid: string): void {
      states.delete(dvid);
      dropped.delete(dvid);
    },

    values(): IterableIterator<HeldState> {
      return states.values();
    },

    /** The devices held or being loaded. */
    dvids(): string[] {
      return [...states.keys(), ...loading.keys()];
    },

    get size(): number {
      return states.size;
    },

    /** Resolves once every device's queued work has settled. */
    chainsSettled(): Promise<unknown> {
      return Promise.allSettled([...chains.values()]);
    },
  };
}
export type DeviceStates = ReturnType<typeof createDeviceStates>;
