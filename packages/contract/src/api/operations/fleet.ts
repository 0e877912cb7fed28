import { BulkTemplateRequestSchema, XLSX_CONTENT_TYPE } from '../../fleet/bulk.ts';
import { DeviceConflictsResponseSchema, UnknownDevicesResponseSchema } from '../../fleet/fleet.ts';
import { TrackerSetupResponseSchema } from '../../fleet/tracker-setup.ts';
import {
  AddDeviceRequestSchema,
  AddVehicleGroupRequestSchema,
  AddVehicleRequestSchema,
  AssignVehiclesRequestSchema,
  DeviceGroupsRequestSchema,
  DeviceGroupsResponseSchema,
  DeviceResponseSchema,
  DevicesOfGroupsRequestSchema,
  DevicesResponseSchema,
  EditVehicleGroupRequestSchema,
  GetVehicleGroupsRequestSchema,
  MoveVehicleRequestSchema,
  ReassignVehicleRequestSchema,
  UpdateDeviceRequestSchema,
  UpdateVehicleRequestSchema,
  VehicleGroupResponseSchema,
  VehicleGroupsResponseSchema,
  VehicleResponseSchema,
  VehiclesRequestSchema,
  VehiclesResponseSchema,
} from '../../fleet/management.ts';
import { grant, post, postFile } from '../operation.ts';
import { API_PATHS } from '../routes.ts';

const manageDevices = grant('manageDevices');
const readDevices = grant('readDevices');
const manageVehicles = grant('manageVehicles');
/** The platform's staff: what every tracker and connection is, whoever owns it. */
const staff = { roles: ['super', 'support'] } as const;

/** Devices, vehicles and vehicle groups (spec 2 §7); the services check the hierarchy. */
export const FLEET_OPERATIONS = {
  unknownDevices: post(
    API_PATHS.unknownDevices,
    grant('manageDevices'),
    'Trackers refused because they are not registered (those who register devices: super, support, distributors)',
    null,
    UnknownDevicesResponseSchema,
  ),
  trackerSetup: post(
    API_PATHS.trackerSetup,
    grant('manageDevices'),
    "Where trackers report: the server's public host and each protocol's gateway port",
    null,
    TrackerSetupResponseSchema,
  ),
  deviceConflicts: post(
    API_PATHS.deviceConflicts,
    staff,
    'Registered devices claimed by two live connections at once, a cloned or spoofed tracker (super and support)',
    null,
    DeviceConflictsResponseSchema,
  ),
  deviceAdd: post(
    API_PATHS.deviceAdd,
    manageDevices,
    'Register a tracker for a distributor',
    AddDeviceRequestSchema,
    DeviceResponseSchema,
  ),
  deviceUpdate: post(
    API_PATHS.deviceUpdate,
    manageDevices,
    "Edit a device's SIM, brand or distributor",
    UpdateDeviceRequestSchema,
    DeviceResponseSchema,
  ),
  deviceVgidGet: post(
    API_PATHS.deviceVgidGet,
    readDevices,
    'Devices of the vehicles in these groups',
    DevicesOfGroupsRequestSchema,
    DevicesResponseSchema,
  ),
  deviceGroupGet: post(
    API_PATHS.deviceGroupGet,
    readDevices,
    'Device groups and their devices',
    DeviceGroupsRequestSchema,
    DeviceGroupsResponseSchema,
  ),
  // A template holds no one's data; the uploads go through /device/add and /vehicle/add.
  bulkTemplate: postFile(
    API_PATHS.bulkTemplate,
    'session',
    'The .xlsx template of Bulk Add Device or Bulk Create Vehicles (header, example row, drop-downs)',
    BulkTemplateRequestSchema,
    XLSX_CONTENT_TYPE,
  ),
  vehicleGet: post(
    API_PATHS.vehicleGet,
    'session',
    'Vehicles a user reaches (Management)',
    VehiclesRequestSchema,
    VehiclesResponseSchema,
  ),
  vehicleAdd: post(
    API_PATHS.vehicleAdd,
    grant('addVehicles'),
    'Add a vehicle for a fleet owner or distributor',
    AddVehicleRequestSchema,
    VehicleResponseSchema,
  ),
  vehicleUpdate: post(
    API_PATHS.vehicleUpdate,
    manageVehicles,
    'Edit a vehicle',
    UpdateVehicleRequestSchema,
    VehicleResponseSchema,
  ),
  vehicleGroupGet: post(
    API_PATHS.vehicleGroupGet,
    'session',
    'Vehicle groups',
    GetVehicleGroupsRequestSchema,
    VehicleGroupsResponseSchema,
  ),
  vehicleGroupAdd: post(
    API_PATHS.vehicleGroupAdd,
    manageVehicles,
    'Add a vehicle group',
    AddVehicleGroupRequestSchema,
    VehicleGroupResponseSchema,
  ),
  vehicleGroupEdit: post(
    API_PATHS.vehicleGroupEdit,
    manageVehicles,
    'Rename, recolour or refill a group',
    EditVehicleGroupRequestSchema,
    VehicleGroupResponseSchema,
  ),
  vehicleGroupAssign: post(
    API_PATHS.vehicleGroupAssign,
    manageVehicles,
    'Add vehicles to a group',
    AssignVehiclesRequestSchema,
    VehicleGroupResponseSchema,
  ),
  vehicleGroupReassign: post(
    API_PATHS.vehicleGroupReassign,
    manageVehicles,
    "Set a vehicle's groups of a user",
    ReassignVehicleRequestSchema,
    VehicleGroupsResponseSchema,
  ),
  vehicleGroupUpdateVehicles: post(
    API_PATHS.vehicleGroupUpdateVehicles,
    manageVehicles,
    'Move a vehicle between groups',
    MoveVehicleRequestSchema,
    VehicleGroupsResponseSchema,
  ),
};
