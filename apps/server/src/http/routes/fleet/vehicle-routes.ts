import { MANAGEMENT_TEXTS, OPERATIONS } from '@jejak/contract';
import type { VehicleGroupService } from '../../../services/fleet/vehicle-group-service.ts';
import type { VehicleService } from '../../../services/fleet/vehicle-service.ts';
import type { Route } from '../../route-table.ts';

/** Vehicles and vehicle groups (spec 2 §7); thin: the services check reach. */
export function registerVehicleRoutes(route: Route, vehicles: VehicleService, groups: VehicleGroupService): void {
  route(OPERATIONS.vehicleGet, async ({ user, body }) => ({
    status: 200,
    vehicles: await vehicles.list(user, body.uid),
  }));

  route(OPERATIONS.vehicleAdd, async ({ actor, body }) => {
    const vehicle = await vehicles.add(actor, body);
    return { status: 200, vehicle, message: MANAGEMENT_TEXTS.vehicleAdded };
  });

  route(OPERATIONS.vehicleUpdate, async ({ actor, body }) => {
    const vehicle = await vehicles.update(actor, body);
    return { status: 200, vehicle, message: MANAGEMENT_TEXTS.vehicleEdited };
  });

  route(OPERATIONS.vehicleGroupGet, async ({ user, body: { uid, vgids } }) => ({
    status: 200,
    vehicleGroups: await groups.get(user, uid, vgids),
  }));

  route(OPERATIONS.vehicleGroupAdd, async ({ actor, body }) => {
    const vehicleGroup = await groups.add(actor, body);
    return { status: 200, vehicleGroup, message: MANAGEMENT_TEXTS.vehicleGroupAdded };
  });

  route(OPERATIONS.vehicleGroupEdit, async ({ actor, body }) => {
    const vehicleGroup = await groups.edit(actor, body);
    return { status: 200, vehicleGroup, message: MANAGEMENT_TEXTS.vehicleGroupEdited };
  });

  route(OPERATIONS.vehicleGroupAssign, async ({ actor, body }) => {
    const vehicleGroup = await groups.assign(actor, body);
    return { status: 200, vehicleGroup, message: MANAGEMENT_TEXTS.vehicleGroupAssigned };
  });

  route(OPERATIONS.vehicleGroupReassign, async ({ actor, body }) => ({
    status: 200,
    vehicleGroups: await groups.reassign(actor, body),
  }));

  route(OPERATIONS.vehicleGroupUpdateVehicles, async ({ actor, body }) => ({
    status: 200,
    vehicleGroups: await groups.move(actor, body),
  }));
}
