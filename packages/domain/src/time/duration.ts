const SECOND_MS = 1000;
const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;

/**
 * Duration display of spec 1 §9: days/hrs/mins, or hrs/mins, or mins/secs — the largest
 * unit present decides. Non-numbers give 'N/A' (spec 1 §5); negative spans count as zero.
 * The console and the server's exports word durations alike through it.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return 'N/A';
  const total = Math.floor(Math.max(0, ms) / SECOND_MS);
  const days = Math.floor(total / DAY_S);
  const hrs = Math.floor((total % DAY_S) / HOUR_S);
  const mins = Math.floor((total % HOUR_S) / MINUTE_S);
  const secs = total % MINUTE_S;
  if (days > 0) return `${days} days ${hrs} hrs ${mins} mins`;
  if (hrs > 0) return `${hrs} hrs ${mins} mins`;
  return `${mins} mins ${secs} secs`;
}
