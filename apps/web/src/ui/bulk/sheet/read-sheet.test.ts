import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readFirstSheet, SHEET_LIMITS, type SheetResult } from './read-sheet.ts';
import { centralRecord, textRow, xlsxFixture } from './xlsx-fixture.ts';

const HEADER = textRow(1, 'IMEI', 'Model', 'SIM Card');
const ok = (r: SheetResult) => {
  if (!r.ok) throw new Error(`read failed: ${r.error}`);
  return r;
};
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const stylesWith = (numFmts: string, xfs: string) =>
  `<styleSheet xmlns="${NS}"><numFmts>${numFmts}</numFmts><cellXfs>${xfs}</cellXfs></styleSheet>`;

describe('readFirstSheet: workbooks as Excel, LibreOffice and exceljs write them', () => {
  it('reads the first sheet: header, shared, inline, rich and escaped strings; blank rows skipped', () => {
    const file = xlsxFixture({
      strings: ['865205030001234', 'GPS100', 'A &amp; B', '<r><t>+60</t></r><r><t>123456789</t></r>'],
      sheetData:
        HEADER +
        '<row r="2"/><row r="3"><c r="A3"/></row>' +
        '<row r="4"><c r="A4" t="s"><v>0</v></c><c r="B4" t="s"><v>1</v></c><c r="C4" t="s"><v>3</v></c></row>' +
        '<row r="7"><c r="B7" t="s"><v>2</v></c><c r="C7" t="inlineStr"><is><t xml:space="preserve"> x_x000D_y </t></is></c></row>',
    });
    // The rich string: a shared <si> made of runs.
    const r = ok(readFirstSheet(file));
    expect(r.header).toEqual(['IMEI', 'Model', 'SIM Card']);
    expect(r.rows).toEqual([
      { rowNumber: 4, cells: ['865205030001234', 'GPS100', '+60123456789'], problems: {} },
      { rowNumber: 7, cells: ['', 'A & B', ' x\ry '], problems: {} },
    ]);
  });

  it.each([
    ['an integer', '865205030001234', '865205030001234'],
    ['an exponent', '8.65205030001234E+14', '865205030001234'],
    ['a decimal', '12.50', '12.5'],
  ])('writes a number given as %s as its digits, without exponent', (_, v, text) => {
    const r = ok(readFirstSheet(xlsxFixture({ sheetData: `${HEADER}<row r="2"><c r="A2"><v>${v}</v></c></row>` })));
    expect(r.rows[0]?.cells[0]).toBe(text);
  });

  it('uses a formula’s saved result, and names a formula that has none', () => {
    const r = ok(
      readFirstSheet(
        xlsxFixture({
          sheetData:
            HEADER +
            '<row r="2"><c r="A2"><f>1+1</f><v>2</v></c><c r="B2" t="str"><f>"GPS"&amp;"100"</f><v>GPS100</v></c><c r="C2"><f>A2*3</f></c></row>',
        }),
      ),
    );
    expect(r.rows[0]).toEqual({
      rowNumber: 2,
      cells: ['2', 'GPS100', ''],
      problems: { 2: { code: 'formula', ref: 'C2', detail: '' } },
    });
  });

  it('names dates (built-in and custom formats, t="d") and error values where text belongs', () => {
    const styles = stylesWith(
      '<numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/><numFmt numFmtId="165" formatCode="&quot;SIM &quot;0"/><numFmt numFmtId="166" formatCode="[Red]0"/>',
      '<xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="166"/>',
    );
    const r = ok(
      readFirstSheet(
        xlsxFixture({
          styles,
          sheetData:
            textRow(1, 'A', 'B', 'C', 'D', 'E', 'F') +
            '<row r="2"><c r="A2" s="1"><v>46000</v></c><c r="B2" s="2"><v>46001</v></c><c r="C2" s="3"><v>601234</v></c>' +
            '<c r="D2" s="4"><v>7</v></c><c r="E2" t="d"><v>2026-01-01</v></c><c r="F2" t="e"><v>#N/A</v></c></row>',
        }),
      ),
    );
    expect(r.rows[0]?.cells).toEqual(['', '', '601234', '7', '', '']);
    expect(r.rows[0]?.problems).toEqual({
      0: { code: 'date', ref: 'A2', detail: '46000' },
      1: { code: 'date', ref: 'B2', detail: '46001' },
      4: { code: 'date', ref: 'E2', detail: '2026-01-01' },
      5: { code: 'error', ref: 'F2', detail: '#N/A' },
    });
  });

  it('reads prefixed elements (x:row), stored parts, cells without references, and ignores far columns', () => {
    const sheet = `<x:worksheet xmlns:x="${NS}"><x:sheetData><x:row><x:c t="inlineStr"><x:is><x:t>IMEI</x:t></x:is></x:c></x:row><x:row><x:c><x:v>42</x:v></x:c><x:c r="XFD2"><x:v>1</x:v></x:c></x:row></x:sheetData></x:worksheet>`;
    const r = ok(
      readFirstSheet(xlsxFixture({ sheetData: '', stored: true, extra: { 'xl/worksheets/sheet1.xml': sheet } })),
    );
    expect(r).toEqual({ ok: true, header: ['IMEI'], rows: [{ rowNumber: 2, cells: ['42'], problems: {} }] });
  });

  it('gives an empty sheet no header and no rows', () => {
    expect(readFirstSheet(xlsxFixture({ sheetData: '' }))).toEqual({ ok: true, header: [], rows: [] });
  });
});

