import { PACKAGE_TEXTS } from '@jejak/contract';
import { packageActions } from '@jejak/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space } from 'antd';
import { useNavigate } from 'react-router';
import { accountKeys } from '../../api/accounts/accounts.ts';
import { switchPackage, packageKeys, type PackageSwitch } from '../../api/fleet/packages.ts';
import { useStrings } from '../../i18n/strings.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import type { SubscriptionRow } from '../../ui/subscriptions/subscription-rows.ts';

const SWITCH_TEXTS: Record<PackageSwitch, { success: string; error: string }> = {
  suspend: { success: PACKAGE_TEXTS.suspendSuccess, error: PACKAGE_TEXTS.suspendError },
  unsuspend: { success: PACKAGE_TEXTS.unsuspendSuccess, error: PACKAGE_TEXTS.unsuspendError },
  terminate: { success: PACKAGE_TEXTS.terminateSuccess, error: PACKAGE_TEXTS.terminateError },
};

/**
 * A row's actions with the enabling rules of spec 3 §4: Add only without a package; Edit and
 * Renew disabled when suspended; Suspend hidden when suspended, Unsuspend shown only then.
 * No actions appear for a terminated package, Add included.
 */
export function PackageActions({ row }: { row: SubscriptionRow }) {
  const strings = useStrings();
  const s = strings.subscriptions;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { vehicle, pkg } = row;
  const allowed = pkg?.actions ?? packageActions(null);
  const terminated = pkg?.status === 'TERMINATED';
  const live = pkg !== null && !terminated;

  const change = useMutation({
    mutationFn: (action: PackageSwitch) => switchPackage(action, vehicle.vid),
    onSuccess: (_pkg, action) => showToast('success', SWITCH_TEXTS[action].success),
    onError: (_error, action) => showToast('error', SWITCH_TEXTS[action].error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: packageKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      ]),
  });
  const state = pkg ? { vehiclePackageId: pkg.vehiclePackageId, vid: vehicle.vid } : null;
  const busy = change.isPending;

  /** A form action: shown (unless the package is terminated), enabled by the rules. */
  const open = (form: 'Edit' | 'Renew', label: string, enabled: boolean) =>
    !terminated && (
      <Button
        size="small"
        type="link"
        disabled={!enabled || busy}
        onClick={() => void navigate(`/VehicleSubscription/${form}`, { state })}
      >
        {label}
      </Button>
    );
  /** A one-click change: shown only when the rules allow it. */
  const flip = (action: 'suspend' | 'unsuspend', label: string, shown: boolean) =>
    shown && (
      <Button
        size="small"
        type="link"
        loading={busy && change.variables === action}
        onClick={() => change.mutate(action)}
      >
        {label}
      </Button>
    );

  return (
    <Space size={0} wrap data-testid={`actions-${vehicle.vehiclePlate}`}>
      {!terminated && (
        <Button
          size="small"
          type="link"
          disabled={!allowed.add || busy}
          onClick={() => void navigate('/VehicleSubscription/Add', { state: { vid: vehicle.vid, uid: vehicle.uid } })}
        >
          {s.add}
        </Button>
      )}
      {open('Edit', s.edit, allowed.edit)}
      {open('Renew', s.renew, allowed.renew)}
      {flip('suspend', s.suspend, live && allowed.suspend)}
      {flip('unsuspend', s.unsuspend, allowed.unsuspend)}
      {live && allowed.terminate && (
        <Popconfirm title={s.terminateConfirm} onConfirm={() => change.mutate('terminate')}>
          <Button size="small" type="link" danger disabled={busy}>
            {s.terminate}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
