import { strToU8, zipSync, type Zippable } from 'fflate';

/*
 * Hand-made .xlsx packages for the reader's tests: the SpreadsheetML parts written out as text,
 * so a test controls every byte the reader sees (hostile ones included).
 */

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export interface FixtureParts {
  /** The inside of <sheetData>. */
  sheetData: string;
  /** Shared strings; one starting with '<' is the <si>'s inside as it is (rich text runs). */
  strings?: string[];
  /** The whole xl/styles.xml, when the test needs number formats. */
  styles?: string;
  /** Store parts without compression. */
  stored?: boolean;
  /** Further parts, or parts to replace (by path). */
  extra?: Record<string, string>;
}

export function xlsxFixture(p: FixtureParts): Uint8Array {
  const parts: Record<string, string> = {
    '[Content_Types].xml': `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
    '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Devices" sheetId="1" r:id="rId1"/><sheet name="Other" sheetId="2" r:id="rId9"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId9" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0"?><worksheet xmlns="${NS}"><sheetData>${p.sheetData}</sheetData></worksheet>`,
    'xl/worksheets/sheet2.xml': `<?xml version="1.0"?><worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>second sheet</t></is></c></row></sheetData></worksheet>`,
    'xl/sharedStrings.xml': `<?xml version="1.0"?><sst xmlns="${NS}">${(p.strings ?? []).map((s) => (s.startsWith('<') ? `<si>${s}</si>` : `<si><t>${s}</t></si>`)).join('')}</sst>`,
    'xl/styles.xml':
      p.styles ??
      `<?xml version="1.0"?><styleSheet xmlns="${NS}"><cellXfs count="1"><xf numFmtId="0"/></cellXfs></styleSheet>`,
    ...p.extra,
  };
  const zippable: Zippable = {};
  for (const [path, text] of Object.entries(parts)) zippable[path] = [strToU8(text), { level: p.stored ? 0 : 6 }];
  return zipSync(zippable);
}

/** A row of inline-string cells from column A. */
export function textRow(r: number, ...values: string[]): string {
  const cells = values.map(
    (v, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>${v}</t></is></c>`,
  );
  return `<row r="${r}">${cells.join('')}</row>`;
}

/** Offsets of the central directory record of `name`, to tamper with its fields. */
export function centralRecord(zip: Uint8Array, name: string): number {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const wanted = strToU8(name);
  for (let at = 0; at + 46 < zip.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const length = view.getUint16(at + 28, true);
    const got = zip.subarray(at + 46, at + 46 + length);
    if (got.length === wanted.length && got.every((b, i) => b === wanted[i])) return at;
  }
  throw new Error(`no ${name}`);
}
