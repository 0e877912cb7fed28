import type { GeofenceDto, GeofenceTemplateDto } from '@jejak/contract';
import type { GeofencePoint, GeofenceType } from '@jejak/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { serverTextOr } from '../../api/error-text.ts';
import {
  addGeofence,
  deleteGeofence,
  geofencesQueryKey,
  reassignGeofence,
  updateGeofence,
} from '../../api/geofences/geofences.ts';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { templatesToSave, type GeofenceFormValues } from './geofence-form.ts';

export interface SaveInput {
  values: GeofenceFormValues;
  points: GeofencePoint[];
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Saving and deleting a geofence: add (with its templates), or update then reassign its templates
 * when they changed; a toast either way, and /Geofence after success.
 */
export function useGeofenceSave(
  geoType: GeofenceType,
  geofence: GeofenceDto | undefined,
  templates: readonly GeofenceTemplateDto[],
  /** A failed save: the toast, and the server's reason at its field (useFieldErrors). */
  fail: (toast: string) => void,
) {
  const me = useSessionUser();
  const f = useStrings().geofenceForms;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const done = async (text: string) => {
    showToast('success', text);
    await queryClient.invalidateQueries({ queryKey: geofencesQueryKey(me.uid) });
    void navigate('/Geofence');
  };

  const save = useMutation({
    mutationFn: async ({ values, points }: SaveInput) => {
      const fields = {
        geoType,
        geofenceName: values.geofenceName?.trim() ?? '',
        geofenceComment: values.geofenceComment?.trim() ?? '',
        coordinates: points,
        geofenceRadius: geoType === 'POI' ? (values.geofenceRadius ?? null) : null,
      };
      const gtids = templatesToSave(values.gtids ?? [], templates);
      if (!geofence) {
        await addGeofence({ geofence: { ...fields, gtids } });
        return f.added;
      }
      await updateGeofence({ geofence: { ...fields, geoid: geofence.geoid } });
      const before = geofence.gtids.filter((gtid) => templates.some((t) => t.gtid === gtid));
      if (!sameSet(before, gtids)) await reassignGeofence({ uid: geofence.uid, geoid: geofence.geoid, gtids });
      return f.edited;
    },
    onSuccess: done,
    onError: (error) => fail(serverTextOr(error, f.saveError)),
  });

  const remove = useMutation({
    mutationFn: async () => {
      if (geofence) await deleteGeofence(geofence.geoid);
      return f.deleted;
    },
    onSuccess: done,
    onError: (error) => showToast('error', serverTextOr(error, f.deleteError)),
  });

  return { save, remove };
}
