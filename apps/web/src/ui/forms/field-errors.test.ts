import { describe, expect, it } from 'vitest';
import { changedFields, fieldOf, namePath, withValue, type FieldRule } from './field-errors.ts';

const RULES: readonly FieldRule[] = [
  ['Please enter vehicle plate', 'vehiclePlate'],
  [
    ['Please select target user', 'Vehicles and devices can be assigned only to fleet owners and distributors'],
    'targetUid',
  ],
  [(text) => text.startsWith('Error at tank'), ['tanks']],
];

describe('fieldOf', () => {
  it.each([
    ['Please enter vehicle plate', 'vehiclePlate'],
    ['Please select target user', 'targetUid'],
    ['Vehicles and devices can be assigned only to fleet owners and distributors', 'targetUid'],
    ['Error at tank 2: capacity must be more than 0', ['tanks']],
    ['Something went wrong', null],
    ['please enter vehicle plate', null],
  ])('%s → %j', (text, field) => {
    expect(fieldOf(text, RULES)).toEqual(field);
  });

  it('takes the first row that matches', () => {
    expect(
      fieldOf('x', [
        ['x', 'a'],
        ['x', 'b'],
      ]),
    ).toBe('a');
  });
});

describe('changedFields', () => {
  it('keeps the placed fields whose top-level value changed', () => {
    expect(changedFields(['vehiclePlate', ['tanks', 0, 'capacity'], 'imei'], { tanks: [], imei: '1' })).toEqual([
      ['tanks', 0, 'capacity'],
      'imei',
    ]);
    expect(changedFields(['vehiclePlate'], { vehicleModel: 'x' })).toEqual([]);
  });
});

describe('namePath', () => {
  it('copies a path so antd may keep it', () => {
    const path = ['tanks', 1] as const;
    const copy = namePath(path);
    expect(copy).toEqual(['tanks', 1]);
    expect(copy).not.toBe(path);
    expect(namePath('imei')).toBe('imei');
  });
});

describe('withValue', () => {
  const incomplete = withValue('Recipient {n} is not complete');
  it.each([
    ['Recipient 2 is not complete', true],
    ['Recipient 12 is not complete', true],
    ['Recipient  is not complete', false],
    ['Recipient 2 cannot see these vehicles', false],
  ])('%s → %s', (text, yes) => {
    expect(incomplete(text)).toBe(yes);
  });
  it('a text without the slot matches only itself', () => {
    expect(withValue('Valid email')('Valid email')).toBe(true);
    expect(withValue('Valid email')('Valid emails')).toBe(false);
  });
});
