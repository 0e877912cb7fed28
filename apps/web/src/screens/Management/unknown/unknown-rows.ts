import type { UnknownDevice } from '@jejak/contract';

/** The unregistered trackers, the most recently seen first. */
export function unknownRows(devices: readonly UnknownDevice[]): UnknownDevice[] {
  return [...devices].sort((a, b) => b.lastSeen - a.lastSeen || a.imei.localeCompare(b.imei));
}

/** What Register opens Add Device with: the IMEI and the first model that speaks its protocol. */
export function registerState(device: UnknownDevice): { register: { imei: string; model: string | null } } {
  return { register: { imei: device.imei, model: device.models[0] ?? null } };
}
