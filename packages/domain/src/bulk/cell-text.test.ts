import { describe, expect, it } from 'vitest';
import { columnIndex, columnLetters, plainNumberText } from './cell-text.ts';

describe('plainNumberText: a sheet number as the digits a text column wants', () => {
  it.each([
    ['865205030001234', '865205030001234'],
    ['8.65205030001234E+14', '865205030001234'],
    ['8.65205030001234e14', '865205030001234'],
    ['6.0123456789E+10', '60123456789'],
    ['1E+20', '100000000000000000000'],
    ['1.5', '1.5'],
    ['1.50', '1.5'],
    ['1.5E-3', '0.0015'],
    ['-2.5E+2', '-250'],
    ['007', '7'],
    ['0', '0'],
    ['-0', '0'],
    ['.5', '0.5'],
  ])('%s → %s', (raw, text) => expect(plainNumberText(raw)).toBe(text));

  it.each(['', 'abc', '1e', '1E+99999', '--1', '1.2.3', 'NaN', 'Infinity'])('refuses %j', (raw) =>
    expect(plainNumberText(raw)).toBeNull(),
  );
});

describe('column letters', () => {
  it.each([
    ['A', 0],
    ['Z', 25],
    ['AA', 26],
    ['AZ', 51],
    ['XFD', 16383],
  ])('%s ↔ %i', (letters, index) => {
    expect(columnIndex(letters)).toBe(index);
    expect(columnLetters(index)).toBe(letters);
  });
  it.each(['', 'a', 'A1', 'ABCD'])('%j is no column', (letters) => expect(columnIndex(letters)).toBe(-1));
});
