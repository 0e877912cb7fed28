import { z } from 'zod';
import { GEOFENCE_TYPES } from '@jejak/domain';
import { DeviceSchema, VehicleSchema } from '../fleet/fleet.ts';
import { EventSchema } from '../alerts/alerts.ts';
import { ID, text } from './fields.ts';

/** WebSocket at /api/live (DESIGN §3). */
export const LIVE_PATH = '/api/live';
export const LIVE_RECONNECT_MS = 3000;
export const LIVE_SUBSCRIBE_RETRY_MS = 3000;
export const LIVE_NORMAL_CLOSE = 1000;
/**
 * The socket's session ended (expired, signed out, password changed, user disabled): the
 * console must not reconnect but sign in again. 4000–4999 is the WebSocket range left to
 * applications (RFC 6455 §7.4.2).
 */
export const LIVE_SESSION_ENDED_CLOSE = 4001;
/**
 * A new socket beyond the live sockets allowed per session or per user (ADR 0082): it is closed
 * at once, the sockets already open keep working. The console tries again after 3 s, as after
 * any other close.
 */
export const LIVE_TOO_MANY_SOCKETS_CLOSE = 4029;
/** The answer (429) to an upgrade of a session that has as many live sockets open as allowed. */
export const LIVE_TOO_MANY_SOCKETS_MESSAGE = 'Too many live connections for this session';

/** One id of a subscribe: `dev#` and a device id. */
export const LiveIdSchema = text()
  .regex(/^dev#.+$/)
  .max(200);
/** The most ids one subscribe may carry. */
export const MAX_SUBSCRIBE_IDS = 50_000;

export const SubscribeMessageSchema = z.object({
  action: z.literal('subscribeTo'),
  data: z.object({ ids: z.array(LiveIdSchema).max(MAX_SUBSCRIBE_IDS), uid: ID }),
});
/**
 * A subscribe whose ids are not yet looked at: the server checks at most as many of them as the
 * user can see (each with LiveIdSchema), so a list of 50,000 costs what the user's reach does.
 */
export const SubscribeEnvelopeSchema = z.object({
  action: z.literal('subscribeTo'),
  data: z.object({ ids: z.array(z.unknown()).max(MAX_SUBSCRIBE_IDS), uid: ID }),
});
export type SubscribeMessage = z.infer<typeof SubscribeMessageSchema>;

export const LiveDeviceMessageSchema = z.object({ mode: z.literal('dev'), id: z.string(), item: DeviceSchema });
export const LiveVehicleMessageSchema = z.object({ mode: z.literal('vhc'), id: z.string(), item: VehicleSchema });
/** A vehicle entered (inside 1) or left (inside 0) one of its geofences; id is the device's dev# id. */
export const LiveGeofenceMessageSchema = z.object({
  mode: z.literal('geofence'),
  id: z.string(),
  item: z.object({
    vid: z.string(),
    geoid: z.string(),
    geofenceName: z.string(),
    geoType: z.enum(GEOFENCE_TYPES),
    inside: z.union([z.literal(0), z.literal(1)]),
    time: z.number(),
  }),
});
/**
 * An event was stored (issue 12): every session subscribed to the vehicle's device gets it (the
 * in-app pop-up, the ticket panel, Event Record), and PUSH notification recipients get it
 * whether subscribed or not. id is the device's dev# id; the console shows each evid once.
 */
export const LiveNotifyMessageSchema = z.object({
  mode: z.literal('notify'),
  id: z.string(),
  item: EventSchema.extend({ vehicleDisplayName: z.string(), vehiclePlate: z.string() }),
});
export type LiveNotifyMessage = z.infer<typeof LiveNotifyMessageSchema>;
/**
 * SOS tickets of the device's vehicle were resolved (ADR 0073): sessions subscribed to the device
 * that may read tickets refetch them, so the distress banner goes for everyone at once.
 */
export const LiveTicketMessageSchema = z.object({
  mode: z.literal('ticket'),
  id: z.string(),
  item: z.object({ vid: z.string(), ticketIds: z.array(z.string()), resolved: z.literal(true) }),
});
export type LiveTicketMessage = z.infer<typeof LiveTicketMessageSchema>;
/** Server's answer to subscribeTo: the ids it accepted (only those the session may see). */
export const LiveSubscribedMessageSchema = z.object({
  mode: z.literal('subscribed'),
  id: z.string(),
  item: z.object({ ids: z.array(z.string()), rejected: z.number() }),
});

export const LiveServerMessageSchema = z.discriminatedUnion('mode', [
  LiveDeviceMessageSchema,
  LiveVehicleMessageSchema,
  LiveGeofenceMessageSchema,
  LiveNotifyMessageSchema,
  LiveTicketMessageSchema,
  LiveSubscribedMessageSchema,
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessageSchema>;
