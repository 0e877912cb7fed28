import type { UserDeviceRow } from '@jejak/contract';

/** The device the screen was opened with ({dvid, uid} in the navigation state, spec 3 §2). */
export function stateDvid(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('dvid' in state)) return undefined;
  return typeof state.dvid === 'string' && state.dvid !== '' ? state.dvid : undefined;
}

/** The picker's devices, by id, each with its vehicle's plate; the opened one always among them. */
export function deviceOptions(
  devices: readonly Pick<UserDeviceRow, 'dvid' | 'vehiclePlate'>[],
  opened: string | undefined,
): { value: string; label: string }[] {
  const options = [...devices]
    .sort((a, b) => a.dvid.localeCompare(b.dvid))
    .map((d) => ({ value: d.dvid, label: d.vehiclePlate ? `${d.dvid} (${d.vehiclePlate})` : d.dvid }));
  if (opened && !options.some((o) => o.value === opened)) options.unshift({ value: opened, label: opened });
  return options;
}
