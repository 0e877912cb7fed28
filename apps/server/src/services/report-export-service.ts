import {
  REPORT_EXPORT_NOT_READY,
  vehicleReportName,
  type AnyReportRows,
  type ReportExportRequestSchema,
  type ReportKind,
  type ReportRequest,
  type ReportRowsByKind,
} from '@jejak/contract';
import type { User } from '@jejak/domain';
import type { z } from 'zod';
import { AppError } from '../errors.ts';
import type { FleetRepo } from '../storage/fleet-repo.ts';
import { requireCall } from './access.ts';
import { requireReachableVids } from './event-service.ts';
import type { Report, ReportService } from './report-service.ts';

/** Where the export of one kind reads its rows: the same calls the screen makes. */
export type RowSource<K extends ReportKind> = (caller: User, req: ReportRequest) => Promise<ReportRowsByKind[K][]>;
export type RowSources = { [K in ReportKind]: RowSource<K> | null };

const rowsOf = async <T>(report: Promise<Report<T>>): Promise<T[]> => (await report).report;

/**
 * The row source of each kind. The kinds of the older windowed calls, overspeed and fuel are
 * null until their services are in the server (issue 13 item 3): their export answers 400.
 */
export function reportRowSources(reports: ReportService): RowSources {
  return {
    mileage: (caller, req) => rowsOf(reports.mileage(caller, req)),
    dailyMileage: (caller, req) => rowsOf(reports.dailyMileage(caller, req)),
    trip: (caller, req) => rowsOf(reports.trip(caller, req)),
    transit: (caller, req) => rowsOf(reports.transit(caller, req)),
    // The report table keeps the IDLING or PARKING rows of the transit report.
    idling: (caller, req) => rowsOf(reports.transit(caller, req)),
    parking: (caller, req) => rowsOf(reports.transit(caller, req)),
    detail: null,
    geofence: null,
    event: null,
    disconnect: null,
    overspeed: null,
    refuel: null,
    fuelUsage: null,
    dailyFuelUsage: null,
  };
}

export interface ExportRows {
  report: AnyReportRows;
  /** Plate and name by vid, and by dvid for the detail report's rows. */
  names: ReadonlyMap<string, string>;
  /** The requested vehicles' names, in the request's order. */
  vehicles: string[];
}

/** Vehicle Report's export (spec 3 §2): the Vehicle Report grant, every vid in reach, then the kind's rows. */
export function createReportExportService(fleet: FleetRepo, sources: RowSources) {
  async function names(vids: readonly string[], dvids: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const headings = await Promise.all(vids.map(async (vid) => [vid, await fleet.vehicleHeading(vid)] as const));
    for (const [vid, h] of headings) {
      if (h) found.set(vid, vehicleReportName({ vehiclePlate: h.plate, vehicleDisplayName: h.displayName }));
    }
    for (const [dvid, v] of await fleet.vehiclesByDvid(dvids)) found.set(dvid, vehicleReportName(v));
    return found;
  }

  return {
    async rows(caller: User, req: z.output<typeof ReportExportRequestSchema>): Promise<ExportRows> {
      requireCall(caller, 'readReports');
      await requireReachableVids(fleet, caller, req.vids);
      const source = sources[req.kind] as RowSource<ReportKind> | null;
      if (!source) throw AppError.validation(REPORT_EXPORT_NOT_READY);
      const rows = await source(caller, { vids: req.vids, startTime: req.startTime, endTime: req.endTime });
      const report = { kind: req.kind, rows } as AnyReportRows;
      const dvids = report.kind === 'detail' ? [...new Set(report.rows.map((r) => r.dvid))] : [];
      const named = await names(req.vids, dvids);
      return { report, names: named, vehicles: req.vids.map((vid) => named.get(vid) ?? vid) };
    },
  };
}
export type ReportExportService = ReturnType<typeof createReportExportService>;
