/**
 * Where the server disagrees today with the simulator's ground truth in truth.test.ts, per
 * vehicle and check, with the cause. A listed check is expected to fail (it.fails): when a fix
 * lands, it starts passing, the test reports that, and its entry goes. TODO(#3): empty this.
 */
export type Check = 'trips' | 'mileage' | 'idle' | 'park';

export const KNOWN_GAPS: Record<string, Partial<Record<Check, string>>> = {};
