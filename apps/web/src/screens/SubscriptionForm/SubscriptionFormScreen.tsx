import { PACKAGE_TEXTS, type VehiclePackage } from '@jejak/contract';
import { CONTRACT_TYPES, DEFAULT_CONTRACT_TYPE, timeStatus, type ContractType } from '@jejak/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Input, Result, Select, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import { useLocation } from 'react-router';
import { accountKeys, fetchUserDetail } from '../../api/accounts/accounts.ts';
import { addPackage, editPackage, packageKeys, renewPackage } from '../../api/fleet/packages.ts';
import { useSpecText, useStrings } from '../../i18n/strings.ts';
import { fromPickerValue, pickerDay, toPickerValue } from '../../ui/dates.ts';
import { consoleTimeZone, formatAdminDateTime } from '../../ui/format.ts';
import { useGoBack } from '../../ui/go-back.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { TimeStatusText } from '../../ui/subscriptions/package-status.tsx';
import { deviceImei, renewalText, type SubscriptionRow } from '../../ui/subscriptions/subscription-rows.ts';
import { useSubscriptions } from '../../ui/subscriptions/use-subscriptions.ts';
import { useNow } from '../../ui/use-now.ts';
import { checkContract } from './contract-form.ts';
import { readSubscriptionState, type SubscriptionState } from './subscription-state.ts';
import { FormButtons } from '../../ui/forms/FormButtons.tsx';

export type SubscriptionMode = 'add' | 'edit' | 'renew';

interface FormValues {
  contractType?: ContractType;
  startAt?: Dayjs | null;
  endAt?: Dayjs | null;
}

const TEXTS: Record<SubscriptionMode, { success: string; error: string }> = {
  add: { success: PACKAGE_TEXTS.addSuccess, error: PACKAGE_TEXTS.addError },
  edit: { success: PACKAGE_TEXTS.editSuccess, error: PACKAGE_TEXTS.editError },
  renew: { success: PACKAGE_TEXTS.renewSuccess, error: PACKAGE_TEXTS.renewError },
};

/**
 * Defaults (spec 3 §5): a new package is 12 months from now; Edit shows the package; Renew
 * starts when the package ends (so it carries on without a gap), or shows the booked renewal.
 */
function initialValues(mode: SubscriptionMode, pkg: VehiclePackage | null, nowMs: number): FormValues {
  if (mode === 'add' || !pkg) return { contractType: DEFAULT_CONTRACT_TYPE, startAt: toPickerValue(nowMs) };
  if (mode === 'edit') {
    return {
      contractType: pkg.contractType,
      startAt: toPickerValue(pkg.startAt),
      endAt: pkg.contractType === 'CUSTOM' ? toPickerValue(pkg.endAt) : null,
    };
  }
  if (pkg.renewal) {
    return {
      contractType: pkg.renewal.contractType,
      startAt: toPickerValue(pkg.renewal.startAt),
      endAt: pkg.renewal.contractType === 'CUSTOM' ? toPickerValue(pkg.renewal.endAt) : null,
    };
  }
  return { startAt: toPickerValue(Math.max(nowMs, pkg.endAt)) };
}

interface SubscriptionFormProps {
  mode: SubscriptionMode;
  row: SubscriptionRow;
  ownerUid: string;
}

