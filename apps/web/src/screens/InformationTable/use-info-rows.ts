import type { GeofenceTemplateDto } from '@jejak/contract';
import type { Vehicle } from '@jejak/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { fetchGeofences, geofencesQueryKey, type UserGeofences } from '../../api/geofences/geofences.ts';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { liveStore } from '../../store/live-store.ts';
import { subscribeThrottled } from '../../store/throttled.ts';
import {
  createAddressBook,
  geofenceRows,
  insideUnknown,
  vehicleRows,
  type GeofenceRow,
  type InfoGeofence,
  type VehicleRow,
} from './info-rows.ts';

/** Live rows are rebuilt at most this often: a burst of fixes costs one render. */
export const INFO_TABLE_REFRESH_MS = 500;

export interface InfoRows {
  vehicles: VehicleRow[];
  geofences: GeofenceRow[];
  /** The user's geofence templates (their colours colour the Location badges). */
  templates: GeofenceTemplateDto[];
  geofencesLoading: boolean;
}

/**
 * Both tabs' rows, following the live store: rebuilt from its vehicles and devices at most every
 * INFO_TABLE_REFRESH_MS (never a render per live message), and when the geofences are read again.
 */
export function useInfoRows(): InfoRows {
  const { uid } = useSessionUser();
  const geofenceQuery = useQuery({ queryKey: geofencesQueryKey(uid), queryFn: () => fetchGeofences(uid) });
  const data: UserGeofences | undefined = geofenceQuery.data;
  const byId = useMemo(() => new Map<string, InfoGeofence>((data?.geofences ?? []).map((g) => [g.geoid, g])), [data]);
  const [live, setLive] = useState<{ vehicles: Vehicle[]; rows: VehicleRow[] }>({ vehicles: [], rows: [] });
  // One address cache for the screen's life: each rebuild looks up only vehicles that moved.
  const [addressOf] = useState(() => createAddressBook());
  const s = useStrings().infoTable;
  const fuelWords = useMemo(() => ({ tank: s.tank, noFuelProfiles: s.noFuelProfiles, noReading: s.noReading }), [s]);

  useEffect(
    () =>
      subscribeThrottled(
        liveStore.subscribe,
        () => {
          const vehicles = [...liveStore.vehicles()];
          setLive({
            vehicles,
            rows: vehicleRows(vehicles, (dvid) => liveStore.device(dvid), byId, addressOf, fuelWords),
          });
        },
        INFO_TABLE_REFRESH_MS,
      ),
    [byId, addressOf, fuelWords],
  );

  // A vehicle inside a geofence added since the list was read: read the list again.
  const queryClient = useQueryClient();
  const unknown = data !== undefined && insideUnknown(live.vehicles, byId);
  useEffect(() => {
    if (unknown) void queryClient.invalidateQueries({ queryKey: geofencesQueryKey(uid) });
  }, [unknown, queryClient, uid]);

  const geofences = useMemo(
    () => (data ? geofenceRows(data.geofences, data.templates, live.vehicles) : []),
    [data, live.vehicles],
  );
  const templates = useMemo(() => data?.templates ?? [], [data]);
  return { vehicles: live.rows, geofences, templates, geofencesLoading: geofenceQuery.isPending };
}
