import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildXlsx, columnLetters } from './xlsx.ts';

describe('buildXlsx', () => {
  it('writes a workbook exceljs reads back cell for cell', async () => {
    const rows = [
      ['Time', 'Event', 'Speed (km/h)', 'Address'],
      ['2026/03/04 13:06:07', 'OVERSPEED 95.46 KM/H', 95.456, 'near Kajang, Selangor <&> "x"'],
      ['2026/03/04 13:07:00', 'SOS', null, ''],
    ];
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buildXlsx('Events: [WXX 1]', rows).buffer as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Events   WXX 1 ');
    const read = [1, 2, 3].map((r) => [1, 2, 3, 4].map((c) => sheet?.getRow(r).getCell(c).value ?? null));
    expect(read).toEqual([
      ['Time', 'Event', 'Speed (km/h)', 'Address'],
      ['2026/03/04 13:06:07', 'OVERSPEED 95.46 KM/H', 95.456, 'near Kajang, Selangor <&> "x"'],
      ['2026/03/04 13:07:00', 'SOS', null, null],
    ]);
  });

  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('column %i is %s', (index, letters) => {
    expect(columnLetters(index)).toBe(letters);
  });
});
