import { z } from 'zod';
import { RequiredId, TimeZoneField } from '../core/fields.ts';
import {
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationLogEntry,
  type NotificationType,
  type Recipient,
} from './notifications.ts';

/*
 * The Notification Log table (spec 2 §2), shared by the screen and its .xlsx export so both show
 * the same rows: columns, the recipient per type, and times as YYYY/MM/DD h:mm:ss A (spec 2 §9).
 */

export const NOTIFICATION_LOG_COLUMNS = [
  { key: 'name', label: 'Name' },
  { key: 'type', label: 'Type' },
  { key: 'recipients', label: 'Recipient(s)' },
  { key: 'createdAt', label: 'Created At' },
  { key: 'deviceTime', label: 'Device Time' },
  { key: 'statusCode', label: 'Status Code' },
  { key: 'statusMessage', label: 'Status Message' },
] as const;
export type NotificationLogColumn = (typeof NOTIFICATION_LOG_COLUMNS)[number]['key'];

export type NotificationLogRow = { key: string } & Record<Exclude<NotificationLogColumn, 'statusCode'>, string> & {
    statusCode: number;
  };

function withName(main: string, name: string): string {
  if (!main) return name;
  return name ? `${main} (${name})` : main;
}

/** A recipient per type (spec 2 §2): the e-mail with the name, the name only (push), the contact with the name. */
export function recipientText(type: NotificationType, recipient: Partial<Recipient>): string {
  const name = recipient.name?.trim() ?? '';
  switch (type) {
    case NOTIFICATION_TYPES.EMAIL:
      return withName(recipient.email?.trim() ?? '', name);
    case NOTIFICATION_TYPES.PUSH:
      return name || (recipient.uid ?? '');
    case NOTIFICATION_TYPES.SMS:
    case NOTIFICATION_TYPES.CALL:
      return withName(recipient.contact?.trim() ?? '', name);
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** An instant as YYYY/MM/DD h:mm:ss A in the time zone (spec 2 §9); '-' when unknown. */
export function formatLogTime(ms: number | null | undefined, timeZone: string): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '-';
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
    });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return `${p['year']}/${p['month']}/${p['day']} ${p['hour']}:${p['minute']}:${p['second']} ${p['dayPeriod']}`;
}

/** The rows of the log, in the server's order (newest first). */
export function notificationLogRows(entries: readonly NotificationLogEntry[], timeZone: string): NotificationLogRow[] {
  return entries.map((e) => ({
    key: e.nlid,
    name: e.notificationName,
    type: NOTIFICATION_TYPE_LABELS[e.serviceType],
    recipients: recipientText(e.serviceType, e.recipient),
    createdAt: formatLogTime(e.createdAt, timeZone),
    deviceTime: formatLogTime(e.deviceTime, timeZone),
    statusCode: e.statusCode,
    statusMessage: e.statusMessage,
  }));
}

/**
 * POST /notificationlog/export {nfid, startTime, endTime, timeZone}: the log as .xlsx. The
 * console names the time zone it shows times in, so the file's times read as the screen's.
 */
export const NotificationLogExportRequestSchema = z
  .object({
    nfid: RequiredId,
    startTime: z.number().int().nonnegative(),
    endTime: z.number().int().nonnegative(),
    timeZone: TimeZoneField,
  })
  .refine((r) => r.startTime < r.endTime, { message: 'startTime must be before endTime', path: ['endTime'] });
export type NotificationLogExportRequest = z.input<typeof NotificationLogExportRequestSchema>;
