import { API_PATHS, GetInfoResponseSchema, HierarchyResponseSchema, type HierarchyResponse } from '@jejak/contract';
import type { StageRecord } from '@jejak/domain';
import { apiPost } from '../client.ts';

export const userInfoQueryKey = (uid: string) => ['userInfo', uid] as const;
export const hierarchyQueryKey = (uid: string) => ['hierarchy', uid] as const;

/** The user's stage records (V1/V2), which gate the console (spec 1 §4). */
export async function fetchStages(uid: string): Promise<StageRecord[]> {
  const response = await apiPost(API_PATHS.userGetInfo, { uid }, GetInfoResponseSchema);
  return response.user;
}

export function fetchHierarchy(uid: string): Promise<HierarchyResponse> {
  return apiPost(API_PATHS.userGetHierarchy, { uid }, HierarchyResponseSchema);
}

/**
 * The hierarchy query, one set of options for every reader: the live fleet loads it once per
 * sign-in (and again after the channel reconnects); the others read its cache.
 */
export function hierarchyQuery(uid: string) {
  return { queryKey: hierarchyQueryKey(uid), queryFn: () => fetchHierarchy(uid), staleTime: Infinity } as const;
}
