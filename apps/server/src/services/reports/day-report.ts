import {
  accumulateMileage,
  dailyMileage,
  emptyMileageSummary,
  localDays,
  roundKm,
  summarizeMileage,
  type DailyMileage,
  type MileageSummary,
  type Span,
} from '@jejak/domain';
import { wholeDaysOver } from '../../storage/ingest/day-stats.ts';
import type { ReportRepo, ReportWindow } from '../../storage/repos/records/report-repo.ts';

/**
 * The mileage reports over the per-day totals (ADR 0058): a window's whole local days are read
 * from vehicle_day_stats, one row a vehicle and day, and only its cut ends (before its first
 * local midnight, after its last) from the transit records, summed as before. A window holding
 * no whole day reads the records alone. The rows equal the records' sums: durations and top
 * speed exactly, kilometres to the metre (the sum is taken in another order before rounding).
 */

interface WindowParts {
  /** From the first local midnight in the window to the last. */
  whole: Span;
  head: Span | null;
  tail: Span | null;
}

export function splitWindow(w: Span, timeZone: string): WindowParts | null {
  const days = wholeDaysOver(w, timeZone).filter((d) => d.startTime >= w.startTime && d.endTime <= w.endTime);
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return null;
  return {
    whole: { startTime: first.startTime, endTime: last.endTime },
    head: w.startTime < first.startTime ? { startTime: w.startTime, endTime: first.startTime } : null,
    tail: last.endTime < w.endTime ? { startTime: last.endTime, endTime: w.endTime } : null,
  };
}

function addTo(sums: Map<string, MileageSummary>, vid: string, s: MileageSummary): void {
  const t = sums.get(vid) ?? emptyMileageSummary();
  t.mileage += s.mileage;
  t.movingDuration += s.movingDuration;
  t.idlingDuration += s.idlingDuration;
  t.parkingDuration += s.parkingDuration;
  t.disconnectedDuration += s.disconnectedDuration;
  t.topSpeed = Math.max(t.topSpeed, s.topSpeed);
  sums.set(vid, t);
}

/** Vids in code-point order: the order of the records' query (vids are UUIDs). */
const byVid = <T>(entries: Iterable<[string, T]>): Map<string, T> =>
  new Map([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** Each vehicle's mileage summary of the window; a vehicle with no record in it has none. */
export async function mileageSummaries(
  reports: ReportRepo,
  w: ReportWindow,
  timeZone: string,
): Promise<Map<string, MileageSummary>> {
  const parts = splitWindow(w, timeZone);
  if (!parts) return new Map([...(await reports.transitSlices(w))].map(([vid, r]) => [vid, summarizeMileage(r, w)]));
  const sums = new Map<string, MileageSummary>();
  const addEdge = async (edge: Span | null) => {
    if (!edge) return;
    for (const [vid, records] of await reports.transitSlices({ vids: w.vids, ...edge }))
      addTo(sums, vid, accumulateMileage(records, edge));
  };
  await addEdge(parts.head);
  for (const [vid, days] of await reports.dayStats({ vids: w.vids, ...parts.whole }))
    for (const d of days) addTo(sums, vid, d);
  await addEdge(parts.tail);
  return byVid([...sums].map(([vid, s]) => [vid, { ...s, mileage: roundKm(s.mileage) }]));
}

/** Each vehicle's kilometres per local day of the window (every day listed); none without a record. */
export async function dailyMileages(
  reports: ReportRepo,
  w: ReportWindow,
  timeZone: string,
): Promise<Map<string, DailyMileage[]>> {
  const parts = splitWindow(w, timeZone);
  if (!parts)
    return new Map([...(await reports.transitSlices(w))].map(([vid, r]) => [vid, dailyMileage(r, w, timeZone)]));
  const edge = async (span: Span | null) =>
    span ? await reports.transitSlices({ vids: w.vids, ...span }) : new Map<string, never[]>();
  const head = await edge(parts.head);
  const stats = await reports.dayStats({ vids: w.vids, ...parts.whole });
  const tail = await edge(parts.tail);
  const days = localDays(parts.whole, timeZone);
  const vids = new Set([...head.keys(), ...stats.keys(), ...tail.keys()]);
  return byVid(
    [...vids].map((vid): [string, DailyMileage[]] => {
      const km = new Map((stats.get(vid) ?? []).map((d) => [d.date, d.mileage]));
      return [
        vid,
        [
          ...(parts.head ? dailyMileage(head.get(vid) ?? [], parts.head, timeZone) : []),
          ...days.map((d) => ({ ...d, mileage: roundKm(km.get(d.date) ?? 0) })),
          ...(parts.tail ? dailyMileage(tail.get(vid) ?? [], parts.tail, timeZone) : []),
        ],
      ];
    }),
  );
}
