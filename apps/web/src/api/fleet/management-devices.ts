import { DevicesResponseSchema, MANAGEMENT_PATHS, type ManagedDevice } from '@jejak/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost } from '../client.ts';

export const managedDeviceKeys = {
  all: ['managedDevices'] as const,
  ofUser: (uid: string) => ['managedDevices', uid] as const,
};

/** POST /device/vgid/get {uid, vgids: []}: every device the user reaches, one row each. */
export async function fetchManagedDevices(uid: string): Promise<ManagedDevice[]> {
  return (await apiPost(MANAGEMENT_PATHS.deviceVgidGet, { uid, vgids: [] }, DevicesResponseSchema)).devices;
}

export function useManagedDevices(uid: string): UseQueryResult<ManagedDevice[]> {
  return useQuery({ queryKey: managedDeviceKeys.ofUser(uid), queryFn: () => fetchManagedDevices(uid) });
}
