import type { Notification } from '@jejak/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { consoleTimeZone } from '../../ui/format.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The default window (spec 2 §9): the start of this month in the users' time zone, until now. */
export function defaultLogWindow(nowMs: number, timeZone: string = consoleTimeZone()): { start: number; end: number } {
  return { start: dayjs(nowMs).tz(timeZone).startOf('month').valueOf(), end: nowMs };
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
