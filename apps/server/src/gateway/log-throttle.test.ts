import { describe, expect, it } from 'vitest';
import { createLogThrottle } from './log-throttle.ts';

describe('log lines anyone on the network can cause', () => {
  it('logs one line per period, saying how many were left out since the last', () => {
    let t = 0;
    const throttle = createLogThrottle(10_000, () => t);
    const lines: number[] = [];
    for (let i = 0; i < 1000; i++) {
      t = i * 100;
      const suppressed = throttle.pass();
      if (suppressed !== null) lines.push(suppressed);
    }
    // 100 s of events, one every 100 ms: a line every 10 s, the first with none left out.
    expect(lines).toEqual([0, ...Array<number>(9).fill(99)]);
  });
});
