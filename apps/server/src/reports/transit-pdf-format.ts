import { formatLocalDateTime, type TransitStatus } from '@jejak/domain';

/* How the Transit PDF writes values: spec 1 §9's units and spec 3 §9's date-times. */

/** The request names no zone: the report writes times in the console's default one (DESIGN §6). */
export const REPORT_TIME_ZONE = 'Asia/Kuala_Lumpur';

/** YYYY-MM-DD HH:mm:ss in the report's zone. */
export function reportDateTime(ms: number): string {
  return formatLocalDateTime(ms, REPORT_TIME_ZONE).replaceAll('/', '-');
}

/** Spec 1 §9's durations: days/hrs/mins, or hrs/mins, or mins/secs — the largest unit decides. */
export function reportDuration(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const days = Math.floor(total / 86_400);
  const hrs = Math.floor((total % 86_400) / 3600);
  const mins = Math.floor((total % 3600) / 60);
  if (days > 0) return `${days} days ${hrs} hrs ${mins} mins`;
  if (hrs > 0) return `${hrs} hrs ${mins} mins`;
  return `${mins} mins ${total % 60} secs`;
}

/** Distance with 2 decimals in km (spec 1 §9). */
export function reportKm(km: number): string {
  return `${km.toFixed(2)} km`;
}

/** Speed with 1 decimal in km/h (spec 1 §9). */
export function reportKmh(kmh: number): string {
  return `${kmh.toFixed(1)} km/h`;
}

export const STATUS_LABELS: Record<TransitStatus, string> = {
  MOVING: 'Moving',
  IDLING: 'Idling',
  PARKING: 'Parking',
  DISCONNECTED: 'Disconnected',
};

// The standard PDF fonts speak WinAnsi: Latin-1 plus these; anything else would print as garbage.
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can print: controls become spaces, other scripts '?', at most `max` characters. */
export function printable(text: string, max = 200): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (code <= 0xff || WIN_ANSI_EXTRAS.has(ch)) out += ch;
    else out += '?';
  }
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}
