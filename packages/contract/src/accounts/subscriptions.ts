import { z } from 'zod';
import { CONTRACT_TYPES, PACKAGE_ACTIONS, PACKAGE_STATUSES } from '@jejak/domain';
import { ID, InstantMs } from '../core/fields.ts';
import { PACKAGE_TEXTS } from '../core/texts.ts';

/** A renewal booked to start later (ADR 0024): the package takes this period when it starts. */
export const PackageRenewalSchema = z.object({
  contractType: z.enum(CONTRACT_TYPES),
  startAt: z.number(),
  endAt: z.number(),
});
export type PackageRenewal = z.infer<typeof PackageRenewalSchema>;

/**
 * A vehicle's current package (spec 3 §3). `status` is derived from time for packages that
 * are not suspended or terminated; `expiringSoon` flags ACTIVE with under 3 days left (not
 * when a booked renewal carries on from the end); `renewal` is a renewal booked to start
 * later; `actions` says which buttons the spec enables for it.
 */
export const VehiclePackageSchema = z.object({
  vehiclePackageId: z.string(),
  vid: z.string(),
  uid: z.string(),
  contractType: z.enum(CONTRACT_TYPES),
  startAt: z.number(),
  endAt: z.number(),
  status: z.enum(PACKAGE_STATUSES),
  expiringSoon: z.boolean(),
  renewal: PackageRenewalSchema.nullable(),
  actions: z.record(z.enum(PACKAGE_ACTIONS), z.boolean()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type VehiclePackage = z.infer<typeof VehiclePackageSchema>;

/** What a package log row records: the change and the package as it was after it. */
export const PACKAGE_LOG_ACTIONS = [
  'add',
  'edit',
  'renew',
  'suspend',
  'unsuspend',
  'terminate',
  'expire',
  'start',
] as const;

export const VehiclePackageLogSchema = z.object({
  vehiclePackageLogId: z.string(),
  vehiclePackageId: z.string(),
  vid: z.string(),
  action: z.enum(PACKAGE_LOG_ACTIONS),
  contractType: z.enum(CONTRACT_TYPES),
  status: z.enum(PACKAGE_STATUSES),
  startAt: z.number(),
  endAt: z.number(),
  /** uid of who made the change; null for the scheduler. */
  updatedBy: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type VehiclePackageLog = z.infer<typeof VehiclePackageLogSchema>;

/** POST /api/vehiclepackage/get and /api/vehiclepackagelog/get {vids}; vehicles out of reach are left out. */
export const VidsRequestSchema = z.object({ vids: z.array(ID).max(10_000) });
export type VidsRequest = z.infer<typeof VidsRequestSchema>;

export const VehiclePackagesResponseSchema = z.object({
  status: z.literal(200),
  vehiclePackage: z.array(VehiclePackageSchema),
});
export type VehiclePackagesResponse = z.infer<typeof VehiclePackagesResponseSchema>;

export const VehiclePackageLogsResponseSchema = z.object({
  status: z.literal(200),
  vehiclePackageLog: z.array(VehiclePackageLogSchema),
});
export type VehiclePackageLogsResponse = z.infer<typeof VehiclePackageLogsResponseSchema>;

/** The answer of every package change: the package after it. */
export const VehiclePackageResponseSchema = z.object({
  status: z.literal(200),
  vehiclePackage: VehiclePackageSchema,
  message: z.string(),
});
export type VehiclePackageResponse = z.infer<typeof VehiclePackageResponseSchema>;

const contractFields = {
  contractType: z.enum(CONTRACT_TYPES, { error: PACKAGE_TEXTS.selectContractType }),
  startAt: z.number({ error: PACKAGE_TEXTS.selectStartDate }).pipe(InstantMs),
  /** Only read for CUSTOM; TWELVE and TWENTY_FOUR end 12 or 24 months after the start. */
  endAt: InstantMs.nullish(),
};

/** CUSTOM needs an end, not before the start (spec 3 §5). */
function checkCustomEnd(
  r: { contractType: string; startAt: number; endAt?: number | null },
  ctx: z.RefinementCtx,
): void {
  if (r.contractType !== 'CUSTOM') return;
  if (r.endAt === null || r.endAt === undefined)
    ctx.addIssue({ code: 'custom', message: PACKAGE_TEXTS.selectEndDate, path: ['endAt'] });
  else if (r.endAt < r.startAt)
    ctx.addIssue({ code: 'custom', message: PACKAGE_TEXTS.endBeforeStart, path: ['endAt'] });
}

/** POST /api/vehiclepackage/add {vid, uid, startAt, endAt, contractType} */
export const AddPackageRequestSchema = z.object({ vid: ID, uid: ID, ...contractFields }).superRefine(checkCustomEnd);
export type AddPackageRequest = z.infer<typeof AddPackageRequestSchema>;

/** POST /api/vehiclepackage/update {vehiclePackageId, contractType, startAt, endAt}: corrects the current period. */
export const UpdatePackageRequestSchema = z
  .object({ vehiclePackageId: ID, ...contractFields })
  .superRefine(checkCustomEnd);
export type UpdatePackageRequest = z.infer<typeof UpdatePackageRequestSchema>;

/**
 * POST /api/vehiclepackage/renew {vid, startAt, endAt, contractType}: a new period for the
 * package, at once when it starts now or earlier, else booked to follow on (ADR 0024).
 */
export const RenewPackageRequestSchema = z.object({ vid: ID, ...contractFields }).superRefine(checkCustomEnd);
export type RenewPackageRequest = z.infer<typeof RenewPackageRequestSchema>;

/** POST /api/vehiclepackage/suspend, /unsuspend, /terminate {vid} */
export const VidRequestSchema = z.object({ vid: ID });
export type VidRequest = z.infer<typeof VidRequestSchema>;
