import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Tag } from 'antd';
import { fetchGeofences, geofencesQueryKey } from '../../api/geofences.ts';
import { useSessionUser } from '../../app/session.ts';
import { geofenceColours } from '../../map/layers/geofence-features.ts';
import { textColourOn } from '../../ui/colour.ts';

/** A badge per geofence the vehicle is in: its name, POI or Zone, in its template's colour. */
export function GeofenceBadges({ geoids }: { geoids: readonly string[] }) {
  const { uid } = useSessionUser();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: geofencesQueryKey(uid), queryFn: () => fetchGeofences(uid) });
  const unknown = data !== undefined && geoids.some((geoid) => !data.geofences.some((g) => g.geoid === geoid));
  useEffect(() => {
    // A geofence added since the list was read (the vehicle just entered it): read it again.
    if (unknown) void queryClient.invalidateQueries({ queryKey: geofencesQueryKey(uid) });
  }, [unknown, queryClient, uid]);
  if (!data) return null;
  const colourOf = geofenceColours(data.templates);
  const known = data.geofences.filter((g) => geoids.includes(g.geoid));
  return (
    <span data-testid="vehicle-info-geofence">
      {known.map((g) => {
        const colour = colourOf(g.geoid);
        return (
          <Tag key={g.geoid} color={colour} variant="solid" style={{ color: textColourOn(colour) }}>
            {g.geoType === 'POI' ? 'POI' : 'Zone'} · {g.geofenceName}
          </Tag>
        );
      })}
    </span>
  );
}
