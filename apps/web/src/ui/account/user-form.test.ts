import { describe, expect, it } from 'vitest';
import {
  contactFields,
  contactOf,
  editUserProblem,
  emptyUserFields,
  newUserProblem,
  passwordMatchOnBlur,
  type NewUserFormValues,
} from './user-form.ts';

const complete: NewUserFormValues = {
  userName: 'Ali',
  userEmail: 'ali@example.my',
  userRole: 'fleetOperator',
  prefix: '+60',
  contactNumber: '123456789',
  userAddress: 'Jalan 1',
  password: 'secret123',
  confirmPassword: 'secret123',
  parentUid: 'u1',
};

describe('user forms (spec 1 §5)', () => {
  it('accepts a complete form', () => {
    expect(newUserProblem(complete)).toBeNull();
    expect(editUserProblem(complete)).toBeNull();
  });

  it.each(['userName', 'userEmail', 'userRole', 'prefix', 'contactNumber', 'userAddress', 'password', 'parentUid'])(
    "an empty %s is 'Fields cannot be empty'",
    (field) => {
      expect(newUserProblem({ ...complete, [field]: undefined })).toBe('Fields cannot be empty');
      expect(newUserProblem({ ...complete, [field]: '   ' })).toBe('Fields cannot be empty');
    },
  );

  it("different passwords are 'Passwords do not match', after the empty check", () => {
    expect(newUserProblem({ ...complete, confirmPassword: 'other' })).toBe('Passwords do not match');
    expect(newUserProblem({ ...complete, confirmPassword: undefined })).toBe('Passwords do not match');
    expect(newUserProblem({ ...complete, userName: '', confirmPassword: 'other' })).toBe('Fields cannot be empty');
  });

  it('edit needs no password or parent', () => {
    const edit = { ...complete };
    delete edit.password;
    delete edit.parentUid;
    expect(editUserProblem(edit)).toBeNull();
    expect(editUserProblem({ ...complete, userAddress: '' })).toBe('Fields cannot be empty');
  });

  it('the password indicator stays unknown until something is confirmed', () => {
    expect(passwordMatchOnBlur('a', '')).toBe('unknown');
    expect(passwordMatchOnBlur('a', 'a')).toBe('match');
    expect(passwordMatchOnBlur('a', 'b')).toBe('mismatch');
  });

  it('sends prefix plus number without spaces or dashes, and splits it back', () => {
    expect(contactOf('+60', '12-345 6789')).toBe('+60123456789');
    expect(contactFields('+60123456789')).toEqual({ prefix: '+60', contactNumber: '123456789' });
  });
});

describe('emptyUserFields', () => {
  it('names each required field left empty, in the form’s order', () => {
    expect(emptyUserFields({ ...complete, userName: ' ', userAddress: '' }, true)).toEqual(['userName', 'userAddress']);
    expect(emptyUserFields({ ...complete, password: '' }, true)).toEqual(['password']);
    expect(emptyUserFields({ ...complete, password: '' }, false)).toEqual([]);
  });
  it('puts a missing prefix at the number', () => {
    expect(emptyUserFields({ ...complete, prefix: undefined }, false)).toEqual(['contactNumber']);
  });
});
