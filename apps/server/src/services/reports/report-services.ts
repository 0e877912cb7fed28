import type { Repos } from '../../storage/repos/unit-of-work.ts';
import { createFuelService } from '../fleet/fuel-service.ts';
import { createReportExportService, reportRowSources } from './report-export-service.ts';
import { createReportKindsService } from './report-kinds-service.ts';
import { createReportService } from './report-service.ts';

/** Vehicle Reports, Fuel Analysis and the report export (issue 13), over one set of repositories. */
export function createReportServices(
  repos: Pick<Repos, 'fleet' | 'fuel' | 'reports' | 'reportKinds' | 'events'>,
  now: () => number,
  /** The server's zone (JEJAK_TIME_ZONE): the reports' local days. */
  timeZone: string,
  /** The pipeline's JEJAK_TRIP_MIN_PARKING_MS: a stop under way becomes a parking after it. */
  minParkingMs?: number,
) {
  const reports = createReportService(repos, now, timeZone, minParkingMs);
  const fuel = createFuelService(repos, timeZone);
  const reportKinds = createReportKindsService({ repos, reports, now });
  const reportExport = createReportExportService(repos, reportRowSources(reports, reportKinds, fuel));
  return { reports, fuel, reportKinds, reportExport };
}
