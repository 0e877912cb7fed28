import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Tag } from 'antd';
import { fetchGeofences, geofencesQueryKey } from '../../api/geofences/geofences.ts';
import { useSessionUser } from '../../store/session.ts';
import { geofenceColours, geofenceKind } from '../../map/layers/geofence-features.ts';
import { textColourOn } from '../../ui/colour.ts';
import { useSpecText } from '../../i18n/strings.ts';

/** A badge per geofence the vehicle is in: its name, POI or Zone, in its template's colour. */
export function GeofenceBadges({ geoids }: { geoids: readonly string[] }) {
  const { uid } = useSessionUser();
  const spec = useSpecText();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: geofencesQueryKey(uid), queryFn: () => fetchGeofences(uid) });
  // Read once per fetch, not on each of the card's renders (every second and every fix).
  const read = useMemo(
    () => data && { colourOf: geofenceColours(data.templates), byId: new Map(data.geofences.map((g) => [g.geoid, g])) },
    [data],
  );
  const unknown = read !== undefined && geoids.some((geoid) => !read.byId.has(geoid));
  useEffect(() => {
    // A geofence added since the list was read (the vehicle just entered it): read it again.
    if (unknown) void queryClient.invalidateQueries({ queryKey: geofencesQueryKey(uid) });
  }, [unknown, queryClient, uid]);
  if (!read) return null;
  const known = geoids.flatMap((geoid) => read.byId.get(geoid) ?? []);
  return (
    <span data-testid="vehicle-info-geofence">
      {known.map((g) => {
        const colour = read.colourOf(g.geoid);
        return (
          <Tag key={g.geoid} color={colour} variant="solid" style={{ color: textColourOn(colour) }}>
            {spec(geofenceKind(g.geoType))} · {g.geofenceName}
          </Tag>
        );
      })}
    </span>
  );
}
