import { GEOFENCE_PALETTE, type GeofenceTemplateDto } from '@jejak/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { serverTextOr } from '../../api/error-text.ts';
import {
  addGeofenceTemplate,
  assignGeofences,
  unassignGeofences,
  updateGeofenceTemplate,
} from '../../api/geofences/geofence-templates.ts';
import { fetchGeofences, geofencesQueryKey } from '../../api/geofences/geofences.ts';
import { FitToFleet } from '../../map/FitToFleet.tsx';
import { MapSideLayout } from '../../map/MapSideLayout.tsx';
import { GeofencesLayer } from '../../map/layers/GeofencesLayer.tsx';
import { PlacesLayer } from '../../map/layers/PlacesLayer.tsx';
import { PlaceSearch } from '../../map/controls/PlaceSearch.tsx';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { useGoBack } from '../../ui/go-back.ts';
import { NamedSetForm, NotChosenCard } from '../../ui/forms/NamedSetForm.tsx';
import { showToast } from '../../ui/feedback/notifier.ts';
import { useFieldErrors } from '../../ui/forms/use-field-errors.ts';
import {
  geofenceOptions,
  membershipChange,
  TEMPLATE_FIELD_ERRORS,
  templateFormProblem,
  type TemplateFormValues,
} from './template-form.ts';

function selectedGtid(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('selectedGTID' in state)) return undefined;
  return typeof state.selectedGTID === 'string' ? state.selectedGTID : undefined;
}

/**
 * Add New Geofence Template and Edit Geofence Template (spec 2 §2, §5, §7): name, geofences and a
 * preset colour. Adding is followed by assigning the chosen geofences; success opens /Geofence.
 */
export function GeofenceTemplateFormScreen({ mode }: { mode: 'add' | 'edit' }) {
  const me = useSessionUser();
  const f = useStrings().management.geofenceTemplateForm;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const goBack = useGoBack('/Geofence');
  const gtid = selectedGtid(useLocation().state);
  const data = useQuery({ queryKey: geofencesQueryKey(me.uid), queryFn: () => fetchGeofences(me.uid) });
  const template: GeofenceTemplateDto | undefined = data.data?.templates.find((t) => t.gtid === gtid);
  const options = geofenceOptions(data.data?.geofences ?? []);
  const [form] = Form.useForm<TemplateFormValues>();
  const errors = useFieldErrors(form, TEMPLATE_FIELD_ERRORS);

  const save = useMutation({
    mutationFn: async (values: TemplateFormValues) => {
      const chosen = values.geoids ?? [];
      const name = values.templateName?.trim() ?? '';
      const colorHexCode = values.colorHexCode ?? '';
      if (mode === 'edit' && template) {
        await updateGeofenceTemplate({ geofenceTemplate: { gtid: template.gtid, templateName: name, colorHexCode } });
        const { added, removed } = membershipChange(template.geofences, chosen);
        if (added.length > 0) await assignGeofences({ uid: me.uid, gtid: template.gtid, geoids: added });
        if (removed.length > 0) await unassignGeofences({ uid: me.uid, gtid: template.gtid, geoids: removed });
        showToast('success', f.edited);
        return;
      }
      const created = await addGeofenceTemplate({ uid: me.uid, geofenceTemplateName: name, colorHexCode });
      showToast('success', f.added);
      if (chosen.length === 0) return;
      await assignGeofences({ uid: me.uid, gtid: created.gtid, geoids: chosen });
      showToast('success', f.assigned);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: geofencesQueryKey(me.uid) });
      void navigate('/Geofence');
    },
    onError: (error) => errors.fail(serverTextOr(error, f.error)),
  });

  const submit = (values: TemplateFormValues) => {
    const problem = templateFormProblem(values);
    if (problem) return errors.fail(problem);
    save.mutate(values);
  };

  const title = mode === 'add' ? f.addTitle : f.editTitle;
  // A map-view route (spec 1 §2): the form in the wide side, the user's geofences on the map.
  const beside = (side: ReactNode) => (
    <MapSideLayout side={side} width="wide" testId="geofence-template-map-view">
      <PlacesLayer />
      <PlaceSearch />
      <GeofencesLayer uid={me.uid} />
      <FitToFleet geofences />
    </MapSideLayout>
  );
  if (mode === 'edit' && !template)
    return beside(<NotChosenCard title={title} text={f.notChosen} loading={data.isPending} />);
  const initialValues: TemplateFormValues = template
    ? {
        templateName: template.templateName,
        colorHexCode: template.colorHexCode.toUpperCase(),
        geoids: template.geofences,
      }
    : { colorHexCode: GEOFENCE_PALETTE[0], geoids: [] };

  return beside(
    <NamedSetForm<TemplateFormValues>
      testId="geofence-template-form"
      title={title}
      name={{ id: 'templateName', label: f.name }}
      colour={{ id: 'colorHexCode', label: f.color, palette: GEOFENCE_PALETTE }}
      members={{ id: 'geoids', label: f.geofences, options, loading: data.isPending, noneText: f.noGeofences }}
      colourFirst={false}
      initialValues={initialValues}
      onFinish={submit}
      onCancel={goBack}
      busy={save.isPending}
      form={form}
      onValuesChange={errors.onValuesChange}
      labels={{ cancel: f.cancel, submit: mode === 'add' ? f.add : f.edit }}
    />,
  );
}
