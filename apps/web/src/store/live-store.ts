import type { LiveServerMessage } from '@jejak/contract';
import type { Device, Vehicle } from '@jejak/domain';
import { notifyFeed } from './notify-feed.ts';
import { ticketFeed } from './ticket-feed.ts';
import { extendTrail, trailsAfterReset, type Trail } from './trails.ts';

type Listener = () => void;

/**
 * The one store of live fleet data: the hierarchy load seeds it, the live channel merges
 * device, vehicle and geofence updates into it, and each device's last few positions make its trail
 * (bounded per device, dropped with the device). The channel hands messages over in batches
 * (live-batcher.ts): listeners are told "something changed" once per batch, so a burst of live
 * messages costs one React render and one map update; they may throttle further (the map redraws
 * a few times a second, React views read single records through useSyncExternalStore).
 */
export class LiveStore {
  private vehicleMap = new Map<string, Vehicle>();
  private deviceMap = new Map<string, Device>();
  private trailMap = new Map<string, Trail>();
  private readonly listeners = new Set<Listener>();
  /**
   * Messages and batches taken in, the time spent applying them, and the time the map's vehicle
   * layer spent turning them into source updates (read by bench:map).
   */
  readonly metrics = { messages: 0, batches: 0, applyMs: 0, redrawMs: 0 };

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

  /** Merges one message; listeners are told when it changed anything. */
  apply(message: LiveServerMessage): void {
    this.applyBatch([message]);
  }

  /**
   * Merges messages in order (the last one of each record wins) and tells listeners once,
   * if any of them changed anything.
   */
  applyBatch(messages: readonly LiveServerMessage[]): void {
    const began = performance.now();
    let changed = false;
    for (const message of messages) changed = this.merge(message) || changed;
    this.metrics.messages += messages.length;
    this.metrics.batches += 1;
    this.metrics.applyMs += performance.now() - began;
    if (changed) this.emit();
  }

  /** Merges one message without telling anyone; true when it changed the fleet. */
  private merge(message: LiveServerMessage): boolean {
    switch (message.mode) {
      case 'dev': {
        const prior = this.deviceMap.get(message.item.dvid);
        // An update that does not know the tanks (the server's sweep of silent devices) keeps the
        // levels the fleet load or an earlier update gave.
        const device =
          message.item.fuelLevels === undefined && prior?.fuelLevels
            ? { ...message.item, fuelLevels: prior.fuelLevels }
            : message.item;
        this.deviceMap.set(device.dvid, device);
        const trail = extendTrail(this.trailMap.get(device.dvid), device);
        if (trail) this.trailMap.set(device.dvid, trail);
        return true;
      }
      case 'vhc':
        // It carries the vehicle's geofence profile as the commit left it.
        this.vehicleMap.set(message.item.vid, message.item);
        return true;
      case 'geofence': {
        const { vid, geoid, inside } = message.item;
        const vehicle = this.vehicleMap.get(vid);
        if (!vehicle) return false;
        this.vehicleMap.set(vid, { ...vehicle, geofenceProfile: { ...vehicle.geofenceProfile, [geoid]: inside } });
        return true;
      }
      case 'notify':
        // Events are not fleet state: they go to whoever listens (pop-ups, tickets).
        notifyFeed.publish(message.item);
        return false;
      case 'ticket':
        ticketFeed.publish(message.item);
        return false;
      case 'subscribed':
        return false;
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
