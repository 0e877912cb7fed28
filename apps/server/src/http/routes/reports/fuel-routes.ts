import { OPERATIONS, reportMessage } from '@jejak/contract';
import type { FuelService } from '../../../services/fleet/fuel-service.ts';
import type { Route } from '../../route-table.ts';
import { reportAnswer } from './report-routes.ts';

/** The fuel report and Fuel Analysis (spec 3 §2, §7); the service checks reach. */
export function registerFuelRoutes(route: Route, fuel: FuelService): void {
  route(OPERATIONS.reportFuel, async ({ user, body }) => reportAnswer(await fuel.report(user, body)));

  route(OPERATIONS.vehicleFuelAnalysis, async ({ user, body }) => {
    const r = await fuel.analysis(user, body);
    return { status: 200, message: reportMessage(r.fuelRecords.length), ...r };
  });
}
