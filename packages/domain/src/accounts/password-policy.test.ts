import { describe, expect, it } from 'vitest';
import { passwordChecksFrom, passwordProblem, type PasswordChecks, type PasswordOwner } from './password-policy.ts';

const COMMON = new Set(['password1', 'qwertyuiop', '12345678']);
const isCommon = { isCommon: (lowered: string) => COMMON.has(lowered) };
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
    ['demo seed password, without an estimator', 'demo1234', null],
    ['a space in front', ' kereta-biru-88', 'padded'],
    ['a tab behind', 'kereta-biru-88\t', 'padded'],
    ['seven spaces and a letter', '       a', 'padded'],
    ['spaces inside', 'kereta biru 88', null],
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

  describe('with a strength estimator', () => {
    // A stand-in score: the number of distinct characters, capped at 4.
    const seen: { password: string; words: readonly string[] }[] = [];
    const checks: PasswordChecks = passwordChecksFrom(['password1', 'short'], (password, words) => {
      seen.push({ password, words });
      return Math.min(4, new Set(password).size - 4);
    });

    it('refuses a score under 2 as guessable, after every other check', () => {
      expect(passwordProblem('aaaaaaaa', OWNER, checks)).toBe('guessable');
      expect(passwordProblem('abcdeabcde', OWNER, checks)).toBe('guessable');
      expect(passwordProblem('abcdefabc', OWNER, checks)).toBeNull();
      expect(passwordProblem('Password1', OWNER, checks)).toBe('common');
      expect(passwordProblem('hamzah#rumah7', OWNER, checks)).toBe('containsName');
    });

    it("gives the estimator the owner's words", () => {
      seen.length = 0;
      passwordProblem('kereta-biru-88', OWNER, checks);
      expect(seen[0]?.words).toEqual(expect.arrayContaining(['nurul', 'aisyah', 'hamzah']));
    });

    it('leaves list entries shorter than the least length out', () => {
      expect(checks.isCommon('short')).toBe(false);
      expect(checks.isCommon('password1')).toBe(true);
    });
  });
});
