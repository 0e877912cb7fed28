import {
  filterDeviceLogs,
  filterTransitRecords,
  PLAYBACK_MAX_FIXES,
  TRACK_EXPORT_MAX_FIXES,
  PLAYBACK_STATUSES,
  PLAYBACK_STOP_STATUSES,
  type DeviceLog,
  type PlaybackStop,
  type PlaybackStopStatus,
  type PlaybackTrack,
  type RoutePlaybackResponse,
  type DeviceTypeWindowRequest,
  type DeviceWindowRequest,
  type TransitRecord,
  type TripRecord,
  type VehicleLog,
  type VehicleWindowRequest,
} from '@jejak/contract';
import { trackHeadings, type LatLon, type TrackFix, type TransitStatus, type User } from '@jejak/domain';
import { AppError } from '../../errors.ts';
import type { PlaybackFix } from '../../storage/repos/records/records-repo.ts';
import type { Repos } from '../../storage/repos/unit-of-work.ts';
import { viewerOf } from '../accounts/user-service.ts';
import type { RecordReader } from './report-service.ts';

/** Fixes read for a report's route at most, spread over the window (the drawing thins them further). */
const ROUTE_READ_POINTS = 20_000;

/** One vehicle's records read for a window at most (Trip Record's tables, its PDF and export). */
const VEHICLE_RECORD_LIMIT = 10_000;

const windowOf = (req: VehicleWindowRequest) => ({ vids: [req.vid], startTime: req.startTime, endTime: req.endTime });

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** The fixes as the playback's columns (contract reports/playback.ts), the heading from the legs between them. */
function playbackTrack(fixes: readonly PlaybackFix[]): PlaybackTrack {
  const statuses: readonly string[] = PLAYBACK_STATUSES;
  return {
    time: fixes.map((f) => f.time),
    lat: fixes.map((f) => round(f.lat, 6)),
    lon: fixes.map((f) => round(f.lon, 6)),
    speed: fixes.map((f) => round(f.speed, 1)),
    heading: trackHeadings(fixes),
    // A status the table does not know (none today) reads as DISCONNECTED rather than failing the call.
    status: fixes.map((f) => {
      const i = statuses.indexOf(f.status);
      return i < 0 ? statuses.indexOf('DISCONNECTED') : i;
    }),
  };
}

const isStop = (status: TransitStatus): status is PlaybackStopStatus =>
  (PLAYBACK_STOP_STATUSES as readonly string[]).includes(status);

export function createRecordsService(repos: Pick<Repos, 'fleet' | 'records'>, reader: RecordReader) {
  const { fleet, records } = repos;
  // One vehicle's records of a window, with what is under way, as the Trip and Transit reports count them.
  const transitsOf = (req: VehicleWindowRequest) => reader.transits(windowOf(req), VEHICLE_RECORD_LIMIT);
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
      return transitsOf(req);
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
        transitsOf(req),
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
      const all = await transitsOf(req);
      const vehicle = (await fleet.vehicleHeading(req.vid))?.displayName ?? req.vid;
      return {
        records: filterTransitRecords(all, { statuses: req.status, minDurationMs: req.minDurationMs }),
        vehicle,
      };
    },

    async tripRecords(caller: User, req: VehicleWindowRequest): Promise<TripRecord[]> {
      await vehicleInReach(caller, req.vid);
      return reader.trips(windowOf(req), VEHICLE_RECORD_LIMIT);
    },

    async vehicleLogs(caller: User, req: VehicleWindowRequest): Promise<{ logs: VehicleLog[]; truncated: boolean }> {
      await vehicleInReach(caller, req.vid);
      return records.vehicleLogs(req.vid, req.startTime, req.endTime);
    },

    /** Trip Record's playback: the track as columns and the idling and parking stops of the window. */
    async routePlayback(caller: User, req: VehicleWindowRequest): Promise<RoutePlaybackResponse> {
      await vehicleInReach(caller, req.vid);
      const [{ fixes, thinned }, transits] = await Promise.all([
        records.playbackFixes(req.vid, req.startTime, req.endTime, PLAYBACK_MAX_FIXES),
        transitsOf(req),
      ]);
      const stops = transits.flatMap((t): PlaybackStop[] => {
        const status = t.transitStatus;
        if (!isStop(status)) return [];
        const { tsid, startTime, endTime, duration, startLocation: location } = t;
        return [{ tsid, transitStatus: status, startTime, endTime, duration, location }];
      });
      return { status: 200, ...req, track: playbackTrack(fixes), stops, thinned };
    },

    /** The route for a track file (GPX, KML, CSV): every fix of the window up to the export cap, and the vehicle's name. */
    async routeForExport(
      caller: User,
      req: VehicleWindowRequest,
    ): Promise<{ fixes: TrackFix[]; thinned: boolean; vehicle: { displayName: string; plate: string } }> {
      await vehicleInReach(caller, req.vid);
      const [vehicle, { fixes, thinned }] = await Promise.all([
        fleet.vehicleHeading(req.vid),
        records.playbackFixes(req.vid, req.startTime, req.endTime, TRACK_EXPORT_MAX_FIXES),
      ]);
      if (!vehicle) throw AppError.notFound('Vehicle not found');
      const headings = trackHeadings(fixes);
      return {
        fixes: fixes.map((f, i) => ({
          timeMs: f.time,
          lat: f.lat,
          lon: f.lon,
          speedKmh: f.speed,
          heading: headings[i] ?? 0,
          status: f.status,
        })),
        thinned,
        vehicle,
      };
    },

    async deviceLogs(caller: User, req: DeviceWindowRequest): Promise<{ logs: DeviceLog[]; truncated: boolean }> {
      await deviceInReach(caller, req.dvid);
      return records.deviceLogs(req.dvid, req.startTime, req.endTime);
    },

    /**
     * The debug log calls (spec 3 §7): the device log's rows, reached as deviceLogs is. With a
     * deviceType, a device of another model is refused rather than answered empty, so a wrong
     * type reads as a mistake and not as a silent device.
     */
    async deviceDebugLogs(
      caller: User,
      req: DeviceWindowRequest & { deviceType?: DeviceTypeWindowRequest['deviceType'] },
    ): Promise<{ logs: DeviceLog[]; truncated: boolean }> {
      await deviceInReach(caller, req.dvid);
      if (req.deviceType !== undefined) {
        const model = (await fleet.devicesByDvid([req.dvid])).get(req.dvid)?.device.model;
        if (model !== req.deviceType)
          throw AppError.validation(`deviceType ${req.deviceType} does not match the device's model ${model ?? '-'}`);
      }
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
