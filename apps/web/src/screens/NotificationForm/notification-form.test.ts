import { NOTIFICATION_TEXTS } from '@jejak/contract';
import { describe, expect, it } from 'vitest';
import {
  contactToDraft,
  contactToStored,
  emailHint,
  nfidCandidates,
  notificationFormProblem,
  recipientsToSend,
  type NotificationFormValues,
} from './notification-form.ts';

const rules = { rt1: { ru1: { c: 0 as const, v: 1 as const } } };
const email: NotificationFormValues = {
  notificationName: 'Alerts',
  serviceType: 0,
  recipient: [{ name: 'Ali', email: 'ali@demo.my' }],
};

describe('notificationFormProblem: the checks of spec 2 §5, in order', () => {
  it.each<[string, NotificationFormValues, typeof rules | Record<string, never>, string | null]>([
    ['no name', { ...email, notificationName: '' }, rules, NOTIFICATION_TEXTS.nameEmpty],
    ['no type', { ...email, serviceType: undefined }, rules, NOTIFICATION_TEXTS.typeEmpty],
    ['no rule', email, {}, NOTIFICATION_TEXTS.rulesEmpty],
    ['no recipient', { ...email, recipient: [{}] }, rules, NOTIFICATION_TEXTS.recipientsEmpty],
    [
      'a bad e-mail',
      {
        ...email,
        recipient: [
          { name: 'A', email: 'a@b.my' },
          { name: 'B', email: 'nope' },
        ],
      },
      rules,
      NOTIFICATION_TEXTS.invalidEmail,
    ],
    ['an e-mail without a name', { ...email, recipient: [{ email: 'a@b.my' }] }, rules, 'Recipient 1 is not complete'],
    [
      'push without user',
      { ...email, serviceType: 1, recipient: [{ name: 'x' }] },
      rules,
      'Recipient 1 is not complete',
    ],
    ['sms', { ...email, serviceType: 2, recipient: [{ name: 'S', contact: '123456789' }] }, rules, null],
    ['complete', email, rules, null],
  ])('%s', (_, values, chosen, problem) => {
    expect(notificationFormProblem(values, chosen)).toBe(problem);
  });
});

describe('recipients sent', () => {
  it('keypad on and none authorised: every call recipient is authorised (spec 2 §5)', () => {
    const values: NotificationFormValues = {
      serviceType: 3,
      isKeypadEnabled: true,
      recipient: [
        { name: 'A', contact: '0123456789' },
        { name: 'B', contact: '+60198765432' },
      ],
    };
    expect(recipientsToSend(values)).toEqual([
      { name: 'A', contact: '+60123456789', isKeypadAuthorized: true },
      { name: 'B', contact: '+60198765432', isKeypadAuthorized: true },
    ]);
  });
  it('keypad on with one authorised keeps the choice; blank entries are dropped', () => {
    const values: NotificationFormValues = {
      serviceType: 3,
      isKeypadEnabled: true,
      recipient: [{ name: 'A', contact: '11', isKeypadAuthorized: true }, { name: 'B', contact: '12' }, {}],
    };
    expect(recipientsToSend(values).map((r) => r.isKeypadAuthorized)).toEqual([true, false]);
  });
  it('sends only the fields of the type', () => {
    expect(recipientsToSend({ serviceType: 1, recipient: [{ uid: 'u9', name: 'Nora', email: 'x@y.my' }] })).toEqual([
      { uid: 'u9', name: 'Nora', isKeypadAuthorized: false },
    ]);
  });
});

describe('small parts', () => {
  it('contacts carry +60 once', () => {
    expect(contactToStored('012-345 6789')).toBe('+60123456789');
    expect(contactToStored('60123456789')).toBe('+60123456789');
    expect(contactToStored('')).toBe('');
    expect(contactToDraft('+60123456789')).toBe('123456789');
  });
  it('the e-mail hint on blur', () => {
    expect(emailHint('a@b.my')).toBe(NOTIFICATION_TEXTS.validEmail);
    expect(emailHint('a@b')).toBe(NOTIFICATION_TEXTS.invalidEmail);
    expect(emailHint('')).toBeNull();
  });
  it('reads the id from the hash (prefixed nfid) or the path', () => {
    expect(nfidCandidates('n1', '')).toEqual(['n1']);
    expect(nfidCandidates(undefined, '#nfidn1')).toEqual(['nfidn1', 'n1']);
  });
});
