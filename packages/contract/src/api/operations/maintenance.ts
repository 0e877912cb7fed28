import {
  GetMaintenanceRequestSchema,
  MaintenanceDoneRequestSchema,
  MaintenanceDoneResponseSchema,
  MaintenanceResponseSchema,
} from '../../fleet/maintenance.ts';
import { grant, post } from '../operation.ts';
import { API_PATHS } from '../routes.ts';

/** Maintenance reminders (issue 28 item 8, ADR 0092). */
export const MAINTENANCE_OPERATIONS = {
  maintenanceGet: post(
    API_PATHS.maintenanceGet,
    'session',
    'Every tracked service of the vehicles you reach: due by odometer, engine hours or date, what is left, its state',
    GetMaintenanceRequestSchema,
    MaintenanceResponseSchema,
  ),
  maintenanceDone: post(
    API_PATHS.maintenanceDone,
    grant('manageVehicles'),
    'Record a service as done now: the next one is due by the interval given',
    MaintenanceDoneRequestSchema,
    MaintenanceDoneResponseSchema,
  ),
};
