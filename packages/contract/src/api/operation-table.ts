import type { Operation } from './operation.ts';
import { ACCOUNT_OPERATIONS } from './operations/accounts.ts';
import { API_TOKEN_OPERATIONS } from './operations/api-tokens.ts';
import { ADMINISTRATION_OPERATIONS } from './operations/administration.ts';
import { ALERT_OPERATIONS } from './operations/alerts.ts';
import { COMMAND_OPERATIONS } from './operations/commands.ts';
import { FLEET_OPERATIONS } from './operations/fleet.ts';
import { MAINTENANCE_OPERATIONS } from './operations/maintenance.ts';
import { GEOFENCE_OPERATIONS } from './operations/geofences.ts';
import { NOTIFICATION_OPERATIONS, WEBHOOK_OPERATIONS } from './operations/notifications.ts';
import { PLATFORM_OPERATIONS } from './operations/platform.ts';
import { RECORD_OPERATIONS } from './operations/records.ts';
import { REPORT_OPERATIONS } from './operations/reports.ts';
import { SHARE_OPERATIONS } from './operations/share-links.ts';

/**
 * The one route table (ADR 0065): every API call by its name in API_PATHS, with its method,
 * path, body and answer schemas and who may call it. The server registers its routes from
 * it and the OpenAPI document is built from it.
 */
export const OPERATIONS = {
  ...ACCOUNT_OPERATIONS,
  ...ADMINISTRATION_OPERATIONS,
  ...API_TOKEN_OPERATIONS,
  ...FLEET_OPERATIONS,
  ...COMMAND_OPERATIONS,
  ...MAINTENANCE_OPERATIONS,
  ...SHARE_OPERATIONS,
  ...GEOFENCE_OPERATIONS,
  ...PLATFORM_OPERATIONS,
  ...ALERT_OPERATIONS,
  ...NOTIFICATION_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
  ...RECORD_OPERATIONS,
  ...REPORT_OPERATIONS,
};
export type OperationName = keyof typeof OPERATIONS;
/** One operation of the table, with its own schemas' and access's types. */
export type TableOperation = (typeof OPERATIONS)[OperationName];

/** Every API call, as a list. */
export const API_OPERATIONS: readonly Operation[] = Object.values(OPERATIONS);
