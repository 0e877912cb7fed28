import type { PackageRenewal, UserVehicleRow, VehiclePackage } from '@jejak/contract';
import { PACKAGE_STATUSES, type PackageStatus } from '@jejak/domain';
import { formatAdminDateTime } from '../format.ts';

/** A row of the subscription table: a vehicle and its current package, if any. */
export interface SubscriptionRow {
  vehicle: UserVehicleRow;
  pkg: VehiclePackage | null;
}

export function subscriptionRows(
  vehicles: readonly UserVehicleRow[],
  packages: readonly VehiclePackage[],
): SubscriptionRow[] {
  const byVid = new Map(packages.map((p) => [p.vid, p]));
  return vehicles
    .map((vehicle) => ({ vehicle, pkg: byVid.get(vehicle.vid) ?? null }))
    .sort((a, b) => a.vehicle.vehiclePlate.localeCompare(b.vehicle.vehiclePlate));
}

export interface StatusSummary {
  total: number;
  byStatus: Record<PackageStatus, number>;
  noPackage: number;
  expiringSoon: number;
}

/** The counts above the table: vehicles per package status, without a package, expiring soon. */
export function statusSummary(rows: readonly SubscriptionRow[]): StatusSummary {
  const byStatus = Object.fromEntries(PACKAGE_STATUSES.map((s) => [s, 0])) as Record<PackageStatus, number>;
  let noPackage = 0;
  let expiringSoon = 0;
  for (const { pkg } of rows) {
    if (!pkg) noPackage++;
    else {
      byStatus[pkg.status]++;
      if (pkg.expiringSoon) expiringSoon++;
    }
  }
  return { total: rows.length, byStatus, noPackage, expiringSoon };
}

/** The IMEI shown on the forms: the part of the device id after the '#' ('-' without a device). */
export function deviceImei(dvid: string): string {
  const at = dvid.indexOf('#');
  if (dvid === '-' || dvid === '') return '-';
  return at >= 0 ? dvid.slice(at + 1) : dvid;
}

/** A booked renewal in words: `template` with {type}, {start} and {end}. */
export function renewalText(renewal: PackageRenewal, template: string): string {
  return template
    .replace('{type}', renewal.contractType)
    .replace('{start}', formatAdminDateTime(renewal.startAt))
    .replace('{end}', formatAdminDateTime(renewal.endAt));
}
