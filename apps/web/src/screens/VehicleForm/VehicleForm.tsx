import { MANAGEMENT_TEXTS, VEHICLE_TYPES, VEHICLE_TYPE_LABELS, type ManagedVehicle } from '@jejak/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Select } from 'antd';
import { Link } from 'react-router';
import { addVehicle, updateVehicle } from '../../api/fleet/fleet-forms.ts';
import { serverTextOr } from '../../api/error-text.ts';
import { useSpecText, useStrings } from '../../i18n/strings.ts';
import { TargetUserSelect } from '../../ui/fleet/TargetUserSelect.tsx';
import { VEHICLE_HOLDER_ROLES } from '../../ui/fleet/target-users.ts';
import { FormButtons } from '../../ui/forms/FormButtons.tsx';
import { showToast } from '../../ui/feedback/notifier.ts';
import { useFieldErrors } from '../../ui/forms/use-field-errors.ts';
import { useNow } from '../../ui/use-now.ts';
import { FuelTanksEditor } from './FuelTanksEditor.tsx';
import { ServiceFields } from './ServiceFields.tsx';
import { useVehicleFormData } from './use-vehicle-data.ts';
import { deviceFixed, deviceOptions, devicesFor, everyDeviceTaken } from './vehicle-choices.ts';
import { VehicleRelations } from './VehicleRelations.tsx';
import {
  checkVehicle,
  checkVehicleUpdate,
  newVehicleValues,
  VEHICLE_FIELD_ERRORS,
  vehicleValues,
  type VehicleFormValues,
} from './vehicle-values.ts';

interface VehicleFormProps {
  /** The vehicle to edit; null to add one. */
  vehicle: ManagedVehicle | null;
  /** The target user the form opens with (Add). */
  initialTarget: string | null;
  /** Edit: the groups and templates the vehicle's owner may choose (the others are not the form's to change). */
  choosable?: (id: string) => boolean;
  onDone: () => void;
}

/** Add and Edit Vehicle (spec 2 §2–§5): every field, checked in the spec's order before the call. */
export function VehicleForm({ vehicle, initialTarget, choosable = () => true, onDone }: VehicleFormProps) {
  const strings = useStrings();
  const f = strings.fleetForms;
  const reasons = strings.onboarding.reasons;
  const spec = useSpecText();
  const queryClient = useQueryClient();
  const nowMs = useNow(60_000);
  const [form] = Form.useForm<VehicleFormValues>();
  const errors = useFieldErrors(form, VEHICLE_FIELD_ERRORS);
  const targetUid = (Form.useWatch('targetUid', form) ?? vehicle?.uid ?? initialTarget) || null;
  const data = useVehicleFormData(targetUid);
  const editing = vehicle ? { vid: vehicle.vid } : null;
  const fixed = deviceFixed(vehicle?.dvid ?? null);
  const options = deviceOptions(devicesFor(data.devices ?? [], data.targetHierarchy), editing);
  if (fixed && vehicle && !options.some((o) => o.value === vehicle.dvid)) {
    options.unshift({ value: vehicle.dvid, label: vehicle.dvid, disabled: false });
  }
  const initialValues = vehicle ? vehicleValues(vehicle, choosable) : newVehicleValues(nowMs, initialTarget);

  const save = useMutation({
    mutationFn: (call: () => Promise<ManagedVehicle>) => call(),
    onSuccess: async () => {
      showToast('success', vehicle ? MANAGEMENT_TEXTS.vehicleEdited : MANAGEMENT_TEXTS.vehicleAdded);
      // A vehicle shows in many places (User Management, Management, the map): read them all afresh.
      await queryClient.invalidateQueries();
      onDone();
    },
    onError: (error) => {
      const title = vehicle ? MANAGEMENT_TEXTS.vehicleEditError : MANAGEMENT_TEXTS.vehicleAddError;
      const reason = serverTextOr(error, MANAGEMENT_TEXTS.somethingWrong);
      errors.fail(`${title}: ${reason}`, reason);
    },
  });

  const submit = (values: VehicleFormValues) => {
    if (vehicle) {
      const check = checkVehicleUpdate(values, vehicle.vid);
      if (!check.ok) return errors.fail(check.message);
      save.mutate(() => updateVehicle(check.request));
    } else {
      const check = checkVehicle(values);
      if (!check.ok) return errors.fail(check.message);
      save.mutate(() => addVehicle(check.request));
    }
  };

  return (
    <Form<VehicleFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      onValuesChange={(changed: VehicleFormValues) => {
        errors.onValuesChange(changed);
        // Groups and templates are the target user's own: another target starts over.
        if ('targetUid' in changed) form.setFieldsValue({ vgids: [], gtids: [], rtids: [] });
      }}
    >
      {!vehicle && data.devices && !data.devicesLoading && everyDeviceTaken(data.devices) && (
        <Alert
          className="form-notice"
          type="warning"
          showIcon
          data-testid="all-devices-taken"
          title={
            <span>
              {f.allDevicesTaken} <Link to="/UserManagement/AddDevice">{f.addDeviceLink}</Link>
            </span>
          }
        />
      )}
      <div className="fleet-form-grid">
        <Form.Item label={f.device} name="dvid" required extra={fixed ? f.deviceFixed : undefined}>
          <Select
            id="dvid"
            showSearch
            optionFilterProp="label"
            loading={data.devicesLoading}
            disabled={fixed}
            // A device on a vehicle is greyed out: its tooltip says why (spec 2 §5).
            options={options.map((o) => (o.disabled ? { ...o, title: reasons.deviceOnVehicle } : o))}
            notFoundContent={f.noDevices}
          />
        </Form.Item>
        <Form.Item label={f.vehicleDisplayName} name="vehicleDisplayName" required>
          <Input id="vehicleDisplayName" />
        </Form.Item>
        <Form.Item label={f.vehiclePlate} name="vehiclePlate" required>
          <Input id="vehiclePlate" />
        </Form.Item>
        <Form.Item label={f.vehicleModel} name="vehicleModel" required>
          <Input id="vehicleModel" />
        </Form.Item>
        <Form.Item label={f.vehicleType} name="vehicleType" required>
          <Select
            id="vehicleType"
            options={VEHICLE_TYPES.map((t) => ({ value: t, label: spec(VEHICLE_TYPE_LABELS[t]) }))}
          />
        </Form.Item>
        <Form.Item label={f.targetUser} name="targetUid" required extra={spec(MANAGEMENT_TEXTS.targetUserHint)}>
          <TargetUserSelect
            id="targetUid"
            allowed={VEHICLE_HOLDER_ROLES}
            disabledReason={spec(MANAGEMENT_TEXTS.targetUserHint)}
          />
        </Form.Item>
      </div>
      <VehicleRelations data={data} />
      <fieldset className="fleet-fieldset">
        <legend>{f.fuelTanks}</legend>
        <FuelTanksEditor />
      </fieldset>
      <ServiceFields subscriptionFixed={vehicle !== null} />
      <FormButtons cancel={f.cancel} submit={vehicle ? f.save : f.add} onCancel={onDone} busy={save.isPending} />
    </Form>
  );
}
