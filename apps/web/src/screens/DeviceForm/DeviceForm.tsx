import { DEVICE_MODELS, DEVICE_MODEL_LABELS, MANAGEMENT_TEXTS, type ManagedDevice } from '@jejak/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { accountKeys, fetchUserDevices } from '../../api/accounts/accounts.ts';
import { addDevice, updateDevice } from '../../api/fleet/fleet-forms.ts';
import { serverTextOr } from '../../api/error-text.ts';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { TargetUserSelect } from '../../ui/fleet/TargetUserSelect.tsx';
import { TrackerSettings } from './TrackerSettings.tsx';
import './device-form.css';
import { DEVICE_HOLDER_ROLES } from '../../ui/fleet/target-users.ts';
import { FormButtons } from '../../ui/forms/FormButtons.tsx';
import { showToast } from '../../ui/feedback/notifier.ts';
import { useFieldErrors } from '../../ui/forms/use-field-errors.ts';
import {
  checkDeviceUpdate,
  checkNewDevice,
  DEVICE_FIELD_ERRORS,
  newDeviceValues,
  simInput,
  type DeviceFormValues,
} from './device-values.ts';

interface DeviceFormProps {
  /** The device to edit; null to add one. */
  device: ManagedDevice | null;
  initialTarget: string | null;
  /** An unregistered tracker to register: its IMEI and model filled in. */
  register?: { imei: string; model: string | null } | null;
  onDone: () => void;
  /** After a device is added: its set-up (issue 26 item 4). Without it, onDone. */
  onAdded?: (device: ManagedDevice) => void;
}

/** Add and Edit Device (spec 2 §5): IMEI and model fixed once created, the '+6' SIM, a distributor as target. */
export function DeviceForm({ device, initialTarget, register = null, onDone, onAdded }: DeviceFormProps) {
  const strings = useStrings();
  const f = strings.fleetForms;
  const o = strings.onboarding;
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DeviceFormValues>();
  const errors = useFieldErrors(form, DEVICE_FIELD_ERRORS);
  const model = Form.useWatch('model', form);
  // The devices the user reaches: 'Device already exist' and 'Sim Card is already in use' are told before the call.
  const known = useQuery({ queryKey: accountKeys.devices(me.uid), queryFn: () => fetchUserDevices(me.uid) });
  const initialValues: DeviceFormValues = device
    ? {
        imei: device.imei,
        model: device.model as DeviceFormValues['model'],
        simCard: device.simCard || '+6',
        brand: device.brand,
        targetUid: device.uid,
        settings: device.settings,
      }
    : newDeviceValues(initialTarget, register);

  const save = useMutation({
    mutationFn: (call: () => Promise<ManagedDevice>) => call(),
    onSuccess: async (saved) => {
      showToast('success', device ? MANAGEMENT_TEXTS.deviceEdited : MANAGEMENT_TEXTS.deviceAdded);
      await queryClient.invalidateQueries();
      if (!device && onAdded) onAdded(saved);
      else onDone();
    },
    onError: (error) => errors.fail(serverTextOr(error, MANAGEMENT_TEXTS.somethingWrong)),
  });

  const submit = (values: DeviceFormValues) => {
    const list = known.data ?? [];
    if (device) {
      const check = checkDeviceUpdate(values, device.dvid, list);
      if (!check.ok) return errors.fail(check.message);
      save.mutate(() => updateDevice(check.request));
    } else {
      const check = checkNewDevice(values, list);
      if (!check.ok) return errors.fail(check.message);
      save.mutate(() => addDevice(check.request));
    }
  };

  return (
    <Form<DeviceFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      onValuesChange={errors.onValuesChange}
    >
      <Form.Item label={f.imei} name="imei" required>
        <Input id="imei" disabled={device !== null} />
      </Form.Item>
      <Form.Item label={f.model} name="model" required>
        <Select
          id="model"
          disabled={device !== null}
          options={DEVICE_MODELS.map((m) => ({ value: m, label: DEVICE_MODEL_LABELS[m] }))}
        />
      </Form.Item>
      <Form.Item
        label={f.simCard}
        name="simCard"
        getValueFromEvent={(e: { target: { value: string } }) => simInput(e.target.value)}
      >
        <Input id="simCard" inputMode="tel" />
      </Form.Item>
      <Form.Item label={f.brand} name="brand">
        <Input id="brand" placeholder={f.optional} />
      </Form.Item>
      <TrackerSettings model={model} />
      <Form.Item label={f.targetUser} name="targetUid" required extra={o.reasons.deviceHolder}>
        <TargetUserSelect id="targetUid" allowed={DEVICE_HOLDER_ROLES} disabledReason={o.reasons.deviceHolder} />
      </Form.Item>
      <FormButtons cancel={f.cancel} submit={device ? f.save : f.add} onCancel={onDone} busy={save.isPending} />
    </Form>
  );
}
