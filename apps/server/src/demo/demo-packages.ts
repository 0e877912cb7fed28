import { contractEndAt, timeStatus, type ContractType, type PackageStatus } from '@jejak/domain';
import { newPackageId, type StoredPackage } from '../storage/repos/fleet/packages-repo.ts';
import type { Repos } from '../storage/repos/unit-of-work.ts';

const DAY_MS = 86_400_000;

/**
 * Subscriptions of the demo vehicles, by index in DEMO_VEHICLES, so every status and flag of
 * the Vehicle Subscription screen shows: running, renewed ahead of its end (a booked renewal),
 * expiring soon, future, expired, suspended, terminated, and vehicles with no package (indexes
 * not listed).
 */
const DEMO_PACKAGES: {
  vehicle: number;
  contractType: ContractType;
  startDaysAgo: number;
  endDays?: number;
  status?: PackageStatus;
  /** A renewal of this type booked to start when the package ends, a week ago. */
  renewal?: ContractType;
}[] = [
  { vehicle: 0, contractType: 'TWELVE', startDaysAgo: 90 },
  { vehicle: 1, contractType: 'TWENTY_FOUR', startDaysAgo: 400, renewal: 'TWELVE' },
  { vehicle: 2, contractType: 'CUSTOM', startDaysAgo: 88, endDays: 2 },
  { vehicle: 3, contractType: 'TWELVE', startDaysAgo: -10 },
  { vehicle: 4, contractType: 'CUSTOM', startDaysAgo: 200, endDays: -15 },
  { vehicle: 5, contractType: 'TWELVE', startDaysAgo: 30, status: 'SUSPENDED' },
  { vehicle: 6, contractType: 'TWELVE', startDaysAgo: 500, status: 'TERMINATED' },
  { vehicle: 12, contractType: 'TWENTY_FOUR', startDaysAgo: 60 },
  { vehicle: 13, contractType: 'TWELVE', startDaysAgo: 363 },
];

/** Writes the demo packages, each with its 'add' log row. */
export async function seedDemoPackages(
  tx: Pick<Repos, 'packages' | 'userFleet'>,
  vehicles: { vid: string; uid: string }[],
  timeZone: string,
  nowMs: number,
): Promise<void> {
  for (const p of DEMO_PACKAGES) {
    const vehicle = vehicles[p.vehicle];
    if (!vehicle) continue;
    const startAt = nowMs - p.startDaysAgo * DAY_MS;
    const endAt = contractEndAt(p.contractType, startAt, nowMs + (p.endDays ?? 0) * DAY_MS, timeZone) ?? startAt;
    const pkg: StoredPackage = {
      vehiclePackageId: newPackageId(),
      vid: vehicle.vid,
      uid: vehicle.uid,
      contractType: p.contractType,
      startAt,
      endAt,
      status: timeStatus(startAt, endAt, Math.min(startAt, nowMs)),
      renewal: null,
      createdAt: Math.min(startAt, nowMs),
      updatedAt: nowMs,
    };
    const renewal = p.renewal
      ? { contractType: p.renewal, startAt: endAt, endAt: contractEndAt(p.renewal, endAt, null, timeZone) ?? endAt }
      : null;
    const final = { ...pkg, status: p.status ?? timeStatus(startAt, endAt, nowMs), renewal };
    await tx.packages.insert(final);
    await tx.packages.log(pkg, 'add', null, pkg.createdAt);
    if (renewal) await tx.packages.log({ ...final, ...renewal, status: 'PENDING' }, 'renew', null, nowMs - 7 * DAY_MS);
    if (p.status === 'SUSPENDED') await tx.packages.log(final, 'suspend', null, nowMs - DAY_MS);
    if (p.status === 'TERMINATED') await tx.packages.log(final, 'terminate', null, nowMs - DAY_MS);
    await tx.userFleet.setSubscriptionDates(pkg.vid, pkg.startAt, pkg.endAt);
  }
}
