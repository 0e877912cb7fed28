import { z } from 'zod';
import { EventSchema } from './alerts.ts';
import { ID, nameText, RequiredId, requiredName, text } from '../core/fields.ts';

/*
 * Notifications, the notification log and SOS escalation calls (issue 12; spec 2 §2–§9,
 * spec 3 SOS Alerts). Texts marked "spec" are the spec's to the letter.
 */

/** Channels (spec 2 §3): EMAIL=0, PUSH=1, SMS=2, CALL=3. */
export const NOTIFICATION_TYPES = { EMAIL: 0, PUSH: 1, SMS: 2, CALL: 3 } as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[keyof typeof NOTIFICATION_TYPES];
export const NOTIFICATION_TYPE_LABELS: Readonly<Record<NotificationType, string>> = {
  0: 'E-mail',
  1: 'Push',
  2: 'SMS',
  3: 'Call',
};
/** The phone pattern of spec 2 §5 (kept, but not applied on blur). */
export const PHONE_PATTERN = /^\+?6?01[0-46-9]-?[0-9]{7,8}$/;
/** Phone numbers are sent with this prefix (spec 1 §9). */
export const PHONE_PREFIX = '+60';
/** The console's page an outside recipient's confirmation link opens (signed out). */
export const CONFIRM_RECIPIENT_ROUTE = '/ConfirmRecipient';

export const NOTIFICATION_TEXTS = {
  // spec 2 §5, in the order they are checked
  nameEmpty: "Please Enter The Notification's Name",
  typeEmpty: "Please Enter The Notification's Type",
  rulesEmpty: 'Please Select Which Rule You Want To Be Notified Of',
  recipientsEmpty: 'Please Enter At Least 1 Recipient For This Notification',
  keypadUnauthorized: 'Please Authorize The Keypad For At Least 1 Recipient',
  validEmail: 'Valid email',
  invalidEmail: 'Invalid email format',
  // spec 2 §8
  logError: 'Error at getting notification log',
  /** {n} entries. */
  logReceived: '{n} notifications received',
  // server's own
  notificationAdded: 'Successfully Added New Notification',
  notificationEdited: 'Successfully Edited Notification',
  notificationNotFound: 'Notification does not exist',
  recipientIncomplete: 'Recipient {n} is not complete',
  recipientNotReachable: 'Recipient {n} cannot see these vehicles',
  notificationDeleted: 'Successfully Deleted Notification',
  // Abuse limits (issue 27 item 2, ADR 0083): the log's words for deliveries not sent, and the
  // outside recipient's confirmation.
  notCovered: 'Not sent: the notification no longer covers this event',
  awaitingConfirmation: 'Not sent: the recipient has not confirmed this address yet',
  emailQuotaReached: "Not sent: this account's daily e-mail quota of {n} is reached",
  smsQuotaReached: "Not sent: this account's daily SMS quota of {n} is reached",
  callQuotaReached: "Not called: this account's daily call quota of {n} is reached",
  confirmationSent: 'Confirmation e-mail sent',
  confirmationRecent: 'A confirmation e-mail was sent a few minutes ago; try again later',
  alreadyConfirmed: 'This address is already confirmed',
  notAwaiting: 'This address does not need a confirmation',
  confirmLinkInvalid: 'This confirmation link is invalid, used or expired',
  recipientConfirmed: 'Thank you: this address will now receive the alerts it was added to',
  // spec 3 §8 SOS Alerts
  /** {n} states. */
  escalationFound: '{n} Record Found!',
  escalationNone: 'No Records Found!',
  escalationNotFound: 'Escalation does not exist',
  escalationAlreadyAcknowledged: 'Escalation is already acknowledged',
} as const;

/**
 * A recipient (spec 2 §3). Which fields a type needs: EMAIL name and email; PUSH uid (and
 * name); SMS and CALL name and contact (+60…); CALL also isKeypadAuthorized.
 */
export const RecipientSchema = z.object({
  uid: ID.optional(),
  name: nameText().trim().max(120).default(''),
  email: nameText().trim().max(320).optional(),
  contact: nameText().trim().max(20).optional(),
  isKeypadAuthorized: z.boolean().default(false),
  auth: z.boolean().optional(),
});
export type Recipient = z.infer<typeof RecipientSchema>;

/** rules: rtid → ruid → {c, v} (complied, violated), each 0 or 1 (spec 2 §3). */
export const NotificationRulesSchema = z.record(
  ID,
  z.record(ID, z.object({ c: z.union([z.literal(0), z.literal(1)]), v: z.union([z.literal(0), z.literal(1)]) })),
);
/** geofences: gtid → geoids. An event with a geofence notifies only when its geofence is listed (or none are). */
export const NotificationGeofencesSchema = z.record(ID, z.array(ID).max(10_000));

