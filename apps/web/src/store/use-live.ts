import type { Device, Vehicle } from '@jejak/domain';
import { useSyncExternalStore } from 'react';
import { liveStore } from './live-store.ts';

/** One vehicle from the live store; re-renders only when that record is replaced. */
export function useLiveVehicle(vid: string): Vehicle | undefined {
  return useSyncExternalStore(liveStore.subscribe, () => liveStore.vehicle(vid));
}

/** One device from the live store; re-renders only when that record is replaced. */
export function useLiveDevice(dvid: string | undefined): Device | undefined {
  return useSyncExternalStore(liveStore.subscribe, () => (dvid === undefined ? undefined : liveStore.device(dvid)));
}
