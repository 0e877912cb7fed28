import { defaultFuelProfile, type Device, type Vehicle, type VehicleFacts } from '@jejak/domain';
import { describe, expect, it, vi } from 'vitest';
import { LiveStore } from './live-store.ts';
import { notifyFeed, type NotifyItem } from './notify-feed.ts';

const vehicle = (vid: string, transitStatus: Vehicle['transitStatus']): Vehicle & VehicleFacts => ({
  vid,
  dvid: `GPS100#${vid}`,
  uid: 'u1',
  vehiclePlate: vid,
  vehicleDisplayName: vid,
  vehicleType: 'Van',
  vehicleModel: '',
  transitStatus,
  transitFrom: 1,
  updatedAt: 1,
  mileage: 0,
  createdAt: 0,
  fuelProfile: defaultFuelProfile(),
  address: null,
  gpsStatus: true,
  isAlive: true,
  noGPSAt: null,
});

const device = (dvid: string, lat: number): Device => ({
  dvid,
  uid: 'u1',
  model: 'GPS100',
  imei: dvid,
  simCard: '',
  location: { lat, lon: 101 },
  heading: 0,
  speed: 0,
  deviceTime: 1,
  createdAt: 0,
  isAlive: true,
  gpsStatus: true,
  engineStatus: null,
});

describe('LiveStore', () => {
  it('seeds from the hierarchy, merges updates and tells listeners', () => {
    const store = new LiveStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.reset([vehicle('v1', 'PARKING')], [device('GPS100#v1', 3)]);
    expect(listener).toHaveBeenCalledTimes(1);

    const before = store.vehicle('v1');
    store.apply({ mode: 'vhc', id: 'v1', item: vehicle('v1', 'MOVING') });
    store.apply({ mode: 'dev', id: 'dev#GPS100#v1', item: device('GPS100#v1', 4) });
    expect(store.vehicle('v1')?.transitStatus).toBe('MOVING');
    expect(store.vehicle('v1')).not.toBe(before);
    expect(store.device('GPS100#v1')?.location).toEqual({ lat: 4, lon: 101 });
    expect(listener).toHaveBeenCalledTimes(3);

    store.apply({ mode: 'subscribed', id: 'sub', item: { ids: [], rejected: 0 } });
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('keeps the tank levels it knows when an update does not carry them', () => {
    const store = new LiveStore();
    store.reset([], [{ ...device('GPS100#v1', 3), fuelLevels: { fuel: 80 } }]);
    store.apply({ mode: 'dev', id: 'dev#GPS100#v1', item: { ...device('GPS100#v1', 3), isAlive: false } });
    expect(store.device('GPS100#v1')).toMatchObject({ isAlive: false, fuelLevels: { fuel: 80 } });
    store.apply({ mode: 'dev', id: 'dev#GPS100#v1', item: { ...device('GPS100#v1', 3), fuelLevels: { fuel: 75.5 } } });
    expect(store.device('GPS100#v1')?.fuelLevels).toEqual({ fuel: 75.5 });
  });

  it('applies a batch with one notification, the last message of each record winning', () => {
    const store = new LiveStore();
    store.reset([vehicle('v1', 'PARKING'), vehicle('v2', 'PARKING')], []);
    const listener = vi.fn();
    store.subscribe(listener);
    const burst = Array.from({ length: 1000 }, (_, n) => ({
      mode: 'dev' as const,
      id: `dev#GPS100#v${(n % 2) + 1}`,
      item: device(`GPS100#v${(n % 2) + 1}`, n),
    }));
    store.applyBatch([...burst, { mode: 'vhc', id: 'v2', item: vehicle('v2', 'MOVING') }]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.device('GPS100#v1')?.location?.lat).toBe(998);
    expect(store.device('GPS100#v2')?.location?.lat).toBe(999);
    expect(store.vehicle('v2')?.transitStatus).toBe('MOVING');
    expect(store.metrics.messages).toBe(1001);

    store.applyBatch([{ mode: 'subscribed', id: 'sub', item: { ids: [], rejected: 0 } }]);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps unchanged records identical (stable snapshots) and clears on sign-out', () => {
    const store = new LiveStore();
    store.reset([vehicle('v1', 'IDLING'), vehicle('v2', 'IDLING')], []);
    const v2 = store.vehicle('v2');
    store.apply({ mode: 'vhc', id: 'v1', item: vehicle('v1', 'MOVING') });
    expect(store.vehicle('v2')).toBe(v2);

    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.clear();
    expect([...store.vehicles()]).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.reset([vehicle('v3', null)], []);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps each device trail from its live reports, across a reconnect, until sign-out', () => {
    const store = new LiveStore();
    store.reset([vehicle('v1', 'MOVING')], [device('GPS100#v1', 3)]);
    for (let i = 1; i <= 30; i++) {
      store.apply({
        mode: 'dev',
        id: 'dev#GPS100#v1',
        item: { ...device('GPS100#v1', 3 + i / 1000), deviceTime: 1 + i * 1000 },
      });
    }
    const trail = store.trail('GPS100#v1');
    expect(trail?.positions).toHaveLength(20);
    expect(trail?.positions.at(-1)).toEqual([101, 3.03]);

    // A reconnect reloads the hierarchy: the trail stays (the device is still listed).
    store.reset([vehicle('v1', 'MOVING')], [{ ...device('GPS100#v1', 3.03), deviceTime: 30_001 }]);
    expect(store.trail('GPS100#v1')?.positions).toEqual(trail?.positions);

    store.clear();
    expect(store.trail('GPS100#v1')).toBeUndefined();
  });

  it('passes notify messages on to the notify feed without touching fleet state', () => {
    const store = new LiveStore();
    store.reset([vehicle('v1', 'MOVING')], [device('GPS100#v1', 3)]);
    const listener = vi.fn();
    const storeListener = vi.fn();
    const stop = notifyFeed.subscribe(listener);
    store.subscribe(storeListener);
    const item: NotifyItem = {
      evid: 'e1',
      vid: 'v1',
      dvid: 'GPS100#v1',
      eventName: 'SOS',
      eventType: 'CRITICAL',
      location: { lat: 3, lon: 101 },
      createdAt: 2,
      eventCreatedAt: 1,
      address: null,
      speed: 0,
      eventResult: 1,
      ruid: 'builtin.sos',
      rtid: 'rt1',
      geoid: null,
      alarm: 'sos',
      vehicleDisplayName: 'Lorry 1',
      vehiclePlate: 'WXX 1',
    };
    store.apply({ mode: 'notify', id: 'notify#v1', item });
    stop();
    store.apply({ mode: 'notify', id: 'notify#v1', item });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(item);
    expect(storeListener).not.toHaveBeenCalled();
    expect(store.vehicle('v1')?.transitStatus).toBe('MOVING');
  });
});
