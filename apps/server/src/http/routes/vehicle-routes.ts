import type { FastifyInstance } from 'fastify';
import {
  AddVehicleGroupRequestSchema,
  AddVehicleRequestSchema,
  API_PATHS,
  AssignVehiclesRequestSchema,
  EditVehicleGroupRequestSchema,
  GetVehicleGroupsRequestSchema,
  MANAGEMENT_TEXTS,
  MoveVehicleRequestSchema,
  ReassignVehicleRequestSchema,
  UpdateVehicleRequestSchema,
  VehiclesRequestSchema,
  type VehicleGroupResponse,
  type VehicleGroupsResponse,
  type VehicleResponse,
  type VehiclesResponse,
} from '@jejak/contract';
import type { AuthService } from '../../services/accounts/auth-service.ts';
import type { VehicleGroupService } from '../../services/fleet/vehicle-group-service.ts';
import type { VehicleService } from '../../services/fleet/vehicle-service.ts';
import { requireUser } from '../session.ts';
import { requireActor } from './route-kit.ts';

/** Vehicles and vehicle groups (spec 2 §7); thin: the services check grant and reach. */
export function registerVehicleRoutes(
  app: FastifyInstance,
  auth: AuthService,
  vehicles: VehicleService,
  groups: VehicleGroupService,
): void {
  app.post(API_PATHS.vehicleGet, async (request): Promise<VehiclesResponse> => {
    const caller = await requireUser(auth, request);
    const { uid } = VehiclesRequestSchema.parse(request.body);
    return { status: 200, vehicles: await vehicles.list(caller, uid) };
  });

  app.post(API_PATHS.vehicleAdd, async (request): Promise<VehicleResponse> => {
    const actor = await requireActor(auth, request);
    const vehicle = await vehicles.add(actor, AddVehicleRequestSchema.parse(request.body));
    return { status: 200, vehicle, message: MANAGEMENT_TEXTS.vehicleAdded };
  });

  app.post(API_PATHS.vehicleUpdate, async (request): Promise<VehicleResponse> => {
    const actor = await requireActor(auth, request);
    const vehicle = await vehicles.update(actor, UpdateVehicleRequestSchema.parse(request.body));
    return { status: 200, vehicle, message: MANAGEMENT_TEXTS.vehicleEdited };
  });

  app.post(API_PATHS.vehicleGroupGet, async (request): Promise<VehicleGroupsResponse> => {
    const caller = await requireUser(auth, request);
    const { uid, vgids } = GetVehicleGroupsRequestSchema.parse(request.body);
    return { status: 200, vehicleGroups: await groups.get(caller, uid, vgids) };
  });

  app.post(API_PATHS.vehicleGroupAdd, async (request): Promise<VehicleGroupResponse> => {
    const actor = await requireActor(auth, request);
    const vehicleGroup = await groups.add(actor, AddVehicleGroupRequestSchema.parse(request.body));
    return { status: 200, vehicleGroup, message: MANAGEMENT_TEXTS.vehicleGroupAdded };
  });

  app.post(API_PATHS.vehicleGroupEdit, async (request): Promise<VehicleGroupResponse> => {
    const actor = await requireActor(auth, request);
    const vehicleGroup = await groups.edit(actor, EditVehicleGroupRequestSchema.parse(request.body));
    return { status: 200, vehicleGroup, message: MANAGEMENT_TEXTS.vehicleGroupEdited };
  });

  app.post(API_PATHS.vehicleGroupAssign, async (request): Promise<VehicleGroupResponse> => {
    const actor = await requireActor(auth, request);
    const vehicleGroup = await groups.assign(actor, AssignVehiclesRequestSchema.parse(request.body));
    return { status: 200, vehicleGroup, message: MANAGEMENT_TEXTS.vehicleGroupAssigned };
  });

  app.post(API_PATHS.vehicleGroupReassign, async (request): Promise<VehicleGroupsResponse> => {
    const actor = await requireActor(auth, request);
    const body = ReassignVehicleRequestSchema.parse(request.body);
    return { status: 200, vehicleGroups: await groups.reassign(actor, body) };
  });

  app.post(API_PATHS.vehicleGroupUpdateVehicles, async (request): Promise<VehicleGroupsResponse> => {
    const actor = await requireActor(auth, request);
    const body = MoveVehicleRequestSchema.parse(request.body);
    return { status: 200, vehicleGroups: await groups.move(actor, body) };
  });
}
