import {
  AddVehicleGroupRequestSchema,
  AddVehicleRequestSchema,
  AssignVehiclesRequestSchema,
  EditVehicleGroupRequestSchema,
  GetVehicleGroupsRequestSchema,
  MoveVehicleRequestSchema,
  ReassignVehicleRequestSchema,
  UpdateVehicleRequestSchema,
  VehicleGroupResponseSchema,
  VehicleGroupsResponseSchema,
  VehicleResponseSchema,
  VehiclesRequestSchema,
  VehiclesResponseSchema,
} from '../fleet/management.ts';
import { op, type Operation } from './openapi-accounts.ts';
import { API_PATHS } from './routes.ts';

/** The vehicle and vehicle-group calls of spec 2 §7, for the OpenAPI document. */
export const VEHICLE_OPERATIONS: readonly Operation[] = [
  op(API_PATHS.vehicleGet, 'Vehicles a user reaches (Management)', VehiclesRequestSchema, VehiclesResponseSchema),
  op(
    API_PATHS.vehicleAdd,
    'Add a vehicle for a fleet owner or distributor',
    AddVehicleRequestSchema,
    VehicleResponseSchema,
  ),
  op(API_PATHS.vehicleUpdate, 'Edit a vehicle', UpdateVehicleRequestSchema, VehicleResponseSchema),
  op(API_PATHS.vehicleGroupGet, 'Vehicle groups', GetVehicleGroupsRequestSchema, VehicleGroupsResponseSchema),
  op(API_PATHS.vehicleGroupAdd, 'Add a vehicle group', AddVehicleGroupRequestSchema, VehicleGroupResponseSchema),
  op(
    API_PATHS.vehicleGroupEdit,
    'Rename, recolour or refill a group',
    EditVehicleGroupRequestSchema,
    VehicleGroupResponseSchema,
  ),
  op(API_PATHS.vehicleGroupAssign, 'Add vehicles to a group', AssignVehiclesRequestSchema, VehicleGroupResponseSchema),
  op(
    API_PATHS.vehicleGroupReassign,
    "Set a vehicle's groups of a user",
    ReassignVehicleRequestSchema,
    VehicleGroupsResponseSchema,
  ),
  op(
    API_PATHS.vehicleGroupUpdateVehicles,
    'Move a vehicle between groups',
    MoveVehicleRequestSchema,
    VehicleGroupsResponseSchema,
  ),
];
