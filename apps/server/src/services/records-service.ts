import {
  filterDeviceLogs,
  filterTransitRecords,
  type DeviceLog,
  type DeviceWindowRequest,
  type TransitRecord,
  type TripRecord,
  type VehicleLog,
  type VehicleWindowRequest,
} from '@jejak/contract';
import type { LatLon, TransitStatus, User } from '@jejak/domain';
import { AppError } from '../errors.ts';
import type { FleetRepo } from '../storage/fleet-repo.ts';
import type { RecordsRepo } from '../storage/records-repo.ts';
import { viewerOf } from './user-service.ts';

/** Fixes read for a report's route at most, spread over the window (the drawing thins them further). */
const ROUTE_READ_POINTS = 20_000;

export function createRecordsService(fleet: FleetRepo, records: RecordsRepo) {
  // Out of reach answers exactly like missing.
  async function vehicleInReach(caller: User, vid: string): Promise<void> {
    if (!(await fleet.isVehicleVisible(viewerOf(caller), vid))) throw AppError.notFound('Vehicle not found');
  }

  async function deviceInReach(caller: User, dvid: string): Promise<void> {
    const visible = await fleet.filterVisibleDvids(viewerOf(caller), [dvid]);
    if (!visible.has(dvid)) throw AppError.notFound('Device not found');
  }

  return {
    async transitRecords(caller: User, req: VehicleWindowRequest): Promise<TransitRecord[]> {
      await vehicleInReach(caller, req.vid);
      return records.transitRecords(req.vid, req.startTime, req.endTime);
    },

    /** What the Transit PDF shows: the vehicle's name, every transit record of the window and its route. */
    async transitReport(
      caller: User,
      req: VehicleWindowRequest,
    ): Promise<{
      vehicle: { displayName: string; plate: string; owner: string | null };
      records: TransitRecord[];
      route: { points: LatLon[]; total: number };
    }> {
      await vehicleInReach(caller, req.vid);
      const [vehicle, transits, route] = await Promise.all([
        fleet.vehicleHeading(req.vid),
        records.transitRecords(req.vid, req.startTime, req.endTime),
        records.routePoints(req.vid, req.startTime, req.endTime, ROUTE_READ_POINTS),
      ]);
      if (!vehicle) throw AppError.notFound('Vehicle not found');
      return { vehicle, records: transits, route };
    },

    /** Trip Record's export: the records Trip Details shows under its filters, and the vehicle's name. */
    async transitRecordsForExport(
      caller: User,
      req: VehicleWindowRequest & { status?: readonly TransitStatus[] | undefined; minDurationMs: number },
    ): Promise<{ records: TransitRecord[]; vehicle: string }> {
      await vehicleInReach(caller, req.vid);
      const all = await records.transitRecords(req.vid, req.startTime, req.endTime);
      const vehicle = (await fleet.vehicleHeading(req.vid))?.displayName ?? req.vid;
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
      await deviceInReach(caller, req.dvid);
      return records.deviceLogs(req.dvid, req.startTime, req.endTime);
    },

    /** The Device Inspector's export: the device's logs of the chosen packages (all when none). */
    async deviceLogsForExport(
      caller: User,
      req: DeviceWindowRequest & { packages?: readonly string[] | undefined },
    ): Promise<DeviceLog[]> {
      await deviceInReach(caller, req.dvid);
      const { logs } = await records.deviceLogs(req.dvid, req.startTime, req.endTime);
      return filterDeviceLogs(logs, req.packages);
    },

    /** The Vehicle Inspector's export: the vehicle's logs and the name its file carries. */
    async vehicleLogsForExport(
      caller: User,
      req: VehicleWindowRequest,
    ): Promise<{ logs: VehicleLog[]; vehicle: string }> {
      await vehicleInReach(caller, req.vid);
      const { logs } = await records.vehicleLogs(req.vid, req.startTime, req.endTime);
      return { logs, vehicle: (await fleet.vehicleHeading(req.vid))?.displayName ?? req.vid };
    },
  };
}
export type RecordsService = ReturnType<typeof createRecordsService>;
