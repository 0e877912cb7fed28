import type { Db } from '../../storage/db/database.ts';
import { createEventRepo } from '../../storage/repos/alerts/event-repo.ts';
import type { FleetRepo } from '../../storage/repos/fleet/fleet-repo.ts';
import { createFuelRepo } from '../../storage/repos/fleet/fuel-repo.ts';
import { createReportKindsRepo } from '../../storage/repos/records/report-kinds-repo.ts';
import { createReportRepo } from '../../storage/repos/records/report-repo.ts';
import { createFuelService } from '../fleet/fuel-service.ts';
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