function SubscriptionForm({ mode, row, ownerUid }: SubscriptionFormProps) {
  const s = useStrings().subscriptions;
  const spec = useSpecText();
  const queryClient = useQueryClient();
  const goBack = useGoBack('/VehicleSubscription');
  const nowMs = useNow(30_000);
  const [form] = Form.useForm<FormValues>();
  const owner = useQuery({ queryKey: accountKeys.detail(ownerUid), queryFn: () => fetchUserDetail(ownerUid) });
  const contractType = Form.useWatch('contractType', form);
  const startAt = Form.useWatch('startAt', form);
  const customEnd = Form.useWatch('endAt', form);
  const { pkg, vehicle } = row;
  const input = {
    contractType,
    startAt: startAt ? fromPickerValue(startAt) : undefined,
    customEndAt: customEnd ? fromPickerValue(customEnd) : undefined,
  };
  const check = checkContract(input, consoleTimeZone());

  const save = useMutation({
    mutationFn: (c: { contractType: ContractType; startAt: number; endAt: number }) => {
      if (mode === 'add') return addPackage({ vid: vehicle.vid, uid: ownerUid, ...c });
      if (mode === 'edit') return editPackage({ vehiclePackageId: pkg?.vehiclePackageId ?? '', ...c });
      return renewPackage({ vid: vehicle.vid, ...c });
    },
    onSuccess: async () => {
      showToast('success', TEXTS[mode].success);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: packageKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      ]);
      goBack();
    },
    onError: () => showToast('error', TEXTS[mode].error),
  });

  const submit = () => {
    if (!check.ok) return showToast('error', check.message);
    save.mutate({ contractType: check.contractType, startAt: check.startAt, endAt: check.endAt });
  };

  const endsAtHelp =
    mode !== 'add' && pkg
      ? spec(PACKAGE_TEXTS.currentEndsAt).replace('{date}', formatAdminDateTime(pkg.endAt))
      : undefined;
  const beforeStart = (day: Dayjs) => startAt !== null && startAt !== undefined && pickerDay(day) < pickerDay(startAt);

  return (
    <Form<FormValues> form={form} layout="vertical" initialValues={initialValues(mode, pkg, nowMs)} onFinish={submit}>
      {mode === 'renew' && pkg?.renewal && (
        <Alert
          className="form-notice"
          type="info"
          showIcon
          data-testid="renewal-notice"
          title={s.renewalReplaces.replace('{period}', renewalText(pkg.renewal, s.renewalPeriod))}
        />
      )}
      <Form.Item label={s.user}>
        <Input id="user" readOnly variant="filled" value={owner.data?.userEmail ?? '…'} />
      </Form.Item>
      <Form.Item label={s.vehicle}>
        <Input id="vehicle" readOnly variant="filled" value={vehicle.vehiclePlate} />
      </Form.Item>
      <Form.Item label={s.device}>
        <Input id="imei" readOnly variant="filled" value={deviceImei(vehicle.dvid)} />
      </Form.Item>
      <Form.Item label={s.contractType} name="contractType" required>
        <Select<ContractType>
          id="contractType"
          options={CONTRACT_TYPES.map((type) => ({ value: type, label: s.contractLabels[type] }))}
        />
      </Form.Item>
      <Form.Item label={s.startAt} name="startAt" required extra={endsAtHelp}>
        <DatePicker id="startAt" showTime format="YYYY-MM-DD HH:mm:ss" allowClear={false} />
      </Form.Item>
      {contractType === 'CUSTOM' ? (
        <Form.Item label={s.endAt} name="endAt" required>
          <DatePicker id="endAt" showTime format="YYYY-MM-DD HH:mm:ss" disabledDate={beforeStart} />
        </Form.Item>
      ) : (
        <Form.Item label={s.endAt}>
          <span data-testid="computed-end">{check.ok ? formatAdminDateTime(check.endAt) : '-'}</span>
        </Form.Item>
      )}
      <Form.Item label={s.status}>
        {check.ok ? <TimeStatusText status={timeStatus(check.startAt, check.endAt, nowMs)} /> : '-'}
      </Form.Item>
      <FormButtons
        cancel={s.cancel}
        submit={{ add: s.add, edit: s.save, renew: s.renew }[mode]}
        onCancel={goBack}
        busy={save.isPending}
      />
    </Form>
  );
}

/** The package the state names must still be the vehicle's current one (Edit, Renew). */
function matches(mode: SubscriptionMode, state: SubscriptionState, row: SubscriptionRow | undefined): boolean {
  if (!row) return false;
  if (mode === 'add') return true;
  return row.pkg !== null && row.pkg.vehiclePackageId === state.vehiclePackageId;
}

/** /VehicleSubscription/Add, /Edit and /Renew (spec 3 §2): the contract of one vehicle's package. */
export function SubscriptionFormScreen({ mode }: { mode: SubscriptionMode }) {
  const s = useStrings().subscriptions;
  const state = readSubscriptionState(useLocation().state);
  const { rows, loading } = useSubscriptions();
  const goBack = useGoBack('/VehicleSubscription');
  const row = rows.find((r) => r.vehicle.vid === state?.vid);
  const ownerUid = mode === 'add' ? (state?.uid ?? row?.vehicle.uid) : row?.pkg?.uid;
  const title = { add: s.addTitle, edit: s.editTitle, renew: s.renewTitle }[mode];

  let body;
  if (state && loading) body = <Spin />;
  else if (!state || !row || !ownerUid || !matches(mode, state, row))
    body = <Result status="warning" title={s.notFound} extra={<Button onClick={goBack}>{s.cancel}</Button>} />;
  else body = <SubscriptionForm mode={mode} row={row} ownerUid={ownerUid} />;

  return (
    <div className="screen-padded">
      <Card className="form-card" title={title} data-testid={`subscription-${mode}`}>
        {body}
      </Card>
    </div>
  );
}
