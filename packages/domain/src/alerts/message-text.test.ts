import { describe, expect, it } from 'vitest';
import { isMessageSafeText, messageAccountOf } from './message-text.ts';

describe('isMessageSafeText', () => {
  it.each([
    ['Amaran SOS', true],
    ['Lori 3 (WXY 1234)', true],
    ['Kenderaan \u00e9 \u7f8e \u{1f69a}', true],
    ['', true],
    ['a\rb', false],
    ['a\nb', false],
    ['Account locked\r\nBcc: x@example.com', false],
    ['tab\there', false],
    ['nul\u0000', false],
    ['esc\u001b[31m', false],
    ['del\u007f', false],
    ['c1\u0085', false],
    ['line\u2028sep', false],
    ['para\u2029sep', false],
  ])('%j → %s', (value, safe) => {
    expect(isMessageSafeText(value)).toBe(safe);
  });
});

describe('messageAccountOf', () => {
  it.each([
    [
      { uid: 'o', role: 'fleetOwner' as const, hierarchy: 's#d#o' },
      { uid: 'o', hierarchy: 's#d#o' },
    ],
    [
      { uid: 'd', role: 'distributor' as const, hierarchy: 's#d' },
      { uid: 'd', hierarchy: 's#d' },
    ],
    [
      { uid: 'op', role: 'fleetOperator' as const, hierarchy: 's#d#o#op' },
      { uid: 'o', hierarchy: 's#d#o' },
    ],
    [
      { uid: 'm', role: 'fleetManager' as const, hierarchy: 's#d#o#m' },
      { uid: 'o', hierarchy: 's#d#o' },
    ],
    [
      { uid: 'op', role: 'fleetOperator' as const, hierarchy: 'op' },
      { uid: 'op', hierarchy: 'op' },
    ],
  ])('%j → %j', (creator, account) => {
    expect(messageAccountOf(creator)).toEqual(account);
  });
});
