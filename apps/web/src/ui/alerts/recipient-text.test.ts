import { describe, expect, it } from 'vitest';
import { recipientText } from './recipient-text.ts';

describe('recipientText (spec 2 §2: per type)', () => {
  it.each([
    [0, { name: 'Ali', email: 'ali@x.my' }, 'ali@x.my (Ali)'],
    [0, { name: '', email: 'ali@x.my' }, 'ali@x.my'],
    [1, { name: 'Ali', uid: 'u1' }, 'Ali'],
    [1, { name: '', uid: 'u1' }, 'u1'],
    [2, { name: 'Ali', contact: '+60123456789' }, '+60123456789 (Ali)'],
    [3, { name: 'Siti', contact: '+60198765432' }, '+60198765432 (Siti)'],
  ] as const)('type %i %j → %s', (type, recipient, text) => {
    expect(recipientText(type, recipient)).toBe(text);
  });
});
