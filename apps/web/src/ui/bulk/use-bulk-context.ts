import type { BulkKind } from '@jejak/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { fetchManagedDevices, managedDeviceKeys } from '../../api/fleet/management-devices.ts';
import { fetchManagedVehicles, managedVehicleKeys } from '../../api/fleet/management-vehicles.ts';
import { fetchGeofences, geofencesQueryKey } from '../../api/geofences/geofences.ts';
import type { BulkContext } from './bulk-check.ts';

/**
 * What one kind of bulk row is checked against, loaded for that kind only: devices (device and
 * vehicle rows), vehicles (vehicle rows), geofences and their templates (geofence rows). Null
 * until loaded; `refresh` reloads it, so a chosen file is checked against things as they are now.
 */
export function useBulkContext(kind: BulkKind, uid: string): { ctx: BulkContext | null; refresh: () => Promise<void> } {
  const devices = useQuery({
    queryKey: managedDeviceKeys.ofUser(uid),
    queryFn: () => fetchManagedDevices(uid),
    enabled: kind !== 'geofence',
  });
  const vehicles = useQuery({
    queryKey: managedVehicleKeys.ofUser(uid),
    queryFn: () => fetchManagedVehicles(uid),
    enabled: kind === 'vehicle',
  });
  const geofences = useQuery({
    queryKey: geofencesQueryKey(uid),
    queryFn: () => fetchGeofences(uid),
    enabled: kind === 'geofence',
  });
  const ctx = useMemo<BulkContext | null>(() => {
    const ready =
      kind === 'geofence' ? geofences.data : devices.data && (kind === 'device' || vehicles.data) ? true : undefined;
    if (!ready) return null;
    return {
      uid,
      devices: devices.data ?? [],
      vehicles: vehicles.data ?? [],
      geofences: geofences.data?.geofences ?? [],
      templates: geofences.data?.templates ?? [],
    };
  }, [uid, kind, devices.data, vehicles.data, geofences.data]);
  const { refetch: refetchDevices } = devices;
  const { refetch: refetchVehicles } = vehicles;
  const { refetch: refetchGeofences } = geofences;
  const refresh = useCallback(async () => {
    if (kind === 'geofence') await refetchGeofences();
    else await Promise.all([refetchDevices(), kind === 'vehicle' ? refetchVehicles() : null]);
  }, [kind, refetchDevices, refetchVehicles, refetchGeofences]);
  return { ctx, refresh };
}
