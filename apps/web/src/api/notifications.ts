import {
  API_BASE,
  NOTIFICATION_PATHS,
  NotificationLogResponseSchema,
  NotificationResponseSchema,
  NotificationsResponseSchema,
  type AddNotificationRequest,
  type Notification,
  type NotificationLogEntry,
  type NotificationLogExportRequest,
  type UpdateNotificationRequest,
} from '@jejak/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost } from './client.ts';

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

/**
 * Saves the log as .xlsx, built by the server from the same rows (POST /notificationlog/export).
 * Throws when the server refused or could not be reached.
 */
export async function downloadNotificationLog(query: NotificationLogExportRequest): Promise<void> {
  const response = await fetch(API_BASE + NOTIFICATION_PATHS.notificationLogExport, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(query),
  });
  if (!response.ok) throw new Error(`export failed: ${response.status}`);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'notification-log.xlsx';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has handed the blob to the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
