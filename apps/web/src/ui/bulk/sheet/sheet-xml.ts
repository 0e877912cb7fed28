/*
 * The few SpreadsheetML parts (ECMA-376 Part 1, §18) the bulk dialog needs, read with regular
 * expressions: a Web Worker has no DOMParser, and these parts are flat lists. Element names may
 * carry a namespace prefix (x:row), as some writers emit.
 */

const P = '(?:[A-Za-z_][\\w.-]*:)?';

export function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of tag.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    out.set(m[1] ?? '', decodeXml(m[2] ?? m[3] ?? ''));
  return out;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXml(text: string): string {
  return text
    .replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, ref: string) => {
      if (ref.startsWith('#')) {
        const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return NAMED[ref] ?? whole;
    })
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The text of every <t> inside `xml` (a shared string or an inline string, rich runs joined). */
function texts(xml: string): string {
  let out = '';
  for (const m of xml.matchAll(new RegExp(`<${P}t(?:\\s[^>]*)?>([\\s\\S]*?)</${P}t>`, 'g'))) out += m[1] ?? '';
  return decodeXml(out);
}

/** xl/sharedStrings.xml: the table t="s" cells index into. */
export function sharedStrings(xml: string): string[] {
  const out: string[] = [];
  for (const m of xml.matchAll(new RegExp(`<${P}si(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</${P}si>)`, 'g')))
    out.push(texts(m[1] ?? ''));
  return out;
}

/** The workbook's first sheet's relationship id (xl/workbook.xml). */
export function firstSheetRelId(xml: string): string | null {
  const m = new RegExp(`<${P}sheet\\s[^>]*>`).exec(xml);
  if (!m) return null;
  // The relationships namespace is usually prefixed r:, but any prefix is allowed.
  for (const [name, value] of attributes(m[0])) if (/^[\w.-]+:id$/.test(name)) return value;
  return null;
}

/** Relationship id → target path inside the package, resolved against `baseDir` (e.g. 'xl/'). */
export function relationships(xml: string, baseDir: string): Map<string, { target: string; type: string }> {
  const out = new Map<string, { target: string; type: string }>();
  for (const m of xml.matchAll(new RegExp(`<${P}Relationship\\s[^>]*>`, 'g'))) {
    const a = attributes(m[0]);
    const target = a.get('Target') ?? '';
    out.set(a.get('Id') ?? '', {
      target: target.startsWith('/') ? target.slice(1) : resolvePath(baseDir + target),
      type: a.get('Type') ?? '',
    });
  }
  return out;
}

function resolvePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** Built-in number formats that show dates or times (§18.8.30). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

/** A custom format code shows a date or time when, outside quotes and [colour] brackets, it has d, m, y, h or s. */
export function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?!h\]|m\]|s\])[^\]]*\]/gi, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** xl/styles.xml: for each cell style index (s="n"), whether its number format shows a date. */
export function dateStyles(xml: string): boolean[] {
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(new RegExp(`<${P}numFmt\\s[^>]*>`, 'g'))) {
    const a = attributes(m[0]);
    custom.set(Number(a.get('numFmtId')), a.get('formatCode') ?? '');
  }
  const xfs = new RegExp(`<${P}cellXfs[^>]*>([\\s\\S]*?)</${P}cellXfs>`).exec(xml)?.[1] ?? '';
  const out: boolean[] = [];
  for (const m of xfs.matchAll(new RegExp(`<${P}xf\\b[^>]*>`, 'g'))) {
    const id = Number(attributes(m[0]).get('numFmtId') ?? 0);
    const code = custom.get(id);
    out.push(code === undefined ? DATE_FORMAT_IDS.has(id) : isDateFormatCode(code));
  }
  return out;
}

export interface RawCell {
  ref: string | null;
  type: string;
  style: number;
  formula: boolean;
  value: string | null;
  inline: string | null;
}

export interface RawRow {
  rowNumber: number | null;
  cells: RawCell[];
}

const ROW = new RegExp(`<${P}row\\b([^>]*?)(?:/>|>([\\s\\S]*?)</${P}row>)`, 'g');
const CELL = new RegExp(`<${P}c\\b([^>]*?)(?:/>|>([\\s\\S]*?)</${P}c>)`, 'g');
const VALUE = new RegExp(`<${P}v(?:\\s[^>]*)?>([\\s\\S]*?)</${P}v>`);
const FORMULA = new RegExp(`<${P}f[\\s>/]`);
const INLINE = new RegExp(`<${P}is>([\\s\\S]*?)</${P}is>`);
export const ROW_END = new RegExp(`</${P}row>|<${P}row\\b[^>]*/>`, 'g');

/** Every complete <row> in `xml` (a slice of the sheet ending at a row's end). */
export function* rows(xml: string): Generator<RawRow> {
  for (const row of xml.matchAll(ROW)) {
    const r = attributes(row[1] ?? '').get('r');
    const cells: RawCell[] = [];
    for (const c of (row[2] ?? '').matchAll(CELL)) {
      const a = attributes(c[1] ?? '');
      const body = c[2] ?? '';
      const value = VALUE.exec(body)?.[1];
      const inline = INLINE.exec(body)?.[1];
      cells.push({
        ref: a.get('r') ?? null,
        type: a.get('t') ?? 'n',
        style: Number(a.get('s') ?? 0),
        formula: FORMULA.test(body),
        value: value === undefined ? null : decodeXml(value),
        inline: inline === undefined ? null : texts(inline),
      });
    }
    yield { rowNumber: r ? Number(r) : null, cells };
  }
}
