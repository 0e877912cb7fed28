import type { LiveServerMessage } from '@jejak/contract';
import type { Device, Vehicle } from '@jejak/domain';

type Listener = () => void;

/**
 * The one store of live fleet data: the hierarchy load seeds it, the live channel merges
 * device and vehicle updates into it. Listeners are told "something changed" on every
 * change and must do their own throttling (the map redraws a few times a second, React
 * views read single records through useSyncExternalStore).
 */
export class LiveStore {
  private vehicleMap = new Map<string, Vehicle>();
  private deviceMap = new Map<string, Device>();
  private readonly listeners = new Set<Listener>();

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  vehicle(vid: string): Vehicle | undefined {
    return this.vehicleMap.get(vid);
  }

  device(dvid: string): Device | undefined {
    return this.deviceMap.get(dvid);
  }

  vehicles(): IterableIterator<Vehicle> {
    return this.vehicleMap.values();
  }

  /** Replaces everything with a fresh hierarchy load. */
  reset(vehicles: readonly Vehicle[], devices: readonly Device[]): void {
    this.vehicleMap = new Map(vehicles.map((v) => [v.vid, v]));
    this.deviceMap = new Map(devices.map((d) => [d.dvid, d]));
    this.emit();
  }

  apply(message: LiveServerMessage): void {
    switch (message.mode) {
      case 'dev':
        this.deviceMap.set(message.item.dvid, message.item);
        this.emit();
        return;
      case 'vhc':
        this.vehicleMap.set(message.item.vid, message.item);
        this.emit();
        return;
      case 'subscribed':
        return;
    }
  }

  /** Sign-out: forget every vehicle and device. */
  clear(): void {
    this.reset([], []);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

export const liveStore = new LiveStore();
