import {
  AddDeviceRequestSchema,
  DeviceGroupsRequestSchema,
  DeviceGroupsResponseSchema,
  DeviceResponseSchema,
  DevicesOfGroupsRequestSchema,
  DevicesResponseSchema,
  MANAGEMENT_PATHS,
  UpdateDeviceRequestSchema,
} from '../fleet/management.ts';
import { op, type Operation } from './openapi-accounts.ts';

/** The device calls of spec 2 §7 in the OpenAPI document. */
export const DEVICE_OPERATIONS: readonly Operation[] = [
  op(MANAGEMENT_PATHS.deviceAdd, 'Register a tracker for a distributor', AddDeviceRequestSchema, DeviceResponseSchema),
  op(
    MANAGEMENT_PATHS.deviceUpdate,
    "Edit a device's SIM, brand or distributor",
    UpdateDeviceRequestSchema,
    DeviceResponseSchema,
  ),
  op(
    MANAGEMENT_PATHS.deviceVgidGet,
    'Devices of the vehicles in these groups',
    DevicesOfGroupsRequestSchema,
    DevicesResponseSchema,
  ),
  op(
    MANAGEMENT_PATHS.deviceGroupGet,
    'Device groups and their devices',
    DeviceGroupsRequestSchema,
    DeviceGroupsResponseSchema,
  ),
];
