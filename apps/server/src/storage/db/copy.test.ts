import { describe, expect, it } from 'vitest';
import { copyJson, copyLines, copyNumber, copyText } from './copy.ts';

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

  it('writes numbers as String() does', () => {
    const values = [
      0,
      -1,
      7,
      999_999,
      1e6,
      1_000_001,
      1_795_761_103_334,
      1_795_761_000_007,
      1e15 - 1,
      1e15,
      2 ** 53,
      -1_795_761_103_334,
      3.1234567,
      101.6,
      0.1 + 0.2,
      1e21,
      NaN,
    ];
    for (const v of values) expect(copyNumber(v)).toBe(String(v));
    // Spread over the whole range it takes the quick path in, whatever the digits below a million.
    for (let i = 1; i <= 10_000; i++) {
      const v = (i * 104_729_123_457) % 1e15;
      expect(copyNumber(v)).toBe(String(v));
    }
  });

  it('ends every row with a newline, whatever the number of rows', () => {
    for (const n of [0, 1, 63, 64, 65, 128, 1000]) {
      const rows = Array.from({ length: n }, (_, i) => i);
      expect(copyLines(rows, (i) => `r${i}\tx`)).toBe(rows.map((i) => `r${i}\tx\n`).join(''));
    }
  });
});
