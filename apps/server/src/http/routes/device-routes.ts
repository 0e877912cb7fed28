import type { FastifyInstance } from 'fastify';
import { API_PATHS, type DeviceConflictsResponse, type UnknownDevicesResponse } from '@jejak/contract';
import type { AuthService } from '../../services/auth-service.ts';
import type { DeviceService } from '../../services/device-service.ts';
import { requireUser } from '../session.ts';

export function registerDeviceRoutes(app: FastifyInstance, auth: AuthService, devices: DeviceService): void {
  app.post(API_PATHS.unknownDevices, async (request): Promise<UnknownDevicesResponse> => {
    const caller = await requireUser(auth, request);
    return { status: 200, unknownDevices: await devices.unknownDevices(caller) };
  });
  app.post(API_PATHS.deviceConflicts, async (request): Promise<DeviceConflictsResponse> => {
    const caller = await requireUser(auth, request);
    return { status: 200, deviceConflicts: await devices.deviceConflicts(caller) };
  });
}
