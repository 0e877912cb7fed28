import { describe, expect, it } from 'vitest';
import { acknowledges, dialable, nextStep } from './call-plan.ts';

const authorised = { name: 'A', isKeypadAuthorized: true };
const plain = { name: 'B', isKeypadAuthorized: false };

describe('escalation call plan', () => {
  it.each([
    [{ round: 0, step: -1 }, 3, 1, { round: 0, step: 0 }],
    [{ round: 0, step: 1 }, 3, 1, { round: 0, step: 2 }],
    [{ round: 0, step: 2 }, 3, 1, null],
    [{ round: 0, step: 2 }, 3, 2, { round: 1, step: 0 }],
    [{ round: 1, step: 2 }, 3, 2, null],
    [{ round: 0, step: -1 }, 0, 1, null],
  ])('after %j with %i recipients and %i rounds: %j', (at, n, rounds, next) => {
    expect(nextStep(at, n, rounds)).toEqual(next);
  });

  it.each([
    [{ kind: 'keys', digits: '1' }, true, authorised, true],
    [{ kind: 'keys', digits: '1' }, true, plain, false],
    [{ kind: 'keys', digits: '2' }, true, authorised, false],
    [{ kind: 'ended', status: 'completed' }, true, authorised, false],
    [{ kind: 'ended', status: 'completed' }, false, plain, true],
    [{ kind: 'keys', digits: '7' }, false, plain, true],
    [{ kind: 'ended', status: 'no-answer' }, false, plain, false],
  ] as const)('%j keypad %s recipient %j acknowledges: %s', (outcome, keypadEnabled, recipient, expected) => {
    expect(acknowledges(outcome, { keypadEnabled, recipient, ackKey: '1' })).toBe(expected);
  });

  it.each([
    ['+60123456789', '+60123456789'],
    ['012-345 6789', '+60123456789'],
    ['60123456789', '+60123456789'],
    ['', ''],
  ])('dials %s as %s', (contact, number) => {
    expect(dialable(contact)).toBe(number);
  });
});
