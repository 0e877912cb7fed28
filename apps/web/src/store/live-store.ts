import type { LiveServerMessage } from '@jejak/contract';
import type { Device, Vehicle } from '@jejak/domain';
import { notifyFeed } from './notify-feed.ts';
import { extendTrail, trailsAfterReset, type Trail } from './trails.ts';

type Listener = () => void;

/**
 * The one store of live fleet data: the hierarchy load seeds it, the live channel merges
 * device, vehicle and geofence updates into it, and each device's last few positions make its trail
 * (bounded per device, dropped with the device). Listeners are told "something changed" on
 * every change and must do their own throttling (the map redraws a few times a second, React
 * views read single records through useSyncExternalStore).
 */
export class LiveStore {
  private vehicleMap = new Map<string, Vehicle>();
  private deviceMap = new Map<string, Device>();
  private trailMap = new Map<string, Trail>();
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

  /** The device's recent positions, oldest first; undefined before its first position. */
  trail(dvid: string): Trail | undefined {
    return this.trailMap.get(dvid);
  }

  vehicles(): IterableIterator<Vehicle> {
    return this.vehicleMap.values();
  }

  /**
   * Replaces everything with a fresh hierarchy load (also after a reconnect); trails of the
   * devices still listed are kept, so a reconnect does not wipe them.
   */
  reset(vehicles: readonly Vehicle[], devices: readonly Device[]): void {
    this.vehicleMap = new Map(vehicles.map((v) => [v.vid, v]));
    this.deviceMap = new Map(devices.map((d) => [d.dvid, d]));
    this.trailMap = trailsAfterReset(this.trailMap, devices);
    this.emit();
  }

  apply(message: LiveServerMessage): void {
    switch (message.mode) {
      case 'dev': {
        const device = message.item;
        this.deviceMap.set(device.dvid, device);
        const trail = extendTrail(this.trailMap.get(device.dvid), device);
        if (trail) this.trailMap.set(device.dvid, trail);
        this.emit();
        return;
      }
      case 'vhc':
        // It carries the vehicle's geofence profile as the commit left it.
        this.vehicleMap.set(message.item.vid, message.item);
        this.emit();
        return;
      case 'geofence': {
        const { vid, geoid, inside } = message.item;
        const vehicle = this.vehicleMap.get(vid);
        if (!vehicle) return;
        this.vehicleMap.set(vid, { ...vehicle, geofenceProfile: { ...vehicle.geofenceProfile, [geoid]: inside } });
        this.emit();
        return;
      }
      case 'notify':
        // Events are not fleet state: they go to whoever listens (pop-ups, tickets).
        notifyFeed.publish(message.item);
        return;
      case 'subscribed':
        return;
    }
  }

  /** Sign-out: forget every vehicle, device and trail. */
  clear(): void {
    this.reset([], []);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

export const liveStore = new LiveStore();
