/**
 * What the vehicle and device forms are opened with. Management passes {uid} (and {vehicle} to
 * edit, spec 2 §2); User Management passes {targetUser} to add, {vehicle, uid} to edit a vehicle
 * and {device, targetUser} to edit a device (spec 1 §2); the unregistered trackers' Register passes
 * {register: {imei, model}}. Anything else reads as absent.
 */
export interface FleetFormState {
  /** The user the form works for: targetUser.uid, else uid. */
  uid: string | null;
  /** The uid of the vehicle in state, and its owner's when the state says. */
  vehicle: { vid: string; uid: string | null } | null;
  device: { dvid: string } | null;
  /** A tracker to register (Register on the unregistered trackers' list): Add Device opens filled in. */
  register: { imei: string; model: string | null } | null;
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
const nonEmpty = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

export function readFleetState(state: unknown): FleetFormState {
  const s = record(state);
  const target = record(s?.targetUser);
  const vehicle = record(s?.vehicle);
  const device = record(s?.device);
  const vid = nonEmpty(vehicle?.vid);
  const dvid = nonEmpty(device?.dvid);
  const register = record(s?.register);
  const imei = nonEmpty(register?.imei);
  return {
    uid: nonEmpty(target?.uid) ?? nonEmpty(s?.uid),
    vehicle: vid ? { vid, uid: nonEmpty(vehicle?.uid) } : null,
    device: dvid ? { dvid } : null,
    register: imei ? { imei, model: nonEmpty(register?.model) } : null,
  };
}
