import {
  fuelReportRows,
  vehicleReportName,
  type AnyReportRows,
  type ReportExportRequestSchema,
  type ReportKind,
  type ReportRequest,
  type ReportRowsByKind,
} from '@jejak/contract';
import type { User } from '@jejak/domain';
import type { z } from 'zod';
import type { Repos } from '../../storage/repos/unit-of-work.ts';
import type { FuelService } from '../fleet/fuel-service.ts';
import type { ReportKindsService } from './report-kinds-service.ts';
import type { Report, ReportService } from './report-service.ts';

/** Where the export of one kind reads its rows: the same calls the screen makes. */
export type RowSource<K extends ReportKind> = (caller: User, req: ReportRequest) => Promise<ReportRowsByKind[K][]>;
export type RowSources = { [K in ReportKind]: RowSource<K> };

const rowsOf = async <T>(report: Promise<Report<T>>): Promise<T[]> => (await report).report;

/** The row source of each kind: the service behind the call the screen makes for it. */
export function reportRowSources(reports: ReportService, kinds: ReportKindsService, fuel: FuelService): RowSources {
  const legacy = (req: ReportRequest) => ({ vidList: req.vids, startTime: req.startTime, endTime: req.endTime });
  const fuelReports = async (caller: User, req: ReportRequest) => (await fuel.report(caller, legacy(req))).report;
  return {
    mileage: (caller, req) => rowsOf(reports.mileage(caller, req)),
    dailyMileage: (caller, req) => rowsOf(reports.dailyMileage(caller, req)),
    trip: (caller, req) => rowsOf(reports.trip(caller, req)),
    transit: (caller, req) => rowsOf(reports.transit(caller, req)),
    // The report table keeps the IDLING or PARKING rows of the transit report.
    idling: (caller, req) => rowsOf(reports.transit(caller, req)),
    parking: (caller, req) => rowsOf(reports.transit(caller, req)),
    detail: (caller, req) => rowsOf(kinds.detailOfVehicles(caller, req)),
    geofence: (caller, req) => rowsOf(kinds.geofenceOfAll(caller, req)),
    event: (caller, req) => rowsOf(kinds.event(caller, legacy(req))),
    disconnect: (caller, req) => rowsOf(kinds.disconnect(caller, legacy(req))),
    overspeed: (caller, req) => rowsOf(kinds.overspeed(caller, req)),
    refuel: async (caller, req) => fuelReportRows('refuel', await fuelReports(caller, req)),
    fuelUsage: async (caller, req) => fuelReportRows('fuelUsage', await fuelReports(caller, req)),
    dailyFuelUsage: async (caller, req) => fuelReportRows('dailyFuelUsage', await fuelReports(caller, req)),
  };
}

export interface ExportRows {
  report: AnyReportRows;
  /** Plate and name by vid, and by dvid for the detail report's rows. */
  names: ReadonlyMap<string, string>;
  /** The requested vehicles' names, in the request's order. */
  vehicles: string[];
}

/** Vehicle Report's export (spec 3 §2): the kind's rows from the call the screen makes, and the vehicles' names. */
export function createReportExportService(repos: Pick<Repos, 'fleet'>, sources: RowSources) {
  const { fleet } = repos;
  /** Plate and name by vid, and by dvid for the detail report's rows: two queries. */
  async function names(vids: readonly string[], dvids: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const [vid, v] of await fleet.vehicleNames(vids)) found.set(vid, vehicleReportName(v));
    for (const [dvid, v] of await fleet.vehiclesByDvid(dvids)) found.set(dvid, vehicleReportName(v));
    return found;
  }

  return {
    async rows(caller: User, req: z.output<typeof ReportExportRequestSchema>): Promise<ExportRows> {
      // The source checks the grant and reach, as the screen's own call does.
      const source = sources[req.kind] as RowSource<ReportKind>;
      const rows = await source(caller, { vids: req.vids, startTime: req.startTime, endTime: req.endTime });
      const report = { kind: req.kind, rows } as AnyReportRows;
      const dvids = report.kind === 'detail' ? [...new Set(report.rows.map((r) => r.dvid))] : [];
      const named = await names(req.vids, dvids);
      return { report, names: named, vehicles: req.vids.map((vid) => named.get(vid) ?? vid) };
    },
  };
}
export type ReportExportService = ReturnType<typeof createReportExportService>;
