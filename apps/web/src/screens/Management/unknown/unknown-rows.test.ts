import type { UnknownDevice } from '@jejak/contract';
import { describe, expect, it } from 'vitest';
import { registerState, unknownRows } from './unknown-rows.ts';

const tracker = (imei: string, lastSeen: number, models: string[] = ['GPS100']): UnknownDevice => ({
  protocol: 'gt06',
  models,
  imei,
  remote: null,
  firstSeen: 1,
  lastSeen,
  attempts: 1,
});

describe('unregistered trackers', () => {
  it('lists the most recently seen first', () => {
    const rows = unknownRows([tracker('1', 10), tracker('3', 30), tracker('2', 30)]);
    expect(rows.map((r) => r.imei)).toEqual(['2', '3', '1']);
  });

  it('registers with the IMEI and the first model of its protocol', () => {
    expect(registerState(tracker('869999000000017', 5))).toEqual({
      register: { imei: '869999000000017', model: 'GPS100' },
    });
    expect(registerState(tracker('1', 5, [])).register.model).toBeNull();
  });
});
