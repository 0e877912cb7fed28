import { z } from 'zod';
import { DeviceSchema, VehicleSchema } from './fleet.ts';

/** WebSocket at /api/live (DESIGN §3). */
export const LIVE_PATH = '/api/live';
export const LIVE_RECONNECT_MS = 3000;
export const LIVE_SUBSCRIBE_RETRY_MS = 3000;
export const LIVE_NORMAL_CLOSE = 1000;

export const SubscribeMessageSchema = z.object({
  action: z.literal('subscribeTo'),
  data: z.object({
    ids: z
      .array(
        z
          .string()
          .regex(/^dev#.+$/)
          .max(200),
      )
      .max(50_000),
    uid: z.string().min(1).max(64),
  }),
});
export type SubscribeMessage = z.infer<typeof SubscribeMessageSchema>;

export const LiveDeviceMessageSchema = z.object({ mode: z.literal('dev'), id: z.string(), item: DeviceSchema });
export const LiveVehicleMessageSchema = z.object({ mode: z.literal('vhc'), id: z.string(), item: VehicleSchema });
/** Server's answer to subscribeTo: the ids it accepted (only those the session may see). */
export const LiveSubscribedMessageSchema = z.object({
  mode: z.literal('subscribed'),
  id: z.string(),
  item: z.object({ ids: z.array(z.string()), rejected: z.number() }),
});

export const LiveServerMessageSchema = z.discriminatedUnion('mode', [
  LiveDeviceMessageSchema,
  LiveVehicleMessageSchema,
  LiveSubscribedMessageSchema,
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessageSchema>;
