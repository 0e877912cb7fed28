import { describe, expect, it } from 'vitest';
import { passwordProblem, type PasswordOwner } from './password-policy.ts';

const COMMON = new Set(['password1', 'qwertyuiop', '12345678']);
const isCommon = (lowered: string) => COMMON.has(lowered);
const OWNER: PasswordOwner = { email: 'nurul.aisyah@demo.jejak.my', name: 'Nurul Aisyah binti Hamzah' };

describe('the password policy (issue 10 §3)', () => {
  it.each([
    ['short', 'abc123', 'tooShort'],
    ['seven characters', 'kuda-88', 'tooShort'],
    ['common, any case', 'Password1', 'common'],
    ['common digits', '12345678', 'common'],
    ['the whole e-mail', 'nurul.aisyah@demo.jejak.my', 'containsEmail'],
    ['the local part', 'xNurul.Aisyah9', 'containsEmail'],
    ['a word of the local part', 'aisyah-2024!', 'containsEmail'],
    ['a word of the name', 'hamzah#rumah7', 'containsName'],
    ['the name without spaces', 'NurulAisyahbintiHamzah', 'containsEmail'],
    ['a fine password', 'kereta-biru-88', null],
    ['demo seed password', 'demo1234', null],
  ])('%s: %s → %s', (_case, password, problem) => {
    expect(passwordProblem(password, OWNER, isCommon)).toBe(problem);
  });

  it('ignores parts shorter than four characters', () => {
    expect(passwordProblem('ali-kereta-88', { email: 'ali@x.my', name: 'Ali Bin Abu' }, isCommon)).toBeNull();
  });

  it('checks the name where the e-mail does not match it', () => {
    expect(passwordProblem('selangor-2024', { email: 'ops@st.my', name: 'Selangor Telematik' }, isCommon)).toBe(
      'containsName',
    );
  });

  it('checks length first, then commonness, e-mail and name', () => {
    expect(passwordProblem('nurul', OWNER, isCommon)).toBe('tooShort');
    expect(passwordProblem('password1', { email: 'password1@x.my' }, isCommon)).toBe('common');
  });
});
