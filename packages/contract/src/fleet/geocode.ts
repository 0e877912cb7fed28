import { z } from 'zod';
import { ID } from '../core/fields.ts';

/** POST /api/geocode {lat, lon} — the address refresh also sends the vehicle's vid. */
export const GeocodeRequestSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  vid: ID.optional(),
});
export type GeocodeRequest = z.infer<typeof GeocodeRequestSchema>;

/** Where an address came from: the offline gazetteer, or the optional online geocoder. */
export const ADDRESS_SOURCES = ['gazetteer', 'geocoder'] as const;

/**
 * The address of the point: "Kuah, Kedah", "near Kuah, Kedah", or its coordinates
 * "4.50000, 106.00000" far from every town. `msg` says which source answered.
 */
export const GeocodeResponseSchema = z.object({
  status: z.literal(200),
  address: z.string(),
  msg: z.enum(ADDRESS_SOURCES),
});
export type GeocodeResponse = z.infer<typeof GeocodeResponseSchema>;
