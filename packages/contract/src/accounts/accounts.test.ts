import { describe, expect, it } from 'vitest';
import {
  AddPackageRequestSchema,
  AddUserRequestSchema,
  MigrateRequestSchema,
  RenewPackageRequestSchema,
  UpdateUserRequestSchema,
  validationMessage,
} from '../index.ts';

function message(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown): string {
  const r = schema.safeParse(value);
  if (r.success) return 'ok';
  return validationMessage(r.error as Parameters<typeof validationMessage>[0]);
}

const parent = { uid: 'p1', userHierarchy: 'root#p1' };
const newUser = {
  userName: 'Ali',
  userRole: 'fleetOwner',
  userEmail: 'ali@example.my',
  userAddress: 'Jalan 1',
  userPassword: 'secret123',
  userContact: '+60123456789',
};

describe('account request schemas carry the spec texts', () => {
  it.each([
    ['a complete request', { currentUser: parent, newUser }, 'ok'],
    ['no body', {}, 'Fields cannot be empty'],
    ['no creator', { newUser }, 'Fields cannot be empty'],
    ['a blank name', { currentUser: parent, newUser: { ...newUser, userName: '  ' } }, 'Fields cannot be empty'],
    ['no role', { currentUser: parent, newUser: { ...newUser, userRole: undefined } }, 'Fields cannot be empty'],
    ['no contact', { currentUser: parent, newUser: { ...newUser, userContact: '' } }, 'Fields cannot be empty'],
    ['no password', { currentUser: parent, newUser: { ...newUser, userPassword: '' } }, 'Fields cannot be empty'],
    [
      'a bad e-mail',
      { currentUser: parent, newUser: { ...newUser, userEmail: 'ali@' } },
      'Please enter a valid email address',
    ],
    [
      'a contact without +60',
      { currentUser: parent, newUser: { ...newUser, userContact: '0123456789' } },
      'Contact number must be +60 followed by 7 to 10 digits',
    ],
    [
      'a short password',
      { currentUser: parent, newUser: { ...newUser, userPassword: 'short' } },
      'Password must be at least 8 characters',
    ],
  ])('add user: %s', (_name, body, expected) => {
    expect(message(AddUserRequestSchema, body)).toBe(expected);
  });

  it('update user: every field required', () => {
    expect(message(UpdateUserRequestSchema, { user: { uid: 'u' } })).toBe('Fields cannot be empty');
  });

  it.each([
    [{}, 'Selected User Not Found'],
    [{ uid: 'u1' }, 'Source Stage Not Found'],
    [{ uid: 'u1', sourceStage: 'V1' }, 'Please Select The Stage You Want To Send To'],
    [{ uid: 'u1', sourceStage: 'V1', targetStage: 'V2' }, 'ok'],
  ])('migrate %j: %s', (body, expected) => {
    expect(message(MigrateRequestSchema, body)).toBe(expected);
  });

  const start = Date.UTC(2026, 0, 1);
  it.each([
    [{ vid: 'v', uid: 'u', startAt: start }, 'Please select contract type'],
    [{ vid: 'v', uid: 'u', contractType: 'TWELVE' }, 'Please select start date'],
    [{ vid: 'v', uid: 'u', contractType: 'TWELVE', startAt: start }, 'ok'],
    [{ vid: 'v', uid: 'u', contractType: 'CUSTOM', startAt: start }, 'Please select end date'],
    [
      { vid: 'v', uid: 'u', contractType: 'CUSTOM', startAt: start, endAt: start - 1 },
      'End date cannot be before start date',
    ],
    [{ vid: 'v', uid: 'u', contractType: 'CUSTOM', startAt: start, endAt: start }, 'ok'],
  ])('add package %j: %s', (body, expected) => {
    expect(message(AddPackageRequestSchema, body)).toBe(expected);
  });

  it('renew needs a contract type too', () => {
    expect(message(RenewPackageRequestSchema, { vid: 'v', startAt: start })).toBe('Please select contract type');
  });
});