export const NotificationSchema = z.object({
  nfid: z.string(),
  notificationName: z.string(),
  serviceType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  rules: NotificationRulesSchema,
  geofences: NotificationGeofencesSchema,
  recipient: z.array(RecipientSchema),
  isKeypadEnabled: z.boolean(),
  createdBy: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /**
   * The e-mail recipients outside the organisation that have not confirmed by their link yet
   * (lower-cased): nothing is sent to them until they do (ADR 0083). Filled by /notification/get.
   */
  awaitingConfirmation: z.array(z.string()).optional(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** The notification the form sends (spec 2 §7), checked in the spec's order (§5). */
const NotificationFieldsSchema = z.object({
  createdBy: RequiredId,
  notificationName: requiredName(120, NOTIFICATION_TEXTS.nameEmpty),
  serviceType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], {
    error: NOTIFICATION_TEXTS.typeEmpty,
  }),
  rules: NotificationRulesSchema.refine(
    (rules) => Object.values(rules).some((byRule) => Object.values(byRule).some((f) => f.c === 1 || f.v === 1)),
    NOTIFICATION_TEXTS.rulesEmpty,
  ),
  geofences: NotificationGeofencesSchema.default({}),
  recipient: z.array(RecipientSchema).min(1, NOTIFICATION_TEXTS.recipientsEmpty).max(50),
  isKeypadEnabled: z.boolean().default(false),
});
/** POST /notification/get {nfids, uid}: these notifications; with no nfids, every one `uid` (default: the caller) reaches. Sorted by name. */
export const GetNotificationsRequestSchema = z.object({ nfids: z.array(ID).max(1000).default([]), uid: ID.optional() });
export const NotificationsResponseSchema = z.object({
  status: z.literal(200),
  notifications: z.array(NotificationSchema),
});
export const AddNotificationRequestSchema = z.object({ notification: NotificationFieldsSchema });
export const UpdateNotificationRequestSchema = z.object({
  notification: NotificationFieldsSchema.extend({ nfid: RequiredId }),
});
export const NotificationResponseSchema = z.object({
  status: z.literal(200),
  notification: NotificationSchema,
  message: z.string(),
});
/** POST /notification/delete {nfid}: deletes it; pending deliveries and calls go, its log stays (ADR 0083). */
export const DeleteNotificationRequestSchema = z.object({ nfid: RequiredId });
/** POST /notification/confirmation/resend {nfid, email}: mails an outside recipient its confirmation link again. */
export const ResendConfirmationRequestSchema = z.object({ nfid: RequiredId, email: nameText().trim().min(1).max(320) });
/** POST /recipient/confirm {token} (no session): the link an outside recipient opens. */
export const ConfirmRecipientRequestSchema = z.object({ token: text().min(20).max(200) });
export const NotificationMessageResponseSchema = z.object({ status: z.literal(200), message: z.string() });
export type DeleteNotificationRequest = z.infer<typeof DeleteNotificationRequestSchema>;
export type ResendConfirmationRequest = z.infer<typeof ResendConfirmationRequestSchema>;
export type ConfirmRecipientRequest = z.infer<typeof ConfirmRecipientRequestSchema>;
export type NotificationMessageResponse = z.infer<typeof NotificationMessageResponseSchema>;
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;
export type NotificationResponse = z.infer<typeof NotificationResponseSchema>;
export type AddNotificationRequest = z.infer<typeof AddNotificationRequestSchema>;
export type UpdateNotificationRequest = z.infer<typeof UpdateNotificationRequestSchema>;

// ---------------------------------------------------------------- log

/**
 * One delivery attempt (spec 2 §3): statusCode is the provider's answer (SMTP reply code, HTTP
 * status, 200 for a push delivered to at least one open console, 0 when no answer came).
 * genStatus: 'SENT', 'RETRYING' (a later attempt follows) or 'FAILED' (given up).
 */
export const NotificationLogEntrySchema = z.object({
  nlid: z.string(),
  nfid: z.string(),
  notificationName: z.string(),
  serviceType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  createdAt: z.number(),
  deviceTime: z.number().nullable(),
  recipient: RecipientSchema,
  statusCode: z.number(),
  statusMessage: z.string(),
  /** The event it notified about. */
  getid: z.string().nullable(),
  /** The delivery it is an attempt of. */
  genid: z.string(),
  genStatus: z.enum(['SENT', 'RETRYING', 'FAILED']),
  attempt: z.number(),
});
export type NotificationLogEntry = z.infer<typeof NotificationLogEntrySchema>;
/** POST /notificationlog/get {nfid, startTime, endTime} (spec 2 §7): response notificationLog.Items, newest first. */
export const NotificationLogRequestSchema = z
  .object({ nfid: RequiredId, startTime: z.number().int().nonnegative(), endTime: z.number().int().nonnegative() })
  .refine((r) => r.startTime < r.endTime, { message: 'startTime must be before endTime', path: ['endTime'] });
export const NotificationLogResponseSchema = z.object({
  status: z.literal(200),
  notificationLog: z.object({ Items: z.array(NotificationLogEntrySchema) }),
});
export type NotificationLogResponse = z.infer<typeof NotificationLogResponseSchema>;

// ---------------------------------------------------------------- escalation calls

/** Escalation status codes (spec 3 §4): -1 FAILED (red), 0 PENDING (blue), 1 SUCCESS (green). */
export const ESCALATION_STATUS = { FAILED: -1, PENDING: 0, SUCCESS: 1 } as const;
export const ESCALATION_STATUS_LABELS: Readonly<Record<string, string>> = {
  '-1': 'FAILED',
  '0': 'PENDING',
  '1': 'SUCCESS',
};
export const ESCALATION_UNKNOWN_LABEL = 'UNKNOWN';
/** Call record statuses: -1 not answered/failed/no key, 0 ringing (PENDING), 1 acknowledged with the key. */
export const EscalationStatusSchema = z.number().int();

/** One call chain (spec 3 §3) for one event and one call notification. */
export const EscalationStateSchema = z.object({
  ecid: z.string(),
  vid: z.string(),
  nfid: z.string(),
  evid: z.string(),
  status: EscalationStatusSchema,
  createdAt: z.number(),
  isAcknowledged: z.boolean(),
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: z.number().nullable(),
  acknowledgedRemark: z.string().nullable(),
  /** For display: the vehicle and event. */
  vehicleDisplayName: z.string(),
  vehiclePlate: z.string(),
  notificationName: z.string(),
  event: EventSchema.pick({ eventName: true, eventType: true, eventCreatedAt: true, location: true }),
  /** The SOS ticket its alarm opened or merged into (ADR 0073), and whether it is still open. */
  ticketId: z.string().nullable(),
  ticketOpen: z.boolean(),
});
export type EscalationState = z.infer<typeof EscalationStateSchema>;

/** One call attempt (spec 3 §3). */
export const EscalationCallRecordSchema = z.object({
  ecrid: z.string(),
  ecid: z.string(),
  contactName: z.string(),
  contactNumber: z.string(),
  status: EscalationStatusSchema,
  vid: z.string(),
  createdAt: z.number(),
  /** The provider's words for how the call ended ('no-answer', 'completed', 'key 1', …). */
  detail: z.string(),
});
export type EscalationCallRecord = z.infer<typeof EscalationCallRecordSchema>;

const window = { startTime: z.number().int().nonnegative(), endTime: z.number().int().nonnegative() };
/** POST /escalationcallstate/get {nfids, startTime, endTime}: chains created in the window (every call notification the caller reaches when nfids is empty), newest first. */
export const GetEscalationStatesRequestSchema = z.object({ nfids: z.array(ID).max(1000).default([]), ...window });
export const EscalationStatesResponseSchema = z.object({
  status: z.literal(200),
  escalationCallState: z.array(EscalationStateSchema),
  message: z.string(),
});
/** POST /escalationcallstate/update {escalationCallState}: acknowledges (one way) with a remark. */
export const UpdateEscalationStateRequestSchema = z.object({
  escalationCallState: z.object({
    ecid: RequiredId,
    isAcknowledged: z.literal(true),
    acknowledgedRemark: text().trim().max(1000).default(''),
  }),
});
export const EscalationStateResponseSchema = z.object({
  status: z.literal(200),
  escalationCallState: EscalationStateSchema,
});
/** POST /escalationcallrecord/get {ecids, startTime, endTime}. */
export const GetEscalationRecordsRequestSchema = z.object({ ecids: z.array(ID).min(1).max(1000), ...window });
export const EscalationRecordsResponseSchema = z.object({
  status: z.literal(200),
  escalationCallRecords: z.array(EscalationCallRecordSchema),
});
export type EscalationStatesResponse = z.infer<typeof EscalationStatesResponseSchema>;
export type EscalationStateResponse = z.infer<typeof EscalationStateResponseSchema>;
export type EscalationRecordsResponse = z.infer<typeof EscalationRecordsResponseSchema>;

export const NOTIFICATION_PATHS = {
  notificationGet: '/notification/get',
  notificationAdd: '/notification/add',
  notificationUpdate: '/notification/update',
  notificationDelete: '/notification/delete',
  confirmationResend: '/notification/confirmation/resend',
  recipientConfirm: '/recipient/confirm',
  notificationLogGet: '/notificationlog/get',
  /** The same request as notificationLogGet; answers the rows as an .xlsx file. */
  notificationLogExport: '/notificationlog/export',
  escalationStateGet: '/escalationcallstate/get',
  escalationStateUpdate: '/escalationcallstate/update',
  escalationRecordGet: '/escalationcallrecord/get',
} as const;

/**
 * Provider webhooks (under /api, no session: a signature proves the sender). Twilio signs with
 * X-Twilio-Signature; the local provider calls the service in process and needs none.
 */
export const PROVIDER_HOOK_PATHS = {
  twilioVoice: '/hooks/twilio/voice',
  twilioGather: '/hooks/twilio/gather',
  twilioStatus: '/hooks/twilio/status',
  twilioSmsStatus: '/hooks/twilio/sms-status',
} as const;
