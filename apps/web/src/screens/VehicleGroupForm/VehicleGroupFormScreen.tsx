import { MANAGEMENT_TEXTS, VEHICLE_GROUP_PALETTE, type VehicleGroup } from '@jejak/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useLocation } from 'react-router';
import { serverTextOr } from '../../api/error-text.ts';
import { managedVehicleKeys, useManagedVehicles } from '../../api/fleet/management-vehicles.ts';
import {
  addVehicleGroup,
  assignVehiclesToGroup,
  editVehicleGroup,
  useVehicleGroups,
  vehicleGroupKeys,
} from '../../api/fleet/vehicle-groups.ts';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { useGoBack } from '../../ui/go-back.ts';
import { NamedSetForm, NotChosenCard } from '../../ui/forms/NamedSetForm.tsx';
import { showToast } from '../../ui/feedback/notifier.ts';
import { useFieldErrors } from '../../ui/forms/use-field-errors.ts';
import {
  GROUP_FIELD_ERRORS,
  groupFormProblem,
  membersInDisplayOrder,
  vehicleOptions,
  type VehicleGroupFormValues,
} from './group-form.ts';

function selectedVgid(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('selectedVGID' in state)) return undefined;
  return typeof state.selectedVGID === 'string' ? state.selectedVGID : undefined;
}

/**
 * Add New Vehicle Group and Edit Vehicle Group (spec 2 §2, §4, §5): name, preset colour and the
 * vehicles in it. A new group is created, then given the chosen vehicles; both go back after.
 */
export function VehicleGroupFormScreen({ mode }: { mode: 'add' | 'edit' }) {
  const me = useSessionUser();
  const f = useStrings().management.vehicleGroupForm;
  const queryClient = useQueryClient();
  const goBack = useGoBack('/Management/Vehicle');
  const vgid = selectedVgid(useLocation().state);
  const vehicles = useManagedVehicles(me.uid);
  const groups = useVehicleGroups(me.uid);
  const group: VehicleGroup | undefined = groups.data?.find((g) => g.vgid === vgid);
  const options = vehicleOptions(vehicles.data ?? []);
  const [form] = Form.useForm<VehicleGroupFormValues>();
  const errors = useFieldErrors(form, GROUP_FIELD_ERRORS);

  const save = useMutation({
    mutationFn: async (values: VehicleGroupFormValues) => {
      const vids = values.vids ?? [];
      const groupName = values.groupName?.trim() ?? '';
      const colorHexCode = values.colorHexCode ?? '';
      if (mode === 'edit' && group) {
        await editVehicleGroup({ vehicleGroup: { vgid: group.vgid, groupName, colorHexCode, vehicles: vids } });
        showToast('success', MANAGEMENT_TEXTS.vehicleGroupEdited);
        return;
      }
      const created = await addVehicleGroup({ uid: me.uid, vehicleGroupName: groupName, colorHexCode });
      showToast('success', MANAGEMENT_TEXTS.vehicleGroupAdded);
      if (vids.length === 0) return;
      await assignVehiclesToGroup({ uid: me.uid, vgid: created.vgid, vids });
      showToast('success', MANAGEMENT_TEXTS.vehicleGroupAssigned);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: vehicleGroupKeys.all });
      await queryClient.invalidateQueries({ queryKey: managedVehicleKeys.all });
      goBack();
    },
    onError: (error) => errors.fail(serverTextOr(error, MANAGEMENT_TEXTS.somethingWrong)),
  });

  const submit = (values: VehicleGroupFormValues) => {
    const problem = groupFormProblem(me.uid, values);
    if (problem) return errors.fail(problem);
    save.mutate(values);
  };

  const title = mode === 'add' ? f.addTitle : f.editTitle;
  // The form takes its initial values once: wait for the vehicles, so members show in name order.
  if (mode === 'edit' && (vehicles.isPending || groups.isPending)) return null;
  if (mode === 'edit' && !group) return <NotChosenCard title={title} text={f.notChosen} loading={false} />;
  const initialValues: VehicleGroupFormValues = group
    ? {
        groupName: group.groupName,
        colorHexCode: group.colorHexCode.toUpperCase(),
        vids: membersInDisplayOrder(group.vehicles, options),
      }
    : { colorHexCode: VEHICLE_GROUP_PALETTE[0], vids: [] };

  return (
    <NamedSetForm<VehicleGroupFormValues>
      testId="vehicle-group-form"
      title={title}
      name={{ id: 'groupName', label: f.groupName }}
      colour={{ id: 'colorHexCode', label: f.color, palette: VEHICLE_GROUP_PALETTE }}
      members={{ id: 'vids', label: f.vehicles, options, loading: vehicles.isPending, noneText: f.noVehicles }}
      colourFirst
      initialValues={initialValues}
      onFinish={submit}
      onCancel={goBack}
      busy={save.isPending}
      form={form}
      onValuesChange={errors.onValuesChange}
      labels={{ cancel: f.cancel, submit: mode === 'add' ? f.add : f.edit }}
    />
  );
}
