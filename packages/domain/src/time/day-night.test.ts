import { describe, expect, it } from 'vitest';
import { dayNight } from './day-night.ts';

const KL = 'Asia/Kuala_Lumpur';
/** 2026-11-28 at hh:mm in Kuala Lumpur (UTC+8). */
const kl = (hh: number, mm = 0) => Date.UTC(2026, 10, 28, hh - 8, mm);

describe('Day/Night label (spec 1 §4: hours 7 to 19 inclusive are Day)', () => {
  it.each([
    ['00:00', kl(0), 'NIGHT'],
    ['06:59', kl(6, 59), 'NIGHT'],
    ['07:00', kl(7), 'DAY'],
    ['12:30', kl(12, 30), 'DAY'],
    ['19:00', kl(19), 'DAY'],
    ['19:59, still hour 19', kl(19, 59), 'DAY'],
    ['20:00', kl(20), 'NIGHT'],
    ['23:59', kl(23, 59), 'NIGHT'],
  ])('%s in Kuala Lumpur', (_name, ms, expected) => {
    expect(dayNight(ms, KL)).toBe(expected);
  });

  it('reads the hour in the zone it is given', () => {
    // 12:00 in Kuala Lumpur is 04:00 UTC: night there.
    expect(dayNight(kl(12), 'UTC')).toBe('NIGHT');
  });
});
