import { describe, expect, it } from 'vitest';
import { parseTripRouteState, toggled, tripRouteSearch } from './route-state.ts';

describe("Trip Record's route state (spec 1 §2)", () => {
  it('reads the search, numbers as numbers, junk as unset', () => {
    const search = new URLSearchParams('vid=v1&startTime=100&endTime=abc&tsid=v1%23100&eventCreatedAt=-5');
    expect(parseTripRouteState(search, null)).toEqual({
      vid: 'v1',
      startTime: 100,
      endTime: null,
      tsid: 'v1#100',
      eventCreatedAt: null,
      trid: null,
    });
  });

  it('lets navigation state override the search', () => {
    const state = parseTripRouteState(new URLSearchParams('vid=v1&trid=a'), { vid: 'v2', startTime: 7, trid: 'b' });
    expect(state).toMatchObject({ vid: 'v2', startTime: 7, trid: 'b' });
  });

  it('writes back only what is set, and round-trips', () => {
    const search = tripRouteSearch({ vid: 'v1', startTime: 1, endTime: 2, tsid: null, trid: 'v1#1' });
    expect(search.toString()).toBe('vid=v1&startTime=1&endTime=2&trid=v1%231');
    expect(parseTripRouteState(search, undefined)).toMatchObject({ vid: 'v1', trid: 'v1#1', tsid: null });
  });

  it('toggles a selection', () => {
    expect(toggled(null, 'a')).toBe('a');
    expect(toggled('a', 'a')).toBeNull();
    expect(toggled('a', 'b')).toBe('b');
  });
});
