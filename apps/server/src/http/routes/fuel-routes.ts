import type { FastifyInstance } from 'fastify';
import {
  FUEL_PATHS,
  FuelAnalysisRequestSchema,
  LegacyReportRequestSchema,
  reportMessage,
  type FuelAnalysisResponse,
  type FuelReportResponse,
} from '@jejak/contract';
import type { AuthService } from '../../services/accounts/auth-service.ts';
import type { FuelService } from '../../services/fleet/fuel-service.ts';
import { requireUser } from '../session.ts';
import { reportAnswer } from './report-routes.ts';

/** The fuel report and Fuel Analysis (spec 3 §2, §7); the service checks grant and reach. */
export function registerFuelRoutes(app: FastifyInstance, auth: AuthService, fuel: FuelService): void {
  app.post(FUEL_PATHS.reportFuel, async (request): Promise<FuelReportResponse> => {
    const caller = await requireUser(auth, request);
    return reportAnswer(await fuel.report(caller, LegacyReportRequestSchema.parse(request.body)));
  });

  app.post(FUEL_PATHS.vehicleFuelAnalysis, async (request): Promise<FuelAnalysisResponse> => {
    const caller = await requireUser(auth, request);
    const r = await fuel.analysis(caller, FuelAnalysisRequestSchema.parse(request.body));
    return { status: 200, message: reportMessage(r.fuelRecords.length), ...r };
  });
}
