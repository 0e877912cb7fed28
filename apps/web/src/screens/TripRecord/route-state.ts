/*
 * What Trip Record reads from its route (spec 1 §2): {vid, startTime, endTime} open it on a
 * vehicle and window (the dashboard's View Playback); tsid, eventCreatedAt and trid select a
 * transit record, an event and a trip. Kept in the address, so a link or a reload shows the same.
 */

export interface TripRouteState {
  vid: string | null;
  startTime: number | null;
  endTime: number | null;
  tsid: string | null;
  eventCreatedAt: number | null;
  trid: string | null;
}

const KEYS = ['vid', 'startTime', 'endTime', 'tsid', 'eventCreatedAt', 'trid'] as const;
const NUMERIC = new Set<string>(['startTime', 'endTime', 'eventCreatedAt']);

function read(value: unknown, numeric: boolean): string | number | null {
  if (numeric) {
    const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
    return Number.isSafeInteger(n) && n >= 0 ? n : null;
  }
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The state from the search, with what navigation state carried over it (a link's `state`). */
export function parseTripRouteState(search: URLSearchParams, navigationState: unknown): TripRouteState {
  const carried = (typeof navigationState === 'object' && navigationState !== null ? navigationState : {}) as Record<
    string,
    unknown
  >;
  const out: Record<string, string | number | null> = {};
  for (const key of KEYS) out[key] = read(carried[key] ?? search.get(key), NUMERIC.has(key));
  return out as unknown as TripRouteState;
}

/** The state as a search string's params, leaving out what is unset. */
export function tripRouteSearch(state: Partial<TripRouteState>): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of KEYS) {
    const value = state[key];
    if (value !== null && value !== undefined) search.set(key, String(value));
  }
  return search;
}

/** Clicking an item toggles its selection: the same one again clears it. */
export function toggled<T>(current: T | null, picked: T): T | null {
  return current === picked ? null : picked;
}
