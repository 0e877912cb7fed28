/*
 * The playback clock (issue 13 item 1): how far the journey moves for each real millisecond, and
 * where the scrub slider stands.
 */

/** The speeds offered, as multiples of the base rate. */
export const PLAYBACK_SPEEDS = [1, 2, 5, 10, 20] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

/**
 * At 1× a second of playback shows a minute of the journey: a three-hour drive plays in three
 * minutes, a twelve-hour working day in twelve, or 36 s at 20×.
 */
export const BASE_RATE = 60;

/** Steps of the scrub slider over the span (enough for a second at a day's scale). */
export const SCRUB_STEPS = 100_000;

export interface PlaybackSpan {
  startTime: number;
  endTime: number;
}

const clamp = (t: number, span: PlaybackSpan) => Math.min(span.endTime, Math.max(span.startTime, t));

/** The journey time after `elapsedMs` of real time at `speed`, held inside the span. */
export function advance(timeMs: number, elapsedMs: number, speed: number, span: PlaybackSpan): number {
  return clamp(timeMs + Math.max(0, elapsedMs) * BASE_RATE * speed, span);
}

/** The slider's step for a journey time. */
export function timeToStep(timeMs: number, span: PlaybackSpan): number {
  const length = span.endTime - span.startTime;
  if (length <= 0) return 0;
  return Math.round(((clamp(timeMs, span) - span.startTime) / length) * SCRUB_STEPS);
}

/** The journey time at a slider step. */
export function stepToTime(step: number, span: PlaybackSpan): number {
  const f = Math.min(SCRUB_STEPS, Math.max(0, step)) / SCRUB_STEPS;
  return Math.round(span.startTime + f * (span.endTime - span.startTime));
}

/**
 * What plays: the fixes' own time range, cut to the selected trip when one is picked — a window's
 * empty hours before the first fix and after the last are not played through. Null when no fix
 * falls inside.
 */
export function playbackSpan(times: readonly number[], selected: PlaybackSpan | null): PlaybackSpan | null {
  const first = times[0];
  const last = times.at(-1);
  if (first === undefined || last === undefined) return null;
  const startTime = Math.max(first, selected?.startTime ?? first);
  const endTime = Math.min(last, selected?.endTime ?? last);
  return startTime <= endTime ? { startTime, endTime } : null;
}
