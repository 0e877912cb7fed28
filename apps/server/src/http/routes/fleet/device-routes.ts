import { MANAGEMENT_TEXTS, OPERATIONS } from '@jejak/contract';
import type { DeviceService } from '../../../services/fleet/device-service.ts';
import type { TrackerSetupService } from '../../../services/fleet/tracker-setup-service.ts';
import type { Route } from '../../route-table.ts';

/** Devices (spec 2 §7); thin: the service checks reach. */
export function registerDeviceRoutes(route: Route, devices: DeviceService, setup: TrackerSetupService): void {
  route(OPERATIONS.trackerSetup, ({ user }) => Promise.resolve({ status: 200, ...setup.setup(user) }));
  route(OPERATIONS.unknownDevices, async ({ user }) => ({
    status: 200,
    unknownDevices: await devices.unknownDevices(user),
  }));
  route(OPERATIONS.deviceConflicts, async ({ user }) => ({
    status: 200,
    deviceConflicts: await devices.deviceConflicts(user),
  }));

  route(OPERATIONS.deviceAdd, async ({ actor, body }) => {
    const device = await devices.add(actor, body);
    return { status: 200, device, message: MANAGEMENT_TEXTS.deviceAdded };
  });
  route(OPERATIONS.deviceUpdate, async ({ actor, body }) => {
    const device = await devices.update(actor, body);
    return { status: 200, device, message: MANAGEMENT_TEXTS.deviceEdited };
  });
  route(OPERATIONS.deviceVgidGet, async ({ user, body: { uid, vgids } }) => ({
    status: 200,
    devices: await devices.ofVehicleGroups(user, uid, vgids),
  }));
  route(OPERATIONS.deviceGroupGet, async ({ user, body: { uid, dgids } }) => ({
    status: 200,
    deviceGroups: await devices.groups(user, uid, dgids),
  }));
}
