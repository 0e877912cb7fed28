import type { GeofenceType } from '@jejak/domain';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { fetchGeofences, geofencesQueryKey } from '../../api/geofences/geofences.ts';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { NotChosenCard } from '../../ui/forms/NamedSetForm.tsx';
import { GeofenceEditor } from './GeofenceEditor.tsx';
import { pointFromSearch } from './geofence-form.ts';
import './geofence-form.css';

/**
 * /Geofence/AddNewPOI, /Geofence/EditPOI, /Geofence/AddNewZone and /Geofence/EditZone (spec 1 §2
 * "Geofence maps"): a POI's marker and radius or a zone's polygon drawn on the map, beside a form
 * of its name, comment and templates. Edit takes ?geoid=; Add New POI takes ?lat=&lng= (the
 * dashboard's "Add as POI") and starts with the marker there.
 */
export function GeofenceFormScreen({ geoType, mode }: { geoType: GeofenceType; mode: 'add' | 'edit' }) {
  const me = useSessionUser();
  const t = useStrings().geofenceForms;
  const [search] = useSearchParams();
  const data = useQuery({ queryKey: geofencesQueryKey(me.uid), queryFn: () => fetchGeofences(me.uid) });
  const isPoi = geoType === 'POI';
  const title =
    mode === 'add' ? (isPoi ? t.titles.addPoi : t.titles.addZone) : isPoi ? t.titles.editPoi : t.titles.editZone;
  const geoid = search.get('geoid');
  const geofence =
    mode === 'edit' ? data.data?.geofences.find((g) => g.geoid === geoid && g.geoType === geoType) : undefined;

  if (!data.data || (mode === 'edit' && !geofence))
    return <NotChosenCard title={title} text={t.notChosen} loading={data.isPending} />;
  return (
    <GeofenceEditor
      key={geofence?.geoid ?? 'new'}
      geoType={geoType}
      title={title}
      geofence={geofence}
      templates={data.data.templates}
      placed={mode === 'add' && isPoi ? pointFromSearch(search) : null}
    />
  );
}
