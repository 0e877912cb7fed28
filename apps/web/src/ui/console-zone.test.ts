import { afterEach, describe, expect, it } from 'vitest';
import { todayWindow } from './alerts/today-window.ts';
import { consoleTimeZone, formatDateTime, setConsoleTimeZone } from './format.ts';

describe("the console's zone follows the server's", () => {
  afterEach(() => setConsoleTimeZone('Asia/Kuala_Lumpur'));
  const NOON_UTC = Date.UTC(2026, 6, 1, 12, 0, 0);

  it('shows times and days in the zone the session answer named', () => {
    expect(formatDateTime(NOON_UTC)).toBe('2026/07/01 20:00:00');
    setConsoleTimeZone('Europe/London');
    expect(consoleTimeZone()).toBe('Europe/London');
    // Summer time: an hour ahead of UTC.
    expect(formatDateTime(NOON_UTC)).toBe('2026/07/01 13:00:00');
    expect(todayWindow(NOON_UTC).startMs).toBe(Date.UTC(2026, 5, 30, 23, 0, 0));
  });

  it('keeps the zone it has when the name is not one the browser knows', () => {
    setConsoleTimeZone('Asia/Kuala Lumpur');
    expect(consoleTimeZone()).toBe('Asia/Kuala_Lumpur');
  });
});
