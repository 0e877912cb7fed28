import { formatLocalDateTime, type TransitStatus } from '@jejak/domain';

/* How the Transit PDF writes values: spec 1 §9's units and spec 3 §9's date-times. */

/** YYYY-MM-DD HH:mm:ss in the report's zone. */
export function reportDateTime(ms: number, timeZone: string): string {
  return formatLocalDateTime(ms, timeZone).replaceAll('/', '-');
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
