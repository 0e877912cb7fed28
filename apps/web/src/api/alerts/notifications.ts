import {
  NOTIFICATION_PATHS,
  NotificationLogResponseSchema,
  NotificationMessageResponseSchema,
  NotificationResponseSchema,
  NotificationsResponseSchema,
  type AddNotificationRequest,
  type Notification,
  type NotificationLogEntry,
  type NotificationLogExportRequest,
  type UpdateNotificationRequest,
} from '@jejak/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost } from '../client.ts';
import { downloadFile } from '../download.ts';

/** Query keys of notifications; a change to one invalidates ['notifications']. */
export const notificationKeys = {
  all: ['notifications'] as const,
  ofUser: (uid: string) => ['notifications', uid] as const,
};

/** POST /notification/get {uid, nfids: []}: every notification the user reaches, sorted by name. */
export async function fetchNotifications(uid: string): Promise<Notification[]> {
  return (await apiPost(NOTIFICATION_PATHS.notificationGet, { uid, nfids: [] }, NotificationsResponseSchema))
    .notifications;
}

export function useNotifications(uid: string): UseQueryResult<Notification[]> {
  return useQuery({ queryKey: notificationKeys.ofUser(uid), queryFn: () => fetchNotifications(uid) });
}

export async function addNotification(request: AddNotificationRequest): Promise<Notification> {
  return (await apiPost(NOTIFICATION_PATHS.notificationAdd, request, NotificationResponseSchema)).notification;
}

export async function updateNotification(request: UpdateNotificationRequest): Promise<Notification> {
  return (await apiPost(NOTIFICATION_PATHS.notificationUpdate, request, NotificationResponseSchema)).notification;
}

/** POST /notificationlog/get {nfid, startTime, endTime}: the delivery attempts, newest first. */
export async function fetchNotificationLog(
  nfid: string,
  startTime: number,
  endTime: number,
): Promise<NotificationLogEntry[]> {
  const body = { nfid, startTime, endTime };
  return (await apiPost(NOTIFICATION_PATHS.notificationLogGet, body, NotificationLogResponseSchema)).notificationLog
    .Items;
}

/** Saves the log as .xlsx, built by the server from the same rows (POST /notificationlog/export). */
export function downloadNotificationLog(query: NotificationLogExportRequest): Promise<void> {
  return downloadFile(NOTIFICATION_PATHS.notificationLogExport, query, 'notification-log.xlsx');
}

/** POST /notification/delete {nfid}: its pending deliveries go, its log stays; answers the server's message. */
export async function deleteNotification(nfid: string): Promise<string> {
  return (await apiPost(NOTIFICATION_PATHS.notificationDelete, { nfid }, NotificationMessageResponseSchema)).message;
}

/** POST /notification/confirmation/resend {nfid, email}: mails an outside recipient its link again. */
export async function resendConfirmation(nfid: string, email: string): Promise<string> {
  const body = { nfid, email };
  return (await apiPost(NOTIFICATION_PATHS.confirmationResend, body, NotificationMessageResponseSchema)).message;
}

/** POST /recipient/confirm {token}: the confirmation link's page (signed out). */
export async function confirmRecipient(token: string): Promise<string> {
  return (await apiPost(NOTIFICATION_PATHS.recipientConfirm, { token }, NotificationMessageResponseSchema)).message;
}
