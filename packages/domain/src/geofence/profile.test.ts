import { describe, expect, it } from 'vitest';
import { insideFromStays, profileAt } from './profile.ts';

describe('the geofence state at a recompute window start', () => {
  it('takes the open stays as the inside-set, the later of two in one geofence', () => {
    expect(
      insideFromStays([
        { geoid: 'a', enterTime: 10 },
        { geoid: 'b', enterTime: 30 },
        { geoid: 'a', enterTime: 20 },
      ]),
    ).toEqual({ a: 20, b: 30 });
    expect(insideFromStays([])).toEqual({});
  });

  it('marks the open stays inside since their entry and every other geofence outside', () => {
    const live = { a: { inside: 1 as const, since: 50 }, b: { inside: 0 as const, since: 40 } };
    expect(profileAt(live, { c: 5 })).toEqual({
      a: { inside: 0, since: 50 },
      b: { inside: 0, since: 40 },
      c: { inside: 1, since: 5 },
    });
    expect(profileAt(live, { a: 7 })).toEqual({ a: { inside: 1, since: 7 }, b: { inside: 0, since: 40 } });
  });
});
