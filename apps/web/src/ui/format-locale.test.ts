import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../i18n/language.ts';
import { formatDuration, formatSpeedKmh, localizeAddress, statusDurationText } from './format.ts';

describe('durations in the console language', () => {
  afterEach(() => changeLocale('en'));

  it('keeps the spec wording in English and words the units in Malay', async () => {
    await changeLocale('en');
    expect(formatDuration(90 * 60_000 + 5_000)).toBe('1 hrs 30 mins');
    expect(formatDuration(null)).toBe('N/A');
    expect(formatSpeedKmh(52)).toBe('52.0 km/h');
    await changeLocale('ms');
    expect(formatDuration(90 * 60_000 + 5_000)).toBe('1 jam 30 min');
    expect(formatDuration(2 * 86_400_000 + 3_600_000)).toBe('2 hari 1 jam 0 min');
    expect(formatDuration(65_000)).toBe('1 min 5 saat');
    expect(formatDuration(undefined)).toBe('T/A');
    const vehicle = { transitStatus: 'PARKING', transitFrom: 0, updatedAt: 0 } as const;
    expect(statusDurationText(vehicle, 65_000)).toBe('Selama 1 min 5 saat');
    expect(localizeAddress('near Klang, Selangor')).toBe('berhampiran Klang, Selangor');
    expect(localizeAddress('Klang, Selangor')).toBe('Klang, Selangor');
    expect(formatSpeedKmh(52)).toBe('52.0 km/j');
  });
});
