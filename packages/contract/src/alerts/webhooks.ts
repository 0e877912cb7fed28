import { z } from 'zod';
import { RequiredId, text } from '../core/fields.ts';

/**
 * Webhooks (issue 28 item 2, ADR 0089): an HTTPS endpoint told of the events of the vehicles its
 * owner reaches, as signed JSON, in order per vehicle.
 */
export const WEBHOOK_KINDS = [
  'alarm',
  'sos',
  'rule.violated',
  'rule.complied',
  'geofence.enter',
  'geofence.exit',
  'ticket.resolved',
  'tracker.online',
  'tracker.offline',
] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
/** Kinds that are not stored events: written as signals where they are recorded (migration 037). */
export const WEBHOOK_SIGNAL_KINDS = [
  'geofence.enter',
  'geofence.exit',
  'ticket.resolved',
  'tracker.online',
  'tracker.offline',
] as const satisfies readonly WebhookKind[];
export type WebhookSignalKind = (typeof WEBHOOK_SIGNAL_KINDS)[number];

/** The kind of a stored event: SOS and other tracker alarms, else a rule's violation or compliance. */
export function webhookKindOf(event: {
  alarm: string | null;
  eventResult: 0 | 1;
}): Exclude<WebhookKind, WebhookSignalKind> {
  if (event.alarm === 'sos') return 'sos';
  if (event.alarm !== null) return 'alarm';
  return event.eventResult === 1 ? 'rule.violated' : 'rule.complied';
}

/** Headers of every delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, the kind, the delivery's id. */
export const WEBHOOK_HEADERS = {
  signature: 'x-jejak-signature',
  event: 'x-jejak-event',
  delivery: 'x-jejak-delivery',
} as const;

export const WEBHOOK_TEXTS = {
  webhookAdded: 'Webhook added. Copy its secret now: it is not shown again.',
  webhookDeleted: 'Webhook deleted',
  webhookResumed: 'Webhook resumed',
  urlInvalid: 'The address must be an https:// URL',
  notFound: 'Webhook not found',
  tooMany: 'You can have at most {n} webhooks',
  pausedSubject: 'Jejak: a webhook was paused',
  pausedText:
    'Deliveries to {url} failed {count} times in a row, so it was paused. Resume it in the console once it answers again.',
} as const;

const url = text()
  .trim()
  .max(2000)
  .refine((u) => URL.canParse(u), { message: WEBHOOK_TEXTS.urlInvalid });

export const WebhookSchema = z.object({
  whid: z.string(),
  url: z.string(),
  kinds: z.array(z.enum(WEBHOOK_KINDS)),
  createdBy: z.string(),
  createdAt: z.number(),
  /** Failed attempts in a row. */
  failures: z.number().int(),
  /** When it was paused after too many failures in a row; null while it delivers. */
  pausedAt: z.number().nullable(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;
export const WebhookDeliverySchema = z.object({
  wdid: z.string(),
  /** The stored event delivered; null for a geofence crossing, ticket resolution or tracker online/offline. */
  evid: z.string().nullable(),
  vid: z.string(),
  kind: z.enum(WEBHOOK_KINDS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempt: z.number().int(),
  responseCode: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** POST /webhook/get {}: the caller's webhooks. */
export const GetWebhooksRequestSchema = z.object({}).strict();
export const WebhooksResponseSchema = z.object({ status: z.literal(200), webhooks: z.array(WebhookSchema) });
/** POST /webhook/add {url, kinds}: the answer holds the secret, this once. */
export const AddWebhookRequestSchema = z
  .object({ url, kinds: z.array(z.enum(WEBHOOK_KINDS)).min(1).max(WEBHOOK_KINDS.length) })
  .strict();
export const AddWebhookResponseSchema = z.object({
  status: z.literal(200),
  webhook: WebhookSchema,
  secret: z.string(),
  message: z.string(),
});
/** POST /webhook/delete {whid}, /webhook/resume {whid}. */
export const WebhookIdRequestSchema = z.object({ whid: RequiredId }).strict();
export const WebhookMessageResponseSchema = z.object({ status: z.literal(200), message: z.string() });
/** POST /webhook/deliveries {whid}: its latest deliveries, newest first. */
export const WebhookDeliveriesResponseSchema = z.object({
  status: z.literal(200),
  deliveries: z.array(WebhookDeliverySchema),
});
export const WEBHOOK_LOG_LIMIT = 200;

export const WEBHOOK_PATHS = {
  webhookGet: '/webhook/get',
  webhookAdd: '/webhook/add',
  webhookDelete: '/webhook/delete',
  webhookResume: '/webhook/resume',
  webhookDeliveries: '/webhook/deliveries',
} as const;
