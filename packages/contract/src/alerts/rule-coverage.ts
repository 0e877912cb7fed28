import { z } from 'zod';
import { ID, RequiredId } from '../core/fields.ts';

/*
 * Which vehicles and groups a rule template watches (issue 26 item 3, ADR 0074). A rule only
 * fires for vehicles linked to its template; a template linked to none watches nothing, and the
 * console says so. Applying a template links it to all of its owner's vehicles or to a group's.
 */

export const RULE_COVERAGE_PATHS = {
  ruleTemplateCoverage: '/rule/template/coverage/get',
  ruleTemplateApply: '/rule/template/apply',
} as const;

export const RULE_COVERAGE_TEXTS = {
  applied: 'Rule template applied',
  groupNotFound: 'Vehicle group not found',
  defaultOnEveryVehicle: 'DEFAULT already watches every vehicle',
} as const;

/** POST /rule/template/coverage/get {uid}: the templates `uid` owns or was given. */
export const RuleCoverageRequestSchema = z.object({ uid: RequiredId });

export const CoveredVehicleSchema = z.object({
  vid: z.string(),
  vehicleDisplayName: z.string(),
  vehiclePlate: z.string(),
});
export type CoveredVehicle = z.infer<typeof CoveredVehicleSchema>;

export const CoveredGroupSchema = z.object({ vgid: z.string(), groupName: z.string() });
export type CoveredGroup = z.infer<typeof CoveredGroupSchema>;

/** One template: the vehicles linked to it, and the groups whose every vehicle is. */
export const RuleCoverageSchema = z.object({
  rtid: z.string(),
  vehicles: z.array(CoveredVehicleSchema),
  groups: z.array(CoveredGroupSchema),
});
export type RuleCoverage = z.infer<typeof RuleCoverageSchema>;

export const RuleCoverageResponseSchema = z.object({
  status: z.literal(200),
  coverage: z.array(RuleCoverageSchema),
  /** The owner's vehicles: "watches 3 of 5". */
  vehicleCount: z.number().int().nonnegative(),
  /** The owner's vehicle groups, to apply a template to one. */
  groups: z.array(CoveredGroupSchema.extend({ vehicleCount: z.number().int().nonnegative() })),
});
export type RuleCoverageResponse = z.infer<typeof RuleCoverageResponseSchema>;

/** POST /rule/template/apply {rtid, vgid}: to every vehicle of the template's owner (vgid null) or of a group. */
export const ApplyRuleTemplateRequestSchema = z.object({ rtid: RequiredId, vgid: ID.nullable() });
export type ApplyRuleTemplateRequest = z.infer<typeof ApplyRuleTemplateRequestSchema>;

export const ApplyRuleTemplateResponseSchema = z.object({
  status: z.literal(200),
  message: z.string(),
  /** Vehicles newly linked (already linked ones are left as they are). */
  added: z.number().int().nonnegative(),
  coverage: RuleCoverageSchema,
});
export type ApplyRuleTemplateResponse = z.infer<typeof ApplyRuleTemplateResponseSchema>;
