import {
  filterTransitRecords,
  type DeviceLog,
  type DeviceWindowRequest,
  type TransitRecord,
  type TripRecord,
  type VehicleLog,
  type VehicleWindowRequest,
} from '@jejak/contract';
import type { TransitStatus, User } from '@jejak/domain';
import { AppError } from '../errors.ts';
import type { FleetRepo } from '../storage/fleet-repo.ts';
import type { RecordsRepo } from '../storage/records-repo.ts';
import { viewerOf } from './user-service.ts';

export function createRecordsService(fleet: FleetRepo, records: RecordsRepo) {
  // Out of reach answers exactly like missing.
  async function vehicleInReach(caller: User, vid: string): Promise<void> {
    if (!(await fleet.isVehicleVisible(viewerOf(caller), vid))) throw AppError.notFound('Vehicle not found');
  }

  return {
    async transitRecords(caller: User, req: VehicleWindowRequest): Promise<TransitRecord[]> {
      await vehicleInReach(caller, req.vid);
      return records.transitRecords(req.vid, req.startTime, req.endTime);
    },

    /** Trip Record's export: the records Trip Details shows under its filters, and the vehicle's name. */
    async transitRecordsForExport(
      caller: User,
      req: VehicleWindowRequest & { status?: readonly TransitStatus[] | undefined; minDurationMs: number },
    ): Promise<{ records: TransitRecord[]; vehicle: string }> {
      await vehicleInReach(caller, req.vid);
      const all = await records.transitRecords(req.vid, req.startTime, req.endTime);
      const vehicle = (await fleet.vehicleDisplayName(req.vid)) ?? req.vid;
      return {
        records: filterTransitRecords(all, { statuses: req.status, minDurationMs: req.minDurationMs }),
        vehicle,
      };
    },

    async tripRecords(caller: User, req: VehicleWindowRequest): Promise<TripRecord[]> {
      await vehicleInReach(caller, req.vid);
      return records.tripRecords(req.vid, req.startTime, req.endTime);
    },

    async vehicleLogs(caller: User, req: VehicleWindowRequest): Promise<{ logs: VehicleLog[]; truncated: boolean }> {
      await vehicleInReach(caller, req.vid);
      return records.vehicleLogs(req.vid, req.startTime, req.endTime);
    },

    async deviceLogs(caller: User, req: DeviceWindowRequest): Promise<{ logs: DeviceLog[]; truncated: boolean }> {
      const visible = await fleet.filterVisibleDvids(viewerOf(caller), [req.dvid]);
      if (!visible.has(req.dvid)) throw AppError.notFound('Device not found');
      return records.deviceLogs(req.dvid, req.startTime, req.endTime);
    },
  };
}
export type RecordsService = ReturnType<typeof createRecordsService>;
