import { NO_DEVICE, type Device, type Vehicle } from '../entities.ts';
import { addressOf } from '../places/describe-place.ts';

/**
 * What spec 1 §3 lists on the vehicle though its device knows it: where it is, whether its GPS
 * has a fix and since when not, and whether the tracker is alive. A vehicle without a device
 * (or before its device was heard) has no address, an unknown GPS and is not alive.
 */
export interface VehicleFacts {
  address: string | null;
  gpsStatus: boolean | null;
  isAlive: boolean;
  noGPSAt: number | null;
}

export function vehicleFacts(vehicle: Pick<Vehicle, 'dvid'>, device: Device | undefined): VehicleFacts {
  if (!device || vehicle.dvid === NO_DEVICE || device.dvid !== vehicle.dvid)
    return { address: null, gpsStatus: null, isAlive: false, noGPSAt: null };
  return {
    address: device.location ? addressOf(device.location) : null,
    gpsStatus: device.gpsStatus,
    isAlive: device.isAlive,
    noGPSAt: device.noGPSAt ?? null,
  };
}

/** The vehicles with their devices' facts, the devices looked up by dvid once. */
export function withVehicleFacts<V extends Vehicle>(
  vehicles: readonly V[],
  devices: readonly Device[],
): (V & VehicleFacts)[] {
  const byDvid = new Map(devices.map((d) => [d.dvid, d]));
  return vehicles.map((v) => ({ ...v, ...vehicleFacts(v, byDvid.get(v.dvid)) }));
}
