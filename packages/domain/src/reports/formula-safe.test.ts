import { describe, expect, it } from 'vitest';
import { formulaSafeText } from './formula-safe.ts';

describe('formulaSafeText (OWASP CSV injection)', () => {
  it.each([
    ['=HYPERLINK("http://evil","Click")', `'=HYPERLINK("http://evil","Click")`],
    ['+SUM(1,2)', `'+SUM(1,2)`],
    ["-2+3+cmd|' /C calc'!A0", `'-2+3+cmd|' /C calc'!A0`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['+60 12-345 6789', `'+60 12-345 6789`],
  ])('neutralises %j', (text, safe) => {
    expect(formulaSafeText(text)).toBe(safe);
  });

  it.each(['Lori 11 Cheras', 'WXY 1234', '', '-', '-12.5', '+60123456789', '42', 'a=b', "'=already"])(
    'leaves %j as it is',
    (text) => {
      expect(formulaSafeText(text)).toBe(text);
    },
  );
});
