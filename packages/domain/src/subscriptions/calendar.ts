/**
 * Calendar arithmetic in a named time zone, without a clock. Intl supplies the zone's offset
 * at an instant; everything else is plain arithmetic on wall-clock fields.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Offset of `timeZone` from UTC at instant `ms`, in ms (Asia/Kuala_Lumpur: +8 h). */
export function utcOffsetMs(timeZone: string, ms: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * `ms` plus `months` calendar months at the same local time in `timeZone`. A day that does
 * not exist in the target month is clamped to its last day (29 Feb + 12 months = 28 Feb).
 */
export function addCalendarMonths(ms: number, months: number, timeZone: string): number {
  const wall = new Date(ms + utcOffsetMs(timeZone, ms));
  const total = wall.getUTCFullYear() * 12 + wall.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(wall.getUTCDate(), daysInMonth(year, month));
  const targetWall = Date.UTC(
    year,
    month,
    day,
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    wall.getUTCMilliseconds(),
  );
  // The offset of the result may differ from the start's (daylight saving elsewhere).
  const guess = targetWall - utcOffsetMs(timeZone, ms);
  return targetWall - utcOffsetMs(timeZone, guess);
}
