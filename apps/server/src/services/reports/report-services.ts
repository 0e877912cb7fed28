import type { Repos } from '../../storage/repos/unit-of-work.ts';
import { createFuelService } from '../fleet/fuel-service.ts';
import { createReportExportService, reportRowSources } from './report-export-service.ts';
import { createReportKindsService } from './report-kinds-service.ts';
import { createRecordsService } from './records-service.ts';
import { createRecordReader, createReportService } from './report-service.ts';

/**
 * Vehicle Reports, Trip Record's records, Fuel Analysis and the report export (issue 13), over one
 * set of repositories: the records under way are counted the same in each.
 */
export function createReportServices(
  repos: Pick<Repos, 'fleet' | 'fuel' | 'records' | 'reports' | 'reportKinds' | 'events'>,
  now: () => number,
  /** The server's zone (JEJAK_TIME_ZONE): the reports' local days. */
  timeZone: string,
  /** The pipeline's JEJAK_TRIP_MIN_PARKING_MS: a stop under way becomes a parking after it. */
  minParkingMs?: number,
) {
  const reader = createRecordReader(repos.reports, now, minParkingMs);
  const reports = createReportService(repos, now, timeZone, minParkingMs, reader);
  const records = createRecordsService(repos, reader);
  const fuel = createFuelService(repos, timeZone);
  const reportKinds = createReportKindsService({ repos, reports, now });
  const reportExport = createReportExportService(repos, reportRowSources(reports, reportKinds, fuel));
  return { reports, records, fuel, reportKinds, reportExport };
}
