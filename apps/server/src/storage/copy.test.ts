import { describe, expect, it } from 'vitest';
import { copyJson, copyLines, copyText } from './copy.ts';

describe('COPY text', () => {
  it('escapes the attributes JSON exactly as escaping its text would', () => {
    const values = [
      { ignition: true, satellites: 9 },
      { result: 'line one\nline two\ttab\rcr' },
      { driverUniqueId: 'C:\\cards\\7', note: 'quote " and \\n written out' },
      {},
    ];
    for (const v of values) expect(copyJson(v)).toBe(copyText(JSON.stringify(v)));
    expect(copyJson(null)).toBe('\\N');
  });

  it('ends every row with a newline, whatever the number of rows', () => {
    for (const n of [0, 1, 63, 64, 65, 128, 1000]) {
      const rows = Array.from({ length: n }, (_, i) => i);
      expect(copyLines(rows, (i) => `r${i}\tx`)).toBe(rows.map((i) => `r${i}\tx\n`).join(''));
    }
  });
});
