import { formatLocalDateTime } from './local-date-time.ts';

/** Spec 1 §4: hours 7 to 19 inclusive are Day, the others Night. */
export const DAY_HOURS = { first: 7, last: 19 } as const;

export type DayNight = 'DAY' | 'NIGHT';

export const DAY_NIGHT_LABELS: Readonly<Record<DayNight, string>> = { DAY: 'Day', NIGHT: 'Night' };

/** Day or Night at an instant by its hour in `timeZone` (the server's or the console's zone). */
export function dayNight(ms: number, timeZone: string): DayNight {
  const hour = Number(formatLocalDateTime(ms, timeZone).slice(11, 13));
  return hour >= DAY_HOURS.first && hour <= DAY_HOURS.last ? 'DAY' : 'NIGHT';
}
