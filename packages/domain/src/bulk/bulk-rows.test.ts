import { describe, expect, it } from 'vitest';
import { checkRows, matchHeader, seenBefore, type BulkColumn, type SheetRow } from './bulk-rows.ts';

type K = 'imei' | 'sim' | 'brand';
const COLUMNS: BulkColumn<K>[] = [
  { key: 'imei', label: 'IMEI', rule: (v) => (v ? null : { level: 'error', message: 'imei empty' }) },
  {
    key: 'sim',
    label: 'SIM Card',
    rule: (v, column, i) => (seenBefore(v, column, i) ? { level: 'error', message: 'sim twice' } : null),
  },
  { key: 'brand', label: 'Brand', optional: true, rule: (v) => (v ? null : { level: 'warning', message: 'no brand' }) },
];
const row = (rowNumber: number, ...cells: string[]): SheetRow => ({ rowNumber, cells });

describe('matchHeader', () => {
  it.each([
    [['IMEI', 'SIM Card', 'Brand'], { imei: 0, sim: 1, brand: 2 }],
    [[' sim  card ', 'imei'], { imei: 1, sim: 0, brand: null }],
    [['Brand', 'x', 'IMEI', 'SIM CARD'], { imei: 2, sim: 3, brand: 0 }],
  ])('finds %j', (header, indexes) => expect(matchHeader(COLUMNS, header)).toEqual({ ok: true, indexes }));

  it.each([
    [[], 'IMEI'],
    [['IMEI', 'Brand'], 'SIM Card'],
    [['SIM', 'IMEI'], 'SIM Card'],
  ])('reports the first required column missing from %j', (header, missing) =>
    expect(matchHeader(COLUMNS, header)).toEqual({ ok: false, missing, schema: ['IMEI', 'SIM Card', 'Brand'] }),
  );
});

describe('checkRows', () => {
  const indexes = { imei: 0, sim: 1, brand: 2 };
  it('fails a row on its first error, carries a warning otherwise, and sees the whole column', () => {
    const rows = [row(2, '1', '+601', 'X'), row(3, '', '+602', ''), row(4, '3', '+601', ''), row(5, '4', '+6011')];
    expect(checkRows(COLUMNS, indexes, rows).map((r) => [r.rowNumber, r.status, r.message])).toEqual([
      [2, 'READY', null],
      [3, 'FAILED', 'imei empty'],
      [4, 'FAILED', 'sim twice'],
      [5, 'READY', 'no brand'],
    ]);
  });
  it('trims values and reads an absent optional column as empty', () => {
    const [checked] = checkRows(COLUMNS, { imei: 1, sim: 0, brand: null }, [row(2, ' +60 ', ' 77 ')]);
    expect(checked?.values).toEqual({ imei: '77', sim: '+60', brand: '' });
  });
  it("fails a row on a cell the reader could not take, before the column's rule", () => {
    const rows: SheetRow[] = [{ rowNumber: 9, cells: ['1', '', 'B'], problems: { 1: 'Cell B9 holds a date' } }];
    expect(checkRows(COLUMNS, indexes, rows)[0]).toMatchObject({ status: 'FAILED', message: 'Cell B9 holds a date' });
  });
  it('checks the whole row only when every cell passed; its error outranks a cell warning', () => {
    const rows = [row(2, '1', '+601', 'X'), row(3, '', '+602', ''), row(4, '3', '+603', ''), row(5, '4', '+604', 'B')];
    const rowRule = (v: Readonly<Record<'imei' | 'sim' | 'brand', string>>) =>
      v.imei === '3'
        ? { level: 'error' as const, message: 'row bad' }
        : v.imei === '4'
          ? { level: 'warning' as const, message: 'row odd' }
          : null;
    expect(checkRows(COLUMNS, indexes, rows, rowRule).map((r) => [r.rowNumber, r.status, r.message])).toEqual([
      [2, 'READY', null],
      [3, 'FAILED', 'imei empty'],
      [4, 'FAILED', 'row bad'],
      [5, 'READY', 'row odd'],
    ]);
  });
});

describe('seenBefore', () => {
  const column = ['a', '', 'B', 'A', 'b', ''];
  it.each([
    [0, false],
    [1, false],
    [2, false],
    [3, true],
    [4, true],
    [5, false],
  ])('row %i', (i, seen) => expect(seenBefore(column[i] ?? '', column, i)).toBe(seen));
});
