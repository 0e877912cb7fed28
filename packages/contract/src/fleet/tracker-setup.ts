import { z } from 'zod';

/*
 * Where trackers are pointed (issue 26 item 4, ADR 0074): the server's public host and each
 * protocol's gateway port, from the server's configuration (JEJAK_PUBLIC_HOST, JEJAK_<P>_PORT).
 * The console pairs them with the set-up messages of domain's trackerSetup.
 */

export const TRACKER_SETUP_PATH = '/gateway/setup/get';

export const TrackerEndpointSchema = z.object({
  protocol: z.string(),
  /** Device models that speak it (the `model` of `dvid`). */
  models: z.array(z.string()),
  transports: z.array(z.enum(['tcp', 'udp', 'http'])),
  /** Null when its listener is off (-1) or its port is not known to this process. */
  port: z.number().int().positive().nullable(),
});
export type TrackerEndpoint = z.infer<typeof TrackerEndpointSchema>;

export const TrackerSetupResponseSchema = z.object({
  status: z.literal(200),
  /** The host trackers reach the gateways at. */
  host: z.string(),
  endpoints: z.array(TrackerEndpointSchema),
});
export type TrackerSetupResponse = z.infer<typeof TrackerSetupResponseSchema>;

/** The endpoint of the protocol that speaks `model`. */
export function endpointOfModel(endpoints: readonly TrackerEndpoint[], model: string): TrackerEndpoint | undefined {
  return endpoints.find((e) => e.models.includes(model));
}
