/**
 * A cell's text as every export writes it (issue 27 N5, OWASP's CSV-injection rule): text that
 * begins with = + - @, a tab or a carriage return is a formula to the next program that opens
 * it (a CSV saved from our .xlsx included), so it gets a leading apostrophe and stays text. A
 * plain signed number ("-12.5", a phone number "+60123456789") and a lone dash are left as they
 * are: no program reads them as a formula.
 */
export function formulaSafeText(text: string): string {
  if (!FORMULA_START.test(text)) return text;
  if (PLAIN_NUMBER.test(text) || text === '-') return text;
  return `'${text}`;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]\d+(?:\.\d+)?$/;
