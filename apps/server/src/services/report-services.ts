import type { Db } from '../storage/database.ts';
import { createEventRepo } from '../storage/event-repo.ts';
import type { FleetRepo } from '../storage/fleet-repo.ts';
import { createFuelRepo } from '../storage/fuel-repo.ts';
import { createReportKindsRepo } from '../storage/report-kinds-repo.ts';
import { createReportRepo } from '../storage/report-repo.ts';
import { createFuelService } from './fuel-service.ts';
import { createReportExportService, reportRowSources } from './report-export-service.ts';
import { createReportKindsService } from './report-kinds-service.ts';
import { createReportService } from './report-service.ts';

/** Vehicle Reports, Fuel Analysis and the report export (issue 13), over one set of repositories. */
export function createReportServices(db: Db, fleet: FleetRepo, now: () => number) {
  const reportRepo = createReportRepo(db);
  const reports = createReportService(fleet, reportRepo);
  const fuel = createFuelService(fleet, createFuelRepo(db), reportRepo);
  const reportKinds = createReportKindsService({
    fleet,
    repo: createReportKindsRepo(db),
    events: createEventRepo(db),
    reports,
    now,
  });
  const reportExport = createReportExportService(fleet, reportRowSources(reports, reportKinds, fuel));
  return { reports, fuel, reportKinds, reportExport };
}
