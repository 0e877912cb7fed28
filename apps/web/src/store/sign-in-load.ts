import { OPERATIONS, accessAllows, type Access } from '@jejak/contract';
import type { RoleValue } from '@jejak/domain';
import { useEffect } from 'react';
import { accountKeys, fetchRelations } from '../api/accounts/accounts.ts';
import { fetchRuleTemplates, ruleTemplateKeys } from '../api/alerts/rules.ts';
import { fetchNotifications, notificationKeys } from '../api/alerts/notifications.ts';
import { fetchManagedDevices, managedDeviceKeys } from '../api/fleet/management-devices.ts';
import { vehicleGroupsQuery } from '../api/fleet/vehicle-groups.ts';
import { fetchGeofences, geofencesQueryKey } from '../api/geofences/geofences.ts';
import { queryClient } from '../api/query-client.ts';

/** Held this long before a screen asks again in the background: the load is the sign-in's. */
export const SIGN_IN_STALE_MS = 5 * 60_000;

interface SignInQuery {
  /** The operations the query calls: it is loaded only when the role may call them all. */
  needs: readonly { access: Access }[];
  queryKey: readonly unknown[];
  queryFn: () => Promise<unknown>;
}

/**
 * What spec 1 §4's sign-in load fetches besides the user info (RequireSession's) and the
 * hierarchy (the live fleet's): the user's vehicle groups, device groups and their devices,
 * rule templates, notifications, geofences and geofence templates — each only when the role may
 * read it, so a sign-in never fires a request the server would refuse.
 */
export function signInQueries(uid: string, role: RoleValue): SignInQuery[] {
  const all: SignInQuery[] = [
    { needs: [OPERATIONS.vehicleGroupGet], ...vehicleGroupsQuery(uid) },
    {
      needs: [OPERATIONS.deviceVgidGet],
      queryKey: managedDeviceKeys.ofUser(uid),
      queryFn: () => fetchManagedDevices(uid),
    },
    { needs: [OPERATIONS.userRelationGet], queryKey: accountKeys.relations(uid), queryFn: () => fetchRelations(uid) },
    {
      needs: [OPERATIONS.ruleTemplateGet],
      queryKey: ruleTemplateKeys.ofUser(uid),
      queryFn: () => fetchRuleTemplates(uid),
    },
    {
      needs: [OPERATIONS.notificationGet],
      queryKey: notificationKeys.ofUser(uid),
      queryFn: () => fetchNotifications(uid),
    },
    {
      needs: [OPERATIONS.geofenceGet, OPERATIONS.geofenceTemplateGet],
      queryKey: geofencesQueryKey(uid),
      queryFn: () => fetchGeofences(uid),
    },
  ];
  return all.filter((q) => q.needs.every((op) => accessAllows(op.access, role)));
}

/**
 * Loads them once at sign-in, into the cache the screens read (the same keys), so no screen
 * waits for them again; a screen that changes one invalidates it as before.
 */
export function useSignInLoad(uid: string, role: RoleValue): void {
  useEffect(() => {
    for (const q of signInQueries(uid, role))
      void queryClient.prefetchQuery({ queryKey: q.queryKey, queryFn: q.queryFn, staleTime: SIGN_IN_STALE_MS });
  }, [uid, role]);
}
