import { MAINTENANCE_TEXTS, OPERATIONS } from '@jejak/contract';
import type { MaintenanceService } from '../../../services/fleet/maintenance-service.ts';
import type { Route } from '../../route-table.ts';

/** Maintenance reminders (issue 28 item 8, ADR 0092); thin: the service checks reach. */
export function registerMaintenanceRoutes(route: Route, service: MaintenanceService): void {
  route(OPERATIONS.maintenanceGet, async ({ user }) => ({ status: 200, items: await service.list(user) }));

  route(OPERATIONS.maintenanceDone, async ({ actor, body }) => ({
    status: 200,
    item: await service.done(actor, body),
    message: MAINTENANCE_TEXTS.done,
  }));
}
