import { z } from 'zod';

const nullableNumber = z.number().nullable();

/**
 * A row of User Management's vehicle table (spec 1 §2): plate, name, type, model, device and
 * SIM, the service odometer and due dates, subscription start and end, creation date. Dates
 * are epoch ms; fields never filled in are null.
 */
export const UserVehicleRowSchema = z.object({
  vid: z.string(),
  uid: z.string(),
  vehiclePlate: z.string(),
  vehicleDisplayName: z.string(),
  vehicleType: z.string(),
  vehicleModel: z.string(),
  /** '-' means no device. */
  dvid: z.string(),
  simCard: z.string().nullable(),
  engineServiceNextMileage: nullableNumber,
  engineServiceNextWorkingHour: nullableNumber,
  engineServiceDueDate: nullableNumber,
  transmissionServiceNextMileage: nullableNumber,
  transmissionServiceDueDate: nullableNumber,
  rearAxleServiceNextMileage: nullableNumber,
  rearAxleServiceDueDate: nullableNumber,
  serviceNextMileage: nullableNumber,
  serviceDueDate: nullableNumber,
  permitDueDate: nullableNumber,
  subsStartDate: nullableNumber,
  subsEndDate: nullableNumber,
  createdAt: z.number(),
});
export type UserVehicleRow = z.infer<typeof UserVehicleRowSchema>;

/** POST /api/user/getvehicles {uid}: the vehicles the user reaches (its own, its subtree's, its groups'). */
export const UserVehiclesResponseSchema = z.object({ status: z.literal(200), vehicles: z.array(UserVehicleRowSchema) });
export type UserVehiclesResponse = z.infer<typeof UserVehiclesResponseSchema>;

/** A row of User Management's device table (spec 1 §2): Device ID, vehicle plate, SIM, creation date. */
export const UserDeviceRowSchema = z.object({
  dvid: z.string(),
  uid: z.string(),
  model: z.string(),
  imei: z.string(),
  vid: z.string().nullable(),
  vehiclePlate: z.string().nullable(),
  simCard: z.string(),
  createdAt: z.number(),
});
export type UserDeviceRow = z.infer<typeof UserDeviceRowSchema>;

/**
 * POST /api/user/getdevices {uid}: the devices the user reaches. Fleet owners, operators and
 * managers are refused: they never see devices (spec 1 §6).
 */
export const UserDevicesResponseSchema = z.object({ status: z.literal(200), devices: z.array(UserDeviceRowSchema) });
export type UserDevicesResponse = z.infer<typeof UserDevicesResponseSchema>;
