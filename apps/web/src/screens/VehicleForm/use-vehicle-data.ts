import type { UserRelationsResponse } from '@jejak/contract';
import { mayCall, toPermissionRole } from '@jejak/domain';
import { useQuery } from '@tanstack/react-query';
import { accountKeys, fetchRelations, fetchUserDetail, fetchUserDevices } from '../../api/accounts/accounts.ts';
import { useSessionUser } from '../../store/session.ts';
import type { DeviceChoice } from './vehicle-choices.ts';

export interface VehicleFormData {
  /** The devices the signed-in user may put on a vehicle; null for those who never see devices. */
  devices: DeviceChoice[] | null;
  devicesLoading: boolean;
  target: UserRelationsResponse | undefined;
  targetName: string;
  /** The target user's hierarchy path, null until known. */
  targetHierarchy: string | null;
  targetLoading: boolean;
  distributor: { relations: UserRelationsResponse | undefined; name: string } | null;
}

/** What the vehicle form offers: the caller's devices, the target user's groups and templates. */
export function useVehicleFormData(targetUid: string | null): VehicleFormData {
  const me = useSessionUser();
  const seesDevices = mayCall(toPermissionRole(me.userRole), 'readDevices');
  const isDistributor = me.userRole === 'distributor';
  const devices = useQuery({
    queryKey: accountKeys.devices(me.uid),
    queryFn: () => fetchUserDevices(me.uid),
    enabled: seesDevices,
  });
  const target = useQuery({
    queryKey: accountKeys.relations(targetUid ?? ''),
    queryFn: () => fetchRelations(targetUid ?? ''),
    enabled: targetUid !== null,
  });
  const targetUser = useQuery({
    queryKey: accountKeys.detail(targetUid ?? ''),
    queryFn: () => fetchUserDetail(targetUid ?? ''),
    enabled: targetUid !== null && targetUid !== me.uid,
  });
  const mine = useQuery({
    queryKey: accountKeys.relations(me.uid),
    queryFn: () => fetchRelations(me.uid),
    enabled: isDistributor,
  });
  return {
    devices: seesDevices ? (devices.data ?? []) : null,
    devicesLoading: seesDevices && devices.isPending,
    target: targetUid ? target.data : undefined,
    targetName: targetUid === me.uid ? me.userName : (targetUser.data?.userName ?? ''),
    targetHierarchy: targetUid === me.uid ? me.userHierarchy : (targetUser.data?.userHierarchy ?? null),
    targetLoading: targetUid !== null && target.isPending,
    distributor: isDistributor ? { relations: mine.data, name: me.userName } : null,
  };
}
