import { addCalendarMonths } from './calendar.ts';

/** Contract types of a vehicle package (spec 3 §3). */
export const CONTRACT_TYPES = ['CUSTOM', 'TWELVE', 'TWENTY_FOUR'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/** Months of the fixed contracts; CUSTOM has its end picked by hand. */
export const CONTRACT_MONTHS: Readonly<Record<Exclude<ContractType, 'CUSTOM'>, number>> = {
  TWELVE: 12,
  TWENTY_FOUR: 24,
};

/** Package status values (spec 3 §4). EXPIRING is a display flag here, not a status. */
export const PACKAGE_STATUSES = ['PENDING', 'ACTIVE', 'EXPIRED', 'SUSPENDED', 'TERMINATED'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];
export type TimeStatus = Extract<PackageStatus, 'PENDING' | 'ACTIVE' | 'EXPIRED'>;

/** Status colours of the subscription forms: blue, green, grey (spec 3 §4). */
export const TIME_STATUS_COLOURS: Readonly<Record<TimeStatus, 'blue' | 'green' | 'grey'>> = {
  PENDING: 'blue',
  ACTIVE: 'green',
  EXPIRED: 'grey',
};

/** An ACTIVE package with less than this left is flagged expiring soon (spec 3 §4, §9). */
export const EXPIRING_SOON_MS = 3 * 86_400_000;

/** Default contract of a new package: 12 months starting now (spec 3 §5). */
export const DEFAULT_CONTRACT_TYPE: ContractType = 'TWELVE';

export function isContractType(value: unknown): value is ContractType {
  return typeof value === 'string' && (CONTRACT_TYPES as readonly string[]).includes(value);
}

export function isPackageStatus(value: unknown): value is PackageStatus {
  return typeof value === 'string' && (PACKAGE_STATUSES as readonly string[]).includes(value);
}

/**
 * The end of a contract: start plus 12 or 24 calendar months in the users' time zone for the
 * fixed contracts (recomputed whenever start or type changes), the picked end for CUSTOM.
 */
export function contractEndAt(
  contractType: ContractType,
  startAt: number,
  customEndAt: number | null,
  timeZone: string,
): number | null {
  if (contractType === 'CUSTOM') return customEndAt;
  return addCalendarMonths(startAt, CONTRACT_MONTHS[contractType], timeZone);
}

/** For CUSTOM the end may not be before the start (earlier dates are disabled, spec 3 §5). */
export function isEndBeforeStart(startAt: number, endAt: number): boolean {
  return endAt < startAt;
}

/** Status from time: start in the future PENDING, running ACTIVE, end reached EXPIRED. */
export function timeStatus(startAt: number, endAt: number, nowMs: number): TimeStatus {
  if (nowMs < startAt) return 'PENDING';
  if (nowMs < endAt) return 'ACTIVE';
  return 'EXPIRED';
}

export interface PackagePeriod {
  status: PackageStatus;
  startAt: number;
  endAt: number;
}

/** Suspended and terminated packages keep their status; the others follow the clock. */
export function effectiveStatus(pkg: PackagePeriod, nowMs: number): PackageStatus {
  if (pkg.status === 'SUSPENDED' || pkg.status === 'TERMINATED') return pkg.status;
  return timeStatus(pkg.startAt, pkg.endAt, nowMs);
}

/** ACTIVE with fewer than 3 days left. */
export function isExpiringSoon(pkg: PackagePeriod, nowMs: number): boolean {
  return effectiveStatus(pkg, nowMs) === 'ACTIVE' && pkg.endAt - nowMs < EXPIRING_SOON_MS;
}

export const PACKAGE_ACTIONS = ['add', 'edit', 'renew', 'suspend', 'unsuspend', 'terminate'] as const;
export type PackageAction = (typeof PACKAGE_ACTIONS)[number];

/**
 * Which actions a vehicle's current package allows (spec 3 §4): Add only without a package;
 * Edit and Renew need a package that is not suspended; Suspend needs one not yet suspended;
 * Unsuspend only a suspended one; nothing for TERMINATED. Terminate is allowed from every
 * other state. A terminated package no longer counts as "a package exists", so a new one
 * may be added (ADR accounts-decisions).
 */
export function packageActions(status: PackageStatus | null): Readonly<Record<PackageAction, boolean>> {
  const live = status !== null && status !== 'TERMINATED';
  return {
    add: !live,
    edit: live && status !== 'SUSPENDED',
    renew: live && status !== 'SUSPENDED',
    suspend: live && status !== 'SUSPENDED',
    unsuspend: status === 'SUSPENDED',
    terminate: live,
  };
}

/** The status a sweep at `nowMs` stores for a package, or null when it stays as it is. */
export function dueStatus(pkg: PackagePeriod, nowMs: number): TimeStatus | null {
  if (pkg.status !== 'PENDING' && pkg.status !== 'ACTIVE') return null;
  const next = timeStatus(pkg.startAt, pkg.endAt, nowMs);
  return next === pkg.status ? null : next;
}
