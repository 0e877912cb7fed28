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

/** A contract's period: its type and when it starts and ends. */
export interface ContractPeriod {
  contractType: ContractType;
  startAt: number;
  endAt: number;
}

/** What the status rules read of a package: its period, stored status and booked renewal. */
export interface PackageState extends ContractPeriod {
  status: PackageStatus;
  /** A renewal booked to start later; the package takes it when it starts (ADR 0024). */
  renewal: ContractPeriod | null;
}

/**
 * The package as it stands at `nowMs`: a booked renewal whose start has come becomes the
 * period, and the status follows the clock. Suspended and terminated packages stay as they
 * are (unsuspending settles a suspended one).
 */
export function settlePackage<P extends PackageState>(pkg: P, nowMs: number): P {
  if (pkg.status === 'SUSPENDED' || pkg.status === 'TERMINATED') return pkg;
  const taken = pkg.renewal !== null && nowMs >= pkg.renewal.startAt ? { ...pkg.renewal, renewal: null } : {};
  const next = { ...pkg, ...taken };
  return { ...next, status: timeStatus(next.startAt, next.endAt, nowMs) };
}

/** Suspended and terminated packages keep their status; the others follow the clock. */
export function effectiveStatus(pkg: PackageState, nowMs: number): PackageStatus {
  return settlePackage(pkg, nowMs).status;
}

/**
 * ACTIVE with fewer than 3 days left, unless a booked renewal starts by the end: that vehicle
 * does not run out.
 */
export function isExpiringSoon(pkg: PackageState, nowMs: number): boolean {
  const now = settlePackage(pkg, nowMs);
  if (now.status !== 'ACTIVE' || now.endAt - nowMs >= EXPIRING_SOON_MS) return false;
  return now.renewal === null || now.renewal.startAt > now.endAt;
}

/**
 * Renew: a renewal starting later is booked and the package keeps its current period until
 * the renewal starts, so a vehicle renewed before its end stays covered; a renewal starting
 * now or earlier replaces the period at once. Renewing again replaces a booked renewal.
 */
export function renewPackage<P extends PackageState>(pkg: P, period: ContractPeriod, nowMs: number): P {
  if (period.startAt > nowMs) return { ...pkg, renewal: { ...period } };
  return settlePackage({ ...pkg, ...period, renewal: null }, nowMs);
}

export const PACKAGE_ACTIONS = ['add', 'edit', 'renew', 'suspend', 'unsuspend', 'terminate'] as const;
export type PackageAction = (typeof PACKAGE_ACTIONS)[number];

/**
 * Which actions a vehicle's current package allows (spec 3 §4): Add only without a package;
 * Edit and Renew need a package that is not suspended; Suspend needs one not yet suspended;
 * Unsuspend only a suspended one; nothing for TERMINATED, Add included (termination is final
 * for the vehicle). Terminate is allowed from every other state.
 */
export function packageActions(status: PackageStatus | null): Readonly<Record<PackageAction, boolean>> {
  const live = status !== null && status !== 'TERMINATED';
  return {
    add: status === null,
    edit: live && status !== 'SUSPENDED',
    renew: live && status !== 'SUSPENDED',
    suspend: live && status !== 'SUSPENDED',
    unsuspend: status === 'SUSPENDED',
    terminate: live,
  };
}

/**
 * What the scheduled job records for a package at `nowMs`: 'start' when a pending period or a
 * booked renewal begins, 'expire' when the period ends, null when nothing is due.
 */
export function dueChange(pkg: PackageState, nowMs: number): 'start' | 'expire' | null {
  const next = settlePackage(pkg, nowMs);
  const renewed = next.renewal !== pkg.renewal;
  if (!renewed && next.status === pkg.status) return null;
  if (next.status === 'EXPIRED') return 'expire';
  return next.status === 'ACTIVE' ? 'start' : null;
}
