import { PACKAGE_TEXTS } from '@jejak/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountKeys, fetchUserVehicles } from '../../api/accounts/accounts.ts';
import { errorText } from '../../api/error-text.ts';
import { fetchPackages, packageKeys } from '../../api/fleet/packages.ts';
import { useSessionUser } from '../../store/session.ts';
import { showToast } from '../feedback/notifier.ts';
import { subscriptionRows, type SubscriptionRow } from './subscription-rows.ts';

export interface Subscriptions {
  rows: SubscriptionRow[];
  loading: boolean;
}

/** Every vehicle the signed-in user reaches with its current package (the table and the forms). */
export function useSubscriptions(): Subscriptions {
  const me = useSessionUser();
  const vehicles = useQuery({ queryKey: accountKeys.vehicles(me.uid), queryFn: () => fetchUserVehicles(me.uid) });
  const vids = vehicles.data?.map((v) => v.vid) ?? [];
  const packages = useQuery({
    queryKey: packageKeys.current(me.uid),
    queryFn: () => fetchPackages(vids),
    enabled: vehicles.data !== undefined,
    staleTime: 0,
  });
  useEffect(() => {
    if (vehicles.error) showToast('error', errorText(vehicles.error));
  }, [vehicles.error]);
  useEffect(() => {
    if (packages.error) showToast('error', PACKAGE_TEXTS.getError);
  }, [packages.error]);
  // No rows until the packages are known: a vehicle shown before them would read as having no
  // package (and offer Add), and the summary would count every vehicle as without one.
  return {
    rows: packages.data ? subscriptionRows(vehicles.data ?? [], packages.data) : [],
    loading: vehicles.isPending || (packages.isPending && !packages.isError),
  };
}
