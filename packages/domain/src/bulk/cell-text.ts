/*
 * How a spreadsheet's numbers become the text a bulk column wants. A tracker's IMEI typed into
 * Excel is stored as a number, and the file may write it with an exponent (8.65205030001234E+14);
 * the row needs the digits, so the conversion is done on the decimal text, never through a
 * float's printing.
 */

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** The plain decimal text of a number as a sheet stores it ('8.6E+14' → '860000000000000'); null when not a number. */
export function plainNumberText(raw: string): string | null {
  const m = DECIMAL.exec(raw.trim());
  if (!m) return null;
  const [, sign = '', whole = '', fraction = '', exp = '0'] = m;
  if (whole === '' && fraction === '') return null;
  const shift = Number(exp);
  // A shift this large is no IMEI or SIM; the caller's own rules refuse such a value.
  if (!Number.isSafeInteger(shift) || Math.abs(shift) > 400) return null;
  const digits = whole + fraction;
  const point = whole.length + shift;
  let intPart: string;
  let fracPart: string;
  if (point <= 0) {
    intPart = '0';
    fracPart = '0'.repeat(-point) + digits;
  } else if (point >= digits.length) {
    intPart = digits + '0'.repeat(point - digits.length);
    fracPart = '';
  } else {
    intPart = digits.slice(0, point);
    fracPart = digits.slice(point);
  }
  intPart = intPart.replace(/^0+(?=\d)/, '');
  fracPart = fracPart.replace(/0+$/, '');
  const body = fracPart ? `${intPart}.${fracPart}` : intPart;
  return body === '0' ? '0' : `${sign === '-' ? '-' : ''}${body}`;
}

/** Spreadsheet column letters ('A', 'AB') to a 0-based index; -1 when not letters. */
export function columnIndex(letters: string): number {
  if (!/^[A-Z]{1,3}$/.test(letters)) return -1;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** A 0-based column index to its letters (0 → 'A'). */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}
