import { describe, expect, it } from 'vitest';
import {
  formatAdminDateTime,
  formatCoordinate,
  formatCoordinates,
  formatDateTime,
  formatHoursMinutes,
  formatDuration,
  formatSpeedKmh,
  packageText,
  packageWithCode,
  statusDurationText,
  statusSince,
  tankText,
} from './format.ts';
import { en } from '../i18n/en.ts';
import { ms } from '../i18n/ms.ts';

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatDuration', () => {
  it.each([
    [0, '0 mins 0 secs'],
    [59 * SEC + 999, '0 mins 59 secs'],
    [5 * MIN + 7 * SEC, '5 mins 7 secs'],
    [59 * MIN + 59 * SEC, '59 mins 59 secs'],
    [HOUR, '1 hrs 0 mins'],
    [3 * HOUR + 25 * MIN + 40 * SEC, '3 hrs 25 mins'],
    [23 * HOUR + 59 * MIN, '23 hrs 59 mins'],
    [DAY, '1 days 0 hrs 0 mins'],
    [2 * DAY + 5 * HOUR + 9 * MIN + 30 * SEC, '2 days 5 hrs 9 mins'],
    [-5 * SEC, '0 mins 0 secs'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('%s → N/A', (value) => {
    expect(formatDuration(value)).toBe('N/A');
  });
});

describe('status duration', () => {
  const now = 1_700_000_000_000;

  it('counts from transitFrom for a known status', () => {
    const vehicle = { transitStatus: 'MOVING' as const, transitFrom: now - 90 * SEC, updatedAt: now - 5 * SEC };
    expect(statusSince(vehicle)).toBe(now - 90 * SEC);
    expect(statusDurationText(vehicle, now)).toBe('For 1 mins 30 secs');
  });

  it('counts from updatedAt when DISCONNECTED or unknown', () => {
    const disconnected = { transitStatus: 'DISCONNECTED' as const, transitFrom: now - DAY, updatedAt: now - 2 * HOUR };
    expect(statusDurationText(disconnected, now)).toBe('For 2 hrs 0 mins');
    const unknown = { transitStatus: null, transitFrom: now - DAY, updatedAt: now - 3 * MIN };
    expect(statusDurationText(unknown, now)).toBe('For 3 mins 0 secs');
  });

  it('shows - when the start is unknown', () => {
    expect(statusDurationText({ transitStatus: 'PARKING', transitFrom: null, updatedAt: now }, now)).toBe('-');
  });
});

describe('formatDateTime', () => {
  it('formats YYYY/MM/DD HH:mm:ss in Asia/Kuala_Lumpur by default (UTC+8)', () => {
    expect(formatDateTime(Date.UTC(2024, 0, 31, 16, 5, 9))).toBe('2024/02/01 00:05:09');
    expect(formatDateTime(Date.UTC(2024, 5, 1, 3, 0, 0))).toBe('2024/06/01 11:00:00');
  });

  it('honours another time zone', () => {
    expect(formatDateTime(Date.UTC(2024, 0, 31, 16, 5, 9), 'UTC')).toBe('2024/01/31 16:05:09');
  });

  it('shows - for a missing instant', () => {
    expect(formatDateTime(null)).toBe('-');
  });
});

describe('formatAdminDateTime', () => {
  it('formats YYYY-MM-DD HH:mm:ss for the administration screens', () => {
    expect(formatAdminDateTime(Date.UTC(2024, 0, 31, 16, 5, 9))).toBe('2024-02-01 00:05:09');
    expect(formatAdminDateTime(undefined)).toBe('-');
  });
});

describe('formatSpeedKmh', () => {
  it('uses one decimal and km/h', () => {
    expect(formatSpeedKmh(42.46)).toBe('42.5 km/h');
    expect(formatSpeedKmh(0)).toBe('0.0 km/h');
    expect(formatSpeedKmh(null)).toBe('-');
  });
});

describe('issue 26 item 6: codes and numbers as a reader reads them', () => {
  it('coordinates to 6 decimals, latitude first; unknown as -', () => {
    expect(formatCoordinates({ lat: 3.073812345678901, lon: 101.51831234567891 })).toBe('3.073812, 101.518312');
    expect(formatCoordinates(null)).toBe('-');
    expect(formatCoordinate(-0.1234567)).toBe('-0.123457');
  });

  it.each([
    [0, '0:00'],
    [0.25, '0:15'],
    [1.5, '1:30'],
    [2.999, '3:00'],
    [26.1, '26:06'],
    [-0.5, '-0:30'],
  ])('%d hours → %s', (hours, text) => {
    expect(formatHoursMinutes(hours)).toBe(text);
  });

  it('names data packages and tanks in the catalogue’s words', () => {
    expect(packageText(en.codes, 'gps#latest')).toBe('Position');
    expect(packageText(ms.codes, 'gps#memory')).toBe('Kedudukan (dihantar lewat)');
    expect(packageWithCode(ms.codes, 'heartbeat')).toBe(`${ms.codes.packages.heartbeat} (heartbeat)`);
    expect(packageWithCode(en.codes, 'gps#latest')).toBe('Position (gps#latest)');
    expect(packageWithCode(en.codes, 'x#new')).toBe('x#new');
    expect(packageWithCode(en.codes, null)).toBe('-');
    expect(packageText(en.codes, 'something-new')).toBe('something-new');
    expect(packageText(en.codes, null)).toBe('-');
    expect(tankText(en.codes, 'fuel')).toBe('Tank on port 0');
    expect(tankText(ms.codes, 'fuel2')).toBe('Tangki pada port 2');
    expect(tankText(en.codes, 'spare')).toBe('spare');
  });
});
