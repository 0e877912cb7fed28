import {
  AddNotificationRequestSchema,
  GetNotificationsRequestSchema,
  NOTIFICATION_PATHS,
  NotificationLogRequestSchema,
  NotificationLogResponseSchema,
  NotificationResponseSchema,
  NotificationsResponseSchema,
  UpdateNotificationRequestSchema,
} from '../alerts/notifications.ts';
import { op, type Operation } from './openapi-accounts.ts';

/** The notification calls of spec 2 §7 (the SOS Alerts calls are listed with their routes). */
export const NOTIFICATION_OPERATIONS: readonly Operation[] = [
  op(
    NOTIFICATION_PATHS.notificationGet,
    'Notifications, by name',
    GetNotificationsRequestSchema,
    NotificationsResponseSchema,
  ),
  op(
    NOTIFICATION_PATHS.notificationAdd,
    'Add a notification',
    AddNotificationRequestSchema,
    NotificationResponseSchema,
  ),
  op(
    NOTIFICATION_PATHS.notificationUpdate,
    'Edit a notification',
    UpdateNotificationRequestSchema,
    NotificationResponseSchema,
  ),
  op(
    NOTIFICATION_PATHS.notificationLogGet,
    'Delivery attempts of a notification, newest first',
    NotificationLogRequestSchema,
    NotificationLogResponseSchema,
  ),
];
