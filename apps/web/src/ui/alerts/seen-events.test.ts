import { describe, expect, it } from 'vitest';
import { SeenEvents } from './seen-events.ts';

describe('SeenEvents', () => {
  it('lets each evid through once', () => {
    const seen = new SeenEvents();
    expect(seen.firstSighting('e1')).toBe(true);
    expect(seen.firstSighting('e2')).toBe(true);
    expect(seen.firstSighting('e1')).toBe(false);
  });

  it('forgets the oldest beyond its capacity', () => {
    const seen = new SeenEvents(2);
    for (const evid of ['a', 'b', 'c']) seen.firstSighting(evid);
    expect(seen.firstSighting('b')).toBe(false);
    expect(seen.firstSighting('a')).toBe(true);
  });
});
