/** What the subscription forms are opened with (spec 3 §2): Add {vid, uid}; Edit and Renew {vehiclePackageId, vid}. */
export interface SubscriptionState {
  vid: string;
  uid?: string;
  vehiclePackageId?: string;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

export function readSubscriptionState(state: unknown): SubscriptionState | null {
  if (typeof state !== 'object' || state === null) return null;
  const record = state as Record<string, unknown>;
  const vid = text(record.vid);
  if (!vid) return null;
  const uid = text(record.uid);
  const vehiclePackageId = text(record.vehiclePackageId);
  return { vid, ...(uid ? { uid } : {}), ...(vehiclePackageId ? { vehiclePackageId } : {}) };
}
