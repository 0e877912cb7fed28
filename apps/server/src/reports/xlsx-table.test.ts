import { describe, expect, it } from 'vitest';
import { LIBREOFFICE, libreofficeConvert } from '../../../../tools/office/libreoffice.ts';
import { loadExcelJS, tableStream, workbookStream } from './xlsx-table.ts';

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const HOSTILE = [
  '=HYPERLINK("http://example.invalid/x","Account locked: click")',
  "+1+cmd|' /C calc'!A0",
  '-2+3',
  '@SUM(1,1)',
  '\t=1+1',
];

/** Issue 27 N5: every export neutralises cells that a spreadsheet or a CSV reader takes as formulas. */
describe('xlsx exports are formula-safe', () => {
  it('prefixes every hostile text, in plain cells and links, and leaves numbers, phones and names', async () => {
    const rows = [...HOSTILE, 'Lori 11 Cheras', '+60123456789'].map((name, i) => ({ name, n: i }));
    const bytes = await bytesOf(
      tableStream(
        'Vehicles',
        [
          { key: 'name', label: 'Name' },
          { key: 'n', label: 'N' },
        ],
        rows,
      ),
    );
    const excel = await loadExcelJS();
    const book = new excel.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const names = book.worksheets[0]!.getColumn(1).values.slice(2);
    expect(names).toEqual([...HOSTILE.map((h) => `'${h}`), 'Lori 11 Cheras', '+60123456789']);
    expect(book.worksheets[0]!.getColumn(2).values.slice(2)).toEqual([0, 1, 2, 3, 4, 5, 6]);

    const linked = await bytesOf(
      workbookStream((x) => {
        const b = new x.Workbook();
        b.addWorksheet('S').getCell('A1').value = { text: '=1+1', hyperlink: 'https://www.openstreetmap.org/' };
        return b;
      }),
    );
    const again = new excel.Workbook();
    await again.xlsx.load(linked as unknown as ArrayBuffer);
    expect(again.worksheets[0]!.getCell('A1').value).toMatchObject({ text: "'=1+1" });
  });

  it.skipIf(!LIBREOFFICE)('a CSV another program saves from the export has no cell starting a formula', async () => {
    const rows = HOSTILE.map((name) => ({ name }));
    const bytes = await bytesOf(tableStream('Vehicles', [{ key: 'name', label: 'Name' }], rows));
    const csv = (await libreofficeConvert(bytes, 'export.xlsx', 'csv')).toString('utf8');
    const fields = csv
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.replace(/^"|"$/g, ''));
    expect(fields).toHaveLength(HOSTILE.length);
    for (const field of fields) expect(field).toMatch(/^'/);
  });
});
