import { z } from 'zod';
import { GEOFENCE_TEXTS, GEOFENCE_TYPES, geofenceShapeProblem, MAX_ZONE_POINTS } from '@jejak/domain';
import { ID, RequiredId, requiredName, text } from '../core/fields.ts';

/** Geofence colour palette (spec 2 §9), upper-case hex; the first is the default. */
export const GEOFENCE_PALETTE = ['5C1A8E', 'FF0000', '00FF00', '00FFE8', 'FF00FF', 'FFA500', 'FFFF00'] as const;

const PointSchema = z.object({ lat: z.number(), lng: z.number() });
const name = (empty: string) => requiredName(120, empty);

/** A geofence as the forms send it; the shape rules (points, radius, ranges) give one clear message. */
const GeofenceFieldsSchema = z
  .object({
    geoType: z.enum(GEOFENCE_TYPES, { error: 'geoType must be POI or Polygon' }),
    geofenceName: name(GEOFENCE_TEXTS.nameEmpty),
    geofenceComment: text().max(1000, 'at most 1000 characters').default(''),
    coordinates: z
      .array(PointSchema)
      .min(1, GEOFENCE_TEXTS.poiOnePoint)
      .max(MAX_ZONE_POINTS, GEOFENCE_TEXTS.zoneTooManyPoints),
    geofenceRadius: z.number().nullable().default(null),
  })
  .superRefine((g, ctx) => {
    const problem = geofenceShapeProblem(g);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['coordinates'] });
  });

export const GeofenceSchema = z.object({
  geoid: z.string(),
  uid: z.string(),
  geoType: z.enum(GEOFENCE_TYPES),
  geofenceName: z.string(),
  geofenceComment: z.string(),
  coordinates: z.array(PointSchema),
  geofenceRadius: z.number().nullable(),
  gtids: z.array(z.string()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type GeofenceDto = z.infer<typeof GeofenceSchema>;

/** POST /geofence/add {geofence}: the owner is `uid` (a user the caller reaches) or the caller. */
export const AddGeofenceRequestSchema = z.object({
  geofence: z.intersection(
    GeofenceFieldsSchema,
    z.object({ uid: ID.optional(), gtids: z.array(ID).max(500).optional() }),
  ),
});
export const UpdateGeofenceRequestSchema = z.object({
  geofence: z.intersection(GeofenceFieldsSchema, z.object({ geoid: RequiredId })),
});
export const GeoidRequestSchema = z.object({ geoid: RequiredId });
export const GeofencesResponseSchema = z.object({ status: z.literal(200), geofences: z.array(GeofenceSchema) });
export const GeofenceResponseSchema = z.object({ status: z.literal(200), geofence: GeofenceSchema });
export const GeoidResponseSchema = z.object({ status: z.literal(200), geoid: z.string() });

/** Colours are stored upper-case hex without '#' (spec 2 §5). */
const ColorSchema = text({ error: GEOFENCE_TEXTS.templateColorEmpty })
  .trim()
  .regex(/^#?[0-9a-fA-F]{6}$/, GEOFENCE_TEXTS.templateColorEmpty)
  .transform((c) => c.replace('#', '').toUpperCase());

export const GeofenceTemplateSchema = z.object({
  gtid: z.string(),
  uid: z.string(),
  templateName: z.string(),
  geofences: z.array(z.string()),
  colorHexCode: z.string(),
  createdAt: z.number(),
});
export type GeofenceTemplateDto = z.infer<typeof GeofenceTemplateSchema>;

/**
 * POST /geofence/template/get {gtids, uid}: the named templates, or all of the user's when the
 * list is empty. The list is required: a misspelt one must not read as "all".
 */
export const GetGeofenceTemplatesRequestSchema = z.object({
  gtids: z.array(ID).max(1000),
  uid: RequiredId,
});
export const AddGeofenceTemplateRequestSchema = z.object({
  uid: RequiredId,
  colorHexCode: ColorSchema,
  geofenceTemplateName: name(GEOFENCE_TEXTS.templateNameEmpty),
});
export const UpdateGeofenceTemplateRequestSchema = z.object({
  geofenceTemplate: z.object({
    gtid: RequiredId,
    templateName: name(GEOFENCE_TEXTS.templateNameEmpty),
    colorHexCode: ColorSchema,
  }),
});
export const AssignGeofencesRequestSchema = z.object({
  uid: RequiredId,
  gtid: RequiredId,
  geoids: z.array(ID).max(5000),
});
export const ReassignGeofenceRequestSchema = z.object({
  uid: RequiredId,
  geoid: RequiredId,
  gtids: z.array(ID).max(1000),
});
export const GeofenceTemplatesResponseSchema = z.object({
  status: z.literal(200),
  geofenceTemplates: z.array(GeofenceTemplateSchema),
});
export const GeofenceTemplateResponseSchema = z.object({
  status: z.literal(200),
  geofenceTemplate: GeofenceTemplateSchema,
});

export type AddGeofenceRequest = z.infer<typeof AddGeofenceRequestSchema>;
export type UpdateGeofenceRequest = z.infer<typeof UpdateGeofenceRequestSchema>;
export type AddGeofenceTemplateRequest = z.infer<typeof AddGeofenceTemplateRequestSchema>;
export type UpdateGeofenceTemplateRequest = z.infer<typeof UpdateGeofenceTemplateRequestSchema>;
export type AssignGeofencesRequest = z.infer<typeof AssignGeofencesRequestSchema>;
export type ReassignGeofenceRequest = z.infer<typeof ReassignGeofenceRequestSchema>;
export type GeofencesResponse = z.infer<typeof GeofencesResponseSchema>;
export type GeofenceResponse = z.infer<typeof GeofenceResponseSchema>;
export type GeoidResponse = z.infer<typeof GeoidResponseSchema>;
export type GeofenceTemplatesResponse = z.infer<typeof GeofenceTemplatesResponseSchema>;
export type GeofenceTemplateResponse = z.infer<typeof GeofenceTemplateResponseSchema>;