describe('readFirstSheet: hostile files get a clear refusal, with bounded work', () => {
  it.each([
    ['plain text', strToU8('IMEI,Model\n1,GPS100\n')],
    ['nothing', new Uint8Array()],
    [
      'an old .xls (OLE compound file)',
      new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array<number>(600).fill(0)]),
    ],
    ['a zip without a workbook', zipSync({ 'hello.txt': strToU8('hi') })],
    ['a truncated workbook', xlsxFixture({ sheetData: HEADER }).subarray(0, 300)],
  ])('%s is not an .xlsx', (_, bytes) => {
    expect(readFirstSheet(bytes)).toEqual({ ok: false, error: 'notXlsx' });
  });

  it('refuses a file over the size cap before opening it', () => {
    const file = xlsxFixture({ sheetData: HEADER });
    expect(readFirstSheet(file, { ...SHEET_LIMITS, fileBytes: file.length - 1 })).toEqual({
      ok: false,
      error: 'fileTooLarge',
    });
  });

  it('refuses a zip bomb by its declared sizes, before inflating anything', () => {
    const file = xlsxFixture({ sheetData: HEADER });
    const at = centralRecord(file, 'xl/worksheets/sheet1.xml');
    new DataView(file.buffer).setUint32(at + 24, 0xfffffff0, true);
    expect(readFirstSheet(file)).toEqual({ ok: false, error: 'unpackedTooLarge' });
  });

  it('stops a zip bomb that lies about its size as soon as it yields more than declared', () => {
    // 20 MB of blanks packs into ~20 kB; the directory claims 1 kB.
    const file = xlsxFixture({ sheetData: HEADER + ' '.repeat(20_000_000) });
    expect(file.length).toBeLessThan(100_000);
    new DataView(file.buffer).setUint32(centralRecord(file, 'xl/worksheets/sheet1.xml') + 24, 1000, true);
    expect(readFirstSheet(file)).toEqual({ ok: false, error: 'unpackedTooLarge' });
  });

  it('refuses a package whose parts together declare more than the total cap', () => {
    const file = xlsxFixture({ sheetData: HEADER });
    expect(readFirstSheet(file, { ...SHEET_LIMITS, totalBytes: 500 })).toEqual({
      ok: false,
      error: 'unpackedTooLarge',
    });
  });

  it('refuses an encrypted part', () => {
    const file = xlsxFixture({ sheetData: HEADER });
    const at = centralRecord(file, 'xl/workbook.xml');
    new DataView(file.buffer).setUint16(at + 8, 1, true);
    expect(readFirstSheet(file)).toEqual({ ok: false, error: 'encrypted' });
  });

  it('refuses corrupt deflate data', () => {
    const file = xlsxFixture({ sheetData: HEADER + textRow(2, 'x'.repeat(5000)) });
    const at = centralRecord(file, 'xl/worksheets/sheet1.xml');
    const view = new DataView(file.buffer);
    const local = view.getUint32(at + 42, true);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    file.fill(0xff, start, start + 40);
    expect(readFirstSheet(file)).toEqual({ ok: false, error: 'corrupt' });
  });

  it('stops at the row cap: 100,000 rows are refused after reading a few thousand', () => {
    const body = Array.from({ length: 100_000 }, (_, i) => `<row r="${i + 2}"><c r="A${i + 2}"><v>${i}</v></c></row>`);
    const file = xlsxFixture({ sheetData: HEADER + body.join('') });
    const started = performance.now();
    expect(readFirstSheet(file)).toEqual({ ok: false, error: 'tooManyRows' });
    console.info(
      `100,000-row sheet (${file.length} bytes packed) refused in ${Math.round(performance.now() - started)} ms`,
    );
  });

  it('takes exactly the row cap', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => textRow(i + 2, `r${i}`)).join('');
    const limits = { ...SHEET_LIMITS, maxRows: 3 };
    expect(ok(readFirstSheet(xlsxFixture({ sheetData: HEADER + rows(3) }), limits)).rows).toHaveLength(3);
    expect(readFirstSheet(xlsxFixture({ sheetData: HEADER + rows(4) }), limits)).toEqual({
      ok: false,
      error: 'tooManyRows',
    });
  });

  // Issue 27 N4: one 63 kB workbook, a single cell of 60 MB, froze the Bulk Add page for minutes.
  const HUGE = 'a'.repeat(60 * 1024 * 1024);

  it.each([
    ['an inline string', () => xlsxFixture({ sheetData: HEADER + textRow(2, HUGE) })],
    [
      'a shared string',
      () => xlsxFixture({ sheetData: HEADER + '<row r="2"><c r="A2" t="s"><v>0</v></c></row>', strings: [HUGE] }),
    ],
  ])('refuses a 60 MB cell held as %s', (_, make) => {
    const file = make();
    expect(file.length).toBeLessThan(100_000);
    const started = performance.now();
    const result = readFirstSheet(file);
    expect(result.ok ? 'read' : result.error).toMatch(/^(cellTooLarge|unpackedTooLarge)$/);
    console.info(`60 MB cell (${file.length} bytes packed) refused in ${Math.round(performance.now() - started)} ms`);
  });

  it("takes a cell of exactly a spreadsheet's most characters, and refuses one more", () => {
    const at = (n: number) => readFirstSheet(xlsxFixture({ sheetData: HEADER + textRow(2, 'b'.repeat(n)) }));
    expect(ok(at(SHEET_LIMITS.cellChars)).rows[0]?.cells[0]).toHaveLength(SHEET_LIMITS.cellChars);
    expect(at(SHEET_LIMITS.cellChars + 1)).toEqual({ ok: false, error: 'cellTooLarge' });
    const shared = (n: number) =>
      readFirstSheet(
        xlsxFixture({ sheetData: HEADER + '<row r="2"><c r="A2" t="s"><v>0</v></c></row>', strings: ['c'.repeat(n)] }),
      );
    expect(ok(shared(SHEET_LIMITS.cellChars)).rows).toHaveLength(1);
    expect(shared(SHEET_LIMITS.cellChars + 1)).toEqual({ ok: false, error: 'cellTooLarge' });
  });

  it('refuses a shared-strings part larger than its cap before inflating it', () => {
    const file = xlsxFixture({ sheetData: HEADER, strings: ['x'.repeat(2000)] });
    expect(readFirstSheet(file, { ...SHEET_LIMITS, sharedStringsBytes: 1000 })).toEqual({
      ok: false,
      error: 'unpackedTooLarge',
    });
  });

  it('refuses a row of many cells larger than the row cap', () => {
    const cells = Array.from({ length: 70 }, () => 'd'.repeat(31_000));
    expect(readFirstSheet(xlsxFixture({ sheetData: HEADER + textRow(2, ...cells) }))).toEqual({
      ok: false,
      error: 'cellTooLarge',
    });
  });

  it('refuses a sheet that declares more rows than its cap, and reads one that declares its own', () => {
    const sheet = (ref: string) =>
      xlsxFixture({
        sheetData: HEADER + textRow(2, 'x'),
        extra: {
          'xl/worksheets/sheet1.xml': `<?xml version="1.0"?><worksheet xmlns="${NS}"><dimension ref="${ref}"/><sheetData>${HEADER}${textRow(2, 'x')}</sheetData></worksheet>`,
        },
      });
    expect(readFirstSheet(sheet('A1:XFD1048576'))).toEqual({ ok: false, error: 'dimensionTooLarge' });
    expect(ok(readFirstSheet(sheet('A1:C2'))).rows).toHaveLength(1);
    expect(ok(readFirstSheet(sheet('A1'))).rows).toHaveLength(1);
  });
});
