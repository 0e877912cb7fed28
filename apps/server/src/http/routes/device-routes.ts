import type { FastifyInstance } from 'fastify';
import {
  AddDeviceRequestSchema,
  API_PATHS,
  DeviceGroupsRequestSchema,
  DevicesOfGroupsRequestSchema,
  MANAGEMENT_TEXTS,
  UpdateDeviceRequestSchema,
  type DeviceConflictsResponse,
  type DeviceGroupsResponse,
  type DeviceResponse,
  type DevicesResponse,
  type UnknownDevicesResponse,
} from '@jejak/contract';
import type { AuthService } from '../../services/accounts/auth-service.ts';
import type { DeviceService } from '../../services/fleet/device-service.ts';
import { requireUser } from '../session.ts';
import { requireActor } from './route-kit.ts';

/** Devices (spec 2 §7); thin: the service checks grant and reach. */
export function registerDeviceRoutes(app: FastifyInstance, auth: AuthService, devices: DeviceService): void {
  app.post(API_PATHS.unknownDevices, async (request): Promise<UnknownDevicesResponse> => {
    const caller = await requireUser(auth, request);
    return { status: 200, unknownDevices: await devices.unknownDevices(caller) };
  });
  app.post(API_PATHS.deviceConflicts, async (request): Promise<DeviceConflictsResponse> => {
    const caller = await requireUser(auth, request);
    return { status: 200, deviceConflicts: await devices.deviceConflicts(caller) };
  });

  app.post(API_PATHS.deviceAdd, async (request): Promise<DeviceResponse> => {
    const actor = await requireActor(auth, request);
    const device = await devices.add(actor, AddDeviceRequestSchema.parse(request.body));
    return { status: 200, device, message: MANAGEMENT_TEXTS.deviceAdded };
  });
  app.post(API_PATHS.deviceUpdate, async (request): Promise<DeviceResponse> => {
    const actor = await requireActor(auth, request);
    const device = await devices.update(actor, UpdateDeviceRequestSchema.parse(request.body));
    return { status: 200, device, message: MANAGEMENT_TEXTS.deviceEdited };
  });
  app.post(API_PATHS.deviceVgidGet, async (request): Promise<DevicesResponse> => {
    const caller = await requireUser(auth, request);
    const { uid, vgids } = DevicesOfGroupsRequestSchema.parse(request.body);
    return { status: 200, devices: await devices.ofVehicleGroups(caller, uid, vgids) };
  });
  app.post(API_PATHS.deviceGroupGet, async (request): Promise<DeviceGroupsResponse> => {
    const caller = await requireUser(auth, request);
    const { uid, dgids } = DeviceGroupsRequestSchema.parse(request.body);
    return { status: 200, deviceGroups: await devices.groups(caller, uid, dgids) };
  });
}
