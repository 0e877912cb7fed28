import { randomUUID } from 'node:crypto';
import type { VehiclePackageLog } from '@jejak/contract';
import {
  isContractType,
  isPackageStatus,
  type ContractPeriod,
  type ContractType,
  type PackageStatus,
} from '@jejak/domain';
import type { Db } from '../../db/database.ts';
import type { VehiclePackagesTable } from '../../db/schema.ts';

/** A package row as stored (status as last written; the service derives the shown one). */
export interface StoredPackage {
  vehiclePackageId: string;
  vid: string;
  uid: string;
  contractType: ContractType;
  startAt: number;
  endAt: number;
  status: PackageStatus;
  /** A renewal booked to start later, taken when it starts (ADR 0024). */
  renewal: ContractPeriod | null;
  createdAt: number;
  updatedAt: number;
}

export type PackageLogAction = VehiclePackageLog['action'];

function toRenewal(r: VehiclePackagesTable): ContractPeriod | null {
  if (r.renewal_contract_type === null || r.renewal_start_at === null || r.renewal_end_at === null) return null;
  if (!isContractType(r.renewal_contract_type))
    throw new Error(`package ${r.vehicle_package_id} has an unknown renewal contract type`);
  return { contractType: r.renewal_contract_type, startAt: r.renewal_start_at, endAt: r.renewal_end_at };
}

/** The renewal columns of a package row. */
function renewalColumns(renewal: ContractPeriod | null) {
  return {
    renewal_contract_type: renewal?.contractType ?? null,
    renewal_start_at: renewal?.startAt ?? null,
    renewal_end_at: renewal?.endAt ?? null,
  };
}

function toStored(r: VehiclePackagesTable): StoredPackage {
  if (!isContractType(r.contract_type) || !isPackageStatus(r.status))
    throw new Error(`package ${r.vehicle_package_id} has an unknown contract type or status`);
  return {
    vehiclePackageId: r.vehicle_package_id,
    vid: r.vid,
    uid: r.uid,
    contractType: r.contract_type,
    startAt: r.start_at,
    endAt: r.end_at,
    status: r.status,
    renewal: toRenewal(r),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function createPackagesRepo(db: Db) {
  return {
    /** The current package of each vehicle: the live one, else the newest terminated one. */
    async currentByVids(vids: readonly string[]): Promise<StoredPackage[]> {
      if (vids.length === 0) return [];
      const rows = await db
        .selectFrom('vehicle_packages')
        .selectAll()
        .where('vid', 'in', [...vids])
        .orderBy('vid')
        .orderBy('created_at', 'desc')
        .execute();
      const current = new Map<string, StoredPackage>();
      for (const row of rows) {
        const pkg = toStored(row);
        const seen = current.get(pkg.vid);
        if (!seen || (seen.status === 'TERMINATED' && pkg.status !== 'TERMINATED')) current.set(pkg.vid, pkg);
      }
      return [...current.values()];
    },

    async byId(vehiclePackageId: string): Promise<StoredPackage | null> {
      const row = await db
        .selectFrom('vehicle_packages')
        .selectAll()
        .where('vehicle_package_id', '=', vehiclePackageId)
        .executeTakeFirst();
      return row ? toStored(row) : null;
    },

    /** Locks a vehicle's packages for the rest of the transaction (concurrent changes queue). */
    async lockVehicle(vid: string): Promise<void> {
      await db.selectFrom('vehicles').select('vid').where('vid', '=', vid).forUpdate().execute();
    },

    async insert(pkg: StoredPackage): Promise<void> {
      await db
        .insertInto('vehicle_packages')
        .values({
          vehicle_package_id: pkg.vehiclePackageId,
          vid: pkg.vid,
          uid: pkg.uid,
          contract_type: pkg.contractType,
          start_at: pkg.startAt,
          end_at: pkg.endAt,
          status: pkg.status,
          ...renewalColumns(pkg.renewal),
          created_at: pkg.createdAt,
          updated_at: pkg.updatedAt,
        })
        .execute();
    },

    /** Writes a package's new state, only if its status is still `expected` (false otherwise). */
    async update(pkg: StoredPackage, expected: PackageStatus): Promise<boolean> {
      const r = await db
        .updateTable('vehicle_packages')
        .set({
          contract_type: pkg.contractType,
          start_at: pkg.startAt,
          end_at: pkg.endAt,
          status: pkg.status,
          ...renewalColumns(pkg.renewal),
          updated_at: pkg.updatedAt,
        })
        .where('vehicle_package_id', '=', pkg.vehiclePackageId)
        .where('status', '=', expected)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** A log row holding `pkg`'s contract, status and period (for a booked renewal, the renewal's). */
    async log(
      pkg: ContractPeriod & { vehiclePackageId: string; vid: string; status: PackageStatus },
      action: PackageLogAction,
      by: string | null,
      nowMs: number,
    ): Promise<void> {
      await db
        .insertInto('vehicle_package_logs')
        .values({
          vehicle_package_log_id: randomUUID(),
          vehicle_package_id: pkg.vehiclePackageId,
          vid: pkg.vid,
          action,
          contract_type: pkg.contractType,
          status: pkg.status,
          start_at: pkg.startAt,
          end_at: pkg.endAt,
          updated_by: by,
          created_at: nowMs,
          updated_at: nowMs,
        })
        .execute();
    },

    /** Newest first. */
    async logsByVids(vids: readonly string[]): Promise<VehiclePackageLog[]> {
      if (vids.length === 0) return [];
      const rows = await db
        .selectFrom('vehicle_package_logs')
        .selectAll()
        .where('vid', 'in', [...vids])
        .orderBy('created_at', 'desc')
        .orderBy('seq', 'desc')
        .execute();
      return rows.flatMap((r) =>
        isContractType(r.contract_type) && isPackageStatus(r.status)
          ? [
              {
                vehiclePackageLogId: r.vehicle_package_log_id,
                vehiclePackageId: r.vehicle_package_id,
                vid: r.vid,
                action: r.action as PackageLogAction,
                contractType: r.contract_type,
                status: r.status,
                startAt: r.start_at,
                endAt: r.end_at,
                updatedBy: r.updated_by,
                createdAt: r.created_at,
                updatedAt: r.updated_at,
              },
            ]
          : [],
      );
    },

    /** PENDING or ACTIVE packages whose stored status the clock has overtaken, and booked renewals that start. */
    async due(nowMs: number, limit: number): Promise<StoredPackage[]> {
      const rows = await db
        .selectFrom('vehicle_packages')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'PENDING'), eb('start_at', '<=', nowMs)]),
            eb.and([eb('status', '=', 'ACTIVE'), eb('end_at', '<=', nowMs)]),
            eb.and([
              eb('status', 'in', ['PENDING', 'ACTIVE', 'EXPIRED']),
              eb('renewal_start_at', 'is not', null),
              eb('renewal_start_at', '<=', nowMs),
            ]),
          ]),
        )
        .orderBy('end_at')
        .limit(limit)
        .execute();
      return rows.map(toStored);
    },
  };
}
export type PackagesRepo = ReturnType<typeof createPackagesRepo>;

export function newPackageId(): string {
  return randomUUID();
}
