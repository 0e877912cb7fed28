import { describe, expect, it } from 'vitest';
import { coordinatesText, formatDay, formatFixed, formatTime, mapsLink } from './management-format.ts';

const kl = (iso: string) => Date.parse(`${iso}+08:00`);

describe('management formats (spec 2 §9)', () => {
  it('writes days as YYYY/MM/DD and times as YYYY/MM/DD h:mm:ss A, in Kuala Lumpur time', () => {
    expect(formatDay(kl('2026-03-04T00:00:00'))).toBe('2026/03/04');
    expect(formatTime(kl('2026-03-04T00:05:09'))).toBe('2026/03/04 12:05:09 AM');
    expect(formatTime(kl('2026-03-04T13:45:00'))).toBe('2026/03/04 1:45:00 PM');
    expect(formatDay(null)).toBe('-');
    expect(formatTime(undefined)).toBe('-');
  });

  it('fixes decimals: speed and fuel 2, odometer 0, coordinates 7', () => {
    expect(formatFixed(12.345, 2)).toBe('12.35');
    expect(formatFixed(1234.6, 0)).toBe('1235');
    expect(formatFixed(null, 2)).toBe('-');
    const at = { lat: 3.1, lon: 101.68691234 };
    expect(coordinatesText(at)).toBe('3.1000000, 101.6869123');
    expect(mapsLink(at)).toBe('https://www.google.com/maps?q=3.1000000,101.6869123');
  });
});
