import type { Notification, NotificationLogEntry } from '@jejak/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DEFAULT_TIME_ZONE } from '../../ui/format.ts';
import { recipientText } from '../../ui/alerts/recipient-text.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface LogRow {
  key: string;
  name: string;
  type: string;
  recipients: string;
  createdAt: string;
  deviceTime: string;
  statusCode: number;
  statusMessage: string;
}

/** An instant as YYYY/MM/DD h:mm:ss A in the users' time zone (spec 2 §9); '-' when unknown. */
export function formatLogTime(ms: number | null, timeZone: string = DEFAULT_TIME_ZONE): string {
  return typeof ms === 'number' && Number.isFinite(ms) ? dayjs(ms).tz(timeZone).format('YYYY/MM/DD h:mm:ss A') : '-';
}

/** The default window (spec 2 §9): the start of this month in the users' time zone, until now. */
export function defaultLogWindow(nowMs: number, timeZone: string = DEFAULT_TIME_ZONE): { start: number; end: number } {
  return { start: dayjs(nowMs).tz(timeZone).startOf('month').valueOf(), end: nowMs };
}

/** The table's rows (spec 2 §2 Notification Log columns), in the server's order (newest first). */
export function logRows(
  entries: readonly NotificationLogEntry[],
  typeLabels: Readonly<Record<number, string>>,
): LogRow[] {
  return entries.map((e) => ({
    key: e.nlid,
    name: e.notificationName,
    type: typeLabels[e.serviceType] ?? String(e.serviceType),
    recipients: recipientText(e.serviceType, e.recipient),
    createdAt: formatLogTime(e.createdAt),
    deviceTime: formatLogTime(e.deviceTime),
    statusCode: e.statusCode,
    statusMessage: e.statusMessage,
  }));
}

/** The notification select's options: by name (spec 2 §2 "searchable, sorted by name"). */
export function notificationOptions(list: readonly Notification[]): { value: string; label: string }[] {
  return [...list]
    .sort((a, b) => a.notificationName.localeCompare(b.notificationName) || a.nfid.localeCompare(b.nfid))
    .map((n) => ({ value: n.nfid, label: n.notificationName }));
}

/** The notification id the screen was opened with ({nfid} in the navigation state). */
export function stateNfid(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('nfid' in state)) return undefined;
  return typeof state.nfid === 'string' && state.nfid !== '' ? state.nfid : undefined;
}
