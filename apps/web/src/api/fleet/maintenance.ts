import {
  MAINTENANCE_PATHS,
  MaintenanceDoneResponseSchema,
  MaintenanceResponseSchema,
  type MaintenanceDoneRequest,
  type MaintenanceRow,
} from '@jejak/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost } from '../client.ts';

export const maintenanceKeys = { all: ['maintenance'] as const };

/** Every tracked service of the vehicles the user reaches, most urgent first. */
export function useMaintenance(): UseQueryResult<MaintenanceRow[]> {
  return useQuery({
    queryKey: maintenanceKeys.all,
    queryFn: async () => (await apiPost(MAINTENANCE_PATHS.maintenanceGet, {}, MaintenanceResponseSchema)).items,
  });
}

/** POST /maintenance/done: the server's message. */
export async function markServiceDone(body: MaintenanceDoneRequest): Promise<string> {
  return (await apiPost(MAINTENANCE_PATHS.maintenanceDone, body, MaintenanceDoneResponseSchema)).message;
}
