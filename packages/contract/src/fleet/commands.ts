import { z } from 'zod';
import { RequiredId, text } from '../core/fields.ts';

/**
 * Commands sent to a vehicle's tracker (issue 29 item 4, ADR 0090): queued with an expiry while the
 * tracker is offline, sent over its open connection by the node that holds it, matched to the
 * tracker's answer.
 */
export const COMMAND_TYPES = [
  'engineStop',
  'engineResume',
  'setInterval',
  'reboot',
  'requestPosition',
  'custom',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];
/** The immobiliser: only owners and distributors, with a reason, refused while moving unless forced. */
export const IMMOBILISER_COMMANDS: readonly CommandType[] = ['engineStop'];

/**
 * QUEUED: waiting for the tracker; SENT: written to its connection (or SMS); ANSWERED: the tracker
 * replied; EXPIRED: not sent before its expiry; FAILED: could not be encoded or sent.
 */
export const COMMAND_STATUSES = ['QUEUED', 'SENT', 'ANSWERED', 'EXPIRED', 'FAILED'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

/** Engine stop is refused above this speed (km/h) unless forced. */
export const COMMAND_STOP_MAX_KMH = 20;
export const COMMAND_DEFAULT_EXPIRY_MINUTES = 60;
export const COMMAND_MAX_EXPIRY_MINUTES = 7 * 24 * 60;
export const COMMAND_INTERVAL_SECONDS = { min: 10, max: 86_400 } as const;
export const COMMAND_TEXT_MAX = 160;
export const COMMAND_LOG_LIMIT = 100;

/** What the server answers (the console's own labels are in its strings). */
export const COMMAND_TEXTS = {
  queued: 'Command queued: it is sent when the tracker is online',
  sent: 'Command sent',
  sentBySms: 'The tracker is offline: command sent by SMS',
  smsFailed: 'The SMS could not be sent:',
  reasonRequired: 'Give a reason for stopping the engine',
  secondsInvalid: `Interval must be ${COMMAND_INTERVAL_SECONDS.min} to ${COMMAND_INTERVAL_SECONDS.max} seconds`,
  textRequired: 'Enter the command text',
  tooFast: `The vehicle is moving faster than ${COMMAND_STOP_MAX_KMH} km/h: tick "Stop anyway" to send it`,
  typeNotSupported: "This vehicle's tracker does not take this command",
  noTracker: 'This vehicle has no tracker',
  expiredAfter: 'Not sent: the tracker stayed offline',
} as const;

const seconds = z.number().int().min(COMMAND_INTERVAL_SECONDS.min).max(COMMAND_INTERVAL_SECONDS.max);

export const SendCommandRequestSchema = z
  .object({
    vid: RequiredId,
    type: z.enum(COMMAND_TYPES),
    seconds: z.number().int().optional(),
    text: text().trim().max(COMMAND_TEXT_MAX).optional(),
    reason: text().trim().max(200).optional(),
    force: z.boolean().optional(),
    /** While the tracker is offline, send it by SMS to its SIM instead of waiting (where the protocol has SMS commands). */
    sms: z.boolean().optional(),
    expiresInMinutes: z.number().int().min(1).max(COMMAND_MAX_EXPIRY_MINUTES).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.type === 'setInterval' && !seconds.safeParse(body.seconds).success)
      ctx.addIssue({ code: 'custom', path: ['seconds'], message: COMMAND_TEXTS.secondsInvalid });
    if (body.type === 'custom' && !body.text)
      ctx.addIssue({ code: 'custom', path: ['text'], message: COMMAND_TEXTS.textRequired });
    if (IMMOBILISER_COMMANDS.includes(body.type) && !body.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: COMMAND_TEXTS.reasonRequired });
  });
export type SendCommandRequest = z.infer<typeof SendCommandRequestSchema>;

export const DeviceCommandSchema = z.object({
  cmid: z.string(),
  vid: z.string(),
  type: z.enum(COMMAND_TYPES),
  seconds: z.number().int().nullable(),
  text: z.string().nullable(),
  reason: z.string().nullable(),
  forced: z.boolean(),
  status: z.enum(COMMAND_STATUSES),
  /** How it went out: over the tracker's connection, or by SMS; null while queued. */
  channel: z.enum(['tcp', 'sms']).nullable(),
  createdBy: z.string(),
  createdAt: z.number(),
  expiresAt: z.number(),
  sentAt: z.number().nullable(),
  answeredAt: z.number().nullable(),
  /** The tracker's answer, as it sent it. */
  answer: z.string().nullable(),
  error: z.string().nullable(),
});
export type DeviceCommandRow = z.infer<typeof DeviceCommandSchema>;

export const SendCommandResponseSchema = z.object({
  status: z.literal(200),
  command: DeviceCommandSchema,
  message: z.string(),
});
/** POST /command/get {vid}: what the vehicle's tracker takes, and its latest commands. */
export const CommandsRequestSchema = z.object({ vid: RequiredId }).strict();
export const CommandsResponseSchema = z.object({
  status: z.literal(200),
  /** Commands the tracker's protocol encodes and the caller may send. */
  available: z.array(z.enum(COMMAND_TYPES)),
  /** Of those, the ones that can go by SMS to the tracker's SIM while it is offline. */
  sms: z.array(z.enum(COMMAND_TYPES)),
  commands: z.array(DeviceCommandSchema),
});

export const COMMAND_PATHS = {
  commandSend: '/command/send',
  commandGet: '/command/get',
} as const;
