import { NotificationLogExportRequestSchema } from '../../alerts/notification-log-table.ts';
import {
  AddNotificationRequestSchema,
  ConfirmRecipientRequestSchema,
  DeleteNotificationRequestSchema,
  EscalationRecordsResponseSchema,
  EscalationStateResponseSchema,
  EscalationStatesResponseSchema,
  GetEscalationRecordsRequestSchema,
  GetEscalationStatesRequestSchema,
  GetNotificationsRequestSchema,
  NotificationLogRequestSchema,
  NotificationLogResponseSchema,
  NotificationMessageResponseSchema,
  NotificationResponseSchema,
  NotificationsResponseSchema,
  ResendConfirmationRequestSchema,
  UpdateEscalationStateRequestSchema,
  UpdateNotificationRequestSchema,
} from '../../alerts/notifications.ts';
import {
  AddWebhookRequestSchema,
  AddWebhookResponseSchema,
  GetWebhooksRequestSchema,
  WebhookDeliveriesResponseSchema,
  WebhookIdRequestSchema,
  WebhookMessageResponseSchema,
  WebhooksResponseSchema,
} from '../../alerts/webhooks.ts';
import { XLSX_CONTENT_TYPE } from '../../fleet/bulk.ts';
import { grant, post, postFile } from '../operation.ts';
import { API_PATHS } from '../routes.ts';

const manageAlerts = grant('manageAlerts');

/** Notifications and their log (spec 2 §7), SOS Alerts' escalations (spec 3 §7). */
export const NOTIFICATION_OPERATIONS = {
  notificationGet: post(
    API_PATHS.notificationGet,
    manageAlerts,
    'Notifications, by name',
    GetNotificationsRequestSchema,
    NotificationsResponseSchema,
  ),
  notificationAdd: post(
    API_PATHS.notificationAdd,
    manageAlerts,
    'Add a notification',
    AddNotificationRequestSchema,
    NotificationResponseSchema,
  ),
  notificationUpdate: post(
    API_PATHS.notificationUpdate,
    manageAlerts,
    'Edit a notification',
    UpdateNotificationRequestSchema,
    NotificationResponseSchema,
  ),
  notificationDelete: post(
    API_PATHS.notificationDelete,
    manageAlerts,
    'Delete a notification: its pending deliveries and calls go, its log stays',
    DeleteNotificationRequestSchema,
    NotificationMessageResponseSchema,
  ),
  confirmationResend: post(
    API_PATHS.confirmationResend,
    manageAlerts,
    'Mail an outside recipient of a notification its confirmation link again (rate-limited)',
    ResendConfirmationRequestSchema,
    NotificationMessageResponseSchema,
  ),
  recipientConfirm: post(
    API_PATHS.recipientConfirm,
    'public',
    'Confirm an outside e-mail recipient with the token of its link (single use)',
    ConfirmRecipientRequestSchema,
    NotificationMessageResponseSchema,
  ),
  notificationLogGet: post(
    API_PATHS.notificationLogGet,
    manageAlerts,
    'Delivery attempts of a notification, newest first',
    NotificationLogRequestSchema,
    NotificationLogResponseSchema,
  ),
  notificationLogExport: postFile(
    API_PATHS.notificationLogExport,
    manageAlerts,
    "The Notification Log's rows as .xlsx (the screen's columns, times in the given zone)",
    NotificationLogExportRequestSchema,
    XLSX_CONTENT_TYPE,
  ),
  escalationStateGet: post(
    API_PATHS.escalationStateGet,
    grant('readEscalations'),
    'Escalation call chains in a time range',
    GetEscalationStatesRequestSchema,
    EscalationStatesResponseSchema,
  ),
  escalationStateUpdate: post(
    API_PATHS.escalationStateUpdate,
    grant('acknowledgeEscalations'),
    'Acknowledge an escalation (one way) with a remark',
    UpdateEscalationStateRequestSchema,
    EscalationStateResponseSchema,
  ),
  escalationRecordGet: post(
    API_PATHS.escalationRecordGet,
    grant('readEscalations'),
    'Call records of escalation chains',
    GetEscalationRecordsRequestSchema,
    EscalationRecordsResponseSchema,
  ),
};

/** Webhooks (issue 28 item 2, ADR 0089): the Management grant, like notifications. */
export const WEBHOOK_OPERATIONS = {
  webhookGet: post(
    API_PATHS.webhookGet,
    manageAlerts,
    'Your webhooks',
    GetWebhooksRequestSchema,
    WebhooksResponseSchema,
  ),
  webhookAdd: post(
    API_PATHS.webhookAdd,
    manageAlerts,
    'Subscribe an HTTPS address to event kinds; the answer shows its signing secret once',
    AddWebhookRequestSchema,
    AddWebhookResponseSchema,
  ),
  webhookDelete: post(
    API_PATHS.webhookDelete,
    manageAlerts,
    'Delete a webhook and its queued deliveries',
    WebhookIdRequestSchema,
    WebhookMessageResponseSchema,
  ),
  webhookResume: post(
    API_PATHS.webhookResume,
    manageAlerts,
    'Resume a webhook paused after failures in a row',
    WebhookIdRequestSchema,
    WebhookMessageResponseSchema,
  ),
  webhookDeliveries: post(
    API_PATHS.webhookDeliveries,
    manageAlerts,
    "A webhook's latest deliveries: status, attempts, answer code, latency, error",
    WebhookIdRequestSchema,
    WebhookDeliveriesResponseSchema,
  ),
};
