import type { ManagedDevice } from '@jejak/contract';
import type { Device } from '@jejak/domain';

/** The device store's view: the last live record of a device, if any arrived. */
export type LiveDeviceLookup = (dvid: string) => Device | undefined;

/**
 * The row with the live record's readings, when the live record is newer than the row's. Rows
 * not changed keep their identity, so a batch with no news re-renders nothing.
 */
export function withLiveReadings(row: ManagedDevice, live: Device | undefined): ManagedDevice {
  if (!live || live.deviceTime === null) return row;
  if (row.deviceTime !== null && live.deviceTime <= row.deviceTime) return row;
  return {
    ...row,
    deviceTime: live.deviceTime,
    location: live.location ?? row.location,
    speed: live.speed,
    engineStatus: live.engineStatus,
    gpsStatus: live.gpsStatus,
    package: live.lastPackage ?? row.package,
    updatedAt: live.lastRecordAt ?? row.updatedAt,
  };
}

/** Every row merged with its live record; the same array when nothing changed. */
export function mergeLiveDevices(rows: readonly ManagedDevice[], lookup: LiveDeviceLookup): readonly ManagedDevice[] {
  let changed = false;
  const merged = rows.map((row) => {
    const next = withLiveReadings(row, lookup(row.dvid));
    if (next !== row) changed = true;
    return next;
  });
  return changed ? merged : rows;
}
