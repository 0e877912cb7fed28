import { describe, expect, it } from 'vitest';
import { countByFilter, popupAllowed, popupLevel } from './event-text.ts';

const ALL_ON = {
  in_app_notification: true,
  in_app_notification_info: true,
  in_app_notification_warning: true,
  in_app_notification_critical: true,
};

describe('filters', () => {
  const events = [
    { eventType: 'INFO' as const, n: 1 },
    { eventType: 'CRITICAL' as const, n: 2 },
    { eventType: 'CRITICAL' as const, n: 3 },
    { eventType: 'CONTROL' as const, n: 4 },
  ];

  it('counts every button', () => {
    expect(countByFilter(events)).toEqual({ ALL: 4, INFO: 1, WARNING: 0, CRITICAL: 2, CONTROL: 1 });
  });
});

describe('pop-up gating (spec 1 §4)', () => {
  it.each([
    ['WARNING', 'warning'],
    ['CRITICAL', 'error'],
    ['INFO', 'info'],
    ['CONTROL', 'info'],
  ] as const)('%s pops up at level %s', (type, level) => {
    expect(popupLevel(type)).toBe(level);
  });

  it('needs the master switch', () => {
    expect(popupAllowed({ ...ALL_ON, in_app_notification: false }, 'CRITICAL')).toBe(false);
    expect(popupAllowed(ALL_ON, 'CRITICAL')).toBe(true);
  });

  it.each([
    ['in_app_notification_info', 'INFO'],
    ['in_app_notification_warning', 'WARNING'],
    ['in_app_notification_critical', 'CRITICAL'],
    ['in_app_notification_info', 'CONTROL'],
  ] as const)('%s gates %s and nothing else', (flag, type) => {
    const off = { ...ALL_ON, [flag]: false };
    expect(popupAllowed(off, type)).toBe(false);
    for (const other of ['INFO', 'WARNING', 'CRITICAL', 'CONTROL'] as const) {
      if (popupLevel(other) !== popupLevel(type)) expect(popupAllowed(off, other)).toBe(true);
    }
  });
});
