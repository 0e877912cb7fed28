import { describe, expect, it } from 'vitest';
import { advance, BASE_RATE, playbackSpan, SCRUB_STEPS, stepToTime, timeToStep } from './playback-clock.ts';

const SPAN = { startTime: 1_000_000, endTime: 1_000_000 + 3_600_000 };

describe('the playback clock', () => {
  it('moves the journey BASE_RATE × speed times faster than real time, inside the span', () => {
    expect(BASE_RATE).toBe(60);
    expect(advance(SPAN.startTime, 1_000, 1, SPAN)).toBe(SPAN.startTime + 60_000);
    expect(advance(SPAN.startTime, 1_000, 20, SPAN)).toBe(SPAN.startTime + 1_200_000);
    expect(advance(SPAN.startTime, 16, 5, SPAN)).toBe(SPAN.startTime + 4_800);
    expect(advance(SPAN.endTime - 1_000, 1_000, 10, SPAN)).toBe(SPAN.endTime);
    // A clock running backwards (a tab woken from sleep) never moves it back.
    expect(advance(SPAN.startTime + 5, -100, 1, SPAN)).toBe(SPAN.startTime + 5);
  });

  it('maps the slider both ways over the span', () => {
    expect(timeToStep(SPAN.startTime, SPAN)).toBe(0);
    expect(timeToStep(SPAN.endTime, SPAN)).toBe(SCRUB_STEPS);
    expect(timeToStep(SPAN.startTime + 900_000, SPAN)).toBe(SCRUB_STEPS / 4);
    expect(timeToStep(SPAN.endTime + 1, SPAN)).toBe(SCRUB_STEPS);
    expect(stepToTime(SCRUB_STEPS / 2, SPAN)).toBe(SPAN.startTime + 1_800_000);
    expect(stepToTime(SCRUB_STEPS * 2, SPAN)).toBe(SPAN.endTime);
    expect(stepToTime(timeToStep(SPAN.startTime + 1_234_000, SPAN), SPAN)).toBeCloseTo(SPAN.startTime + 1_234_000, -2);
    expect(timeToStep(5, { startTime: 5, endTime: 5 })).toBe(0);
  });

  it("plays the fixes' own time range, cut to a selected trip", () => {
    const times = [100, 200, 300, 400];
    expect(playbackSpan(times, null)).toEqual({ startTime: 100, endTime: 400 });
    expect(playbackSpan(times, { startTime: 150, endTime: 350 })).toEqual({ startTime: 150, endTime: 350 });
    expect(playbackSpan(times, { startTime: 0, endTime: 1_000 })).toEqual({ startTime: 100, endTime: 400 });
    expect(playbackSpan(times, { startTime: 500, endTime: 600 })).toBeNull();
    expect(playbackSpan([], null)).toBeNull();
  });
});
