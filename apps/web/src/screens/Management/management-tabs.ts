import { isRoleValue } from '@jejak/domain';

export const MANAGEMENT_TABS = ['Vehicle', 'Device', 'Rule', 'Notification', 'Maintenance', 'Webhook'] as const;
export type ManagementTab = (typeof MANAGEMENT_TABS)[number];

/**
 * The tabs a role sees (spec 2 §2, §6): none until the role is known; the Device tab only for
 * roles that may read devices (never fleet owner or fleet operator); the Webhook tab only for
 * roles that manage alerts (ADR 0089); Maintenance (ADR 0092) for every role.
 */
export function visibleTabs(role: unknown, readsDevices: boolean, managesAlerts = true): ManagementTab[] {
  if (!isRoleValue(role)) return [];
  const devicesHidden = !readsDevices || role === 'fleetOwner' || role === 'fleetOperator';
  return MANAGEMENT_TABS.filter((tab) => (tab !== 'Device' || !devicesHidden) && (tab !== 'Webhook' || managesAlerts));
}
