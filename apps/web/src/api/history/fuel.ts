import {
  API_PATHS,
  FuelAnalysisResponseSchema,
  type FuelAnalysisRequest,
  type FuelAnalysisResponse,
} from '@jejak/contract';
import { apiPost } from '../client.ts';

/** POST /next/vehicle/analysis/timeframe/get/sync (spec 3 §7): one vehicle's fuel records per tank. */
export function fetchFuelAnalysis(query: FuelAnalysisRequest): Promise<FuelAnalysisResponse> {
  return apiPost(API_PATHS.vehicleFuelAnalysis, query, FuelAnalysisResponseSchema);
}
