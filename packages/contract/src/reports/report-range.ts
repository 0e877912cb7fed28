import { REPORT_TEXTS } from './reports.ts';
import { REPORT_WINDOW_MS, VEHICLE_REPORT_TEXTS } from './report-kinds.ts';

/*
 * The range fetcher of the older report calls (spec 3 §5, §7): the range is split into windows
 * of REPORT_WINDOW_MS, the windows run in parallel (a few at a time, so a month does not open 31
 * requests at once), the windows that answer 200 are kept, and their rows merged per vehicle.
 */

export interface ReportWindow {
  startTime: number;
  endTime: number;
}

/** Windows in flight at once. */
export const REPORT_WINDOW_CONCURRENCY = 4;

/** [start, end) cut into windows of `windowMs`, the last one shorter. */
export function splitReportWindows(startTime: number, endTime: number, windowMs = REPORT_WINDOW_MS): ReportWindow[] {
  const windows: ReportWindow[] = [];
  for (let t = startTime; t < endTime; t += windowMs)
    windows.push({ startTime: t, endTime: Math.min(t + windowMs, endTime) });
  return windows;
}

export interface RangeFetch<T> {
  startTime?: number | null | undefined;
  endTime?: number | null | undefined;
  /** One window's call; a window that throws or answers another status is left out. */
  fetchWindow?: ((window: ReportWindow) => Promise<{ status: number; report: readonly T[] }>) | undefined;
  /** The vehicle a row belongs to (vid, or dvid for the detail report). */
  vehicleOf: (row: T) => string;
  windowMs?: number;
  concurrency?: number;
}

/**
 * Every window's rows, merged per vehicle: vehicles in the order they first appear, each
 * vehicle's rows in window order. Throws 'Missing params' without a start, an end or the
 * window call; when not one window answers 200, throws the first failure.
 */
export async function fetchReportRange<T>(params: RangeFetch<T>): Promise<T[]> {
  const { startTime, endTime, fetchWindow } = params;
  if (typeof startTime !== 'number' || typeof endTime !== 'number' || typeof fetchWindow !== 'function') {
    throw new Error(VEHICLE_REPORT_TEXTS.missingParams);
  }
  const windows = splitReportWindows(startTime, endTime, params.windowMs);
  const answers: ({ ok: true; rows: readonly T[] } | { ok: false; error: unknown })[] = [];
  let next = 0;
  const worker = async () => {
    while (next < windows.length) {
      const i = next++;
      try {
        const answer = await fetchWindow(windows[i] as ReportWindow);
        answers[i] =
          answer.status === 200
            ? { ok: true, rows: answer.report }
            : { ok: false, error: new Error(REPORT_TEXTS.error(String(answer.status))) };
      } catch (error) {
        answers[i] = { ok: false, error };
      }
    }
  };
  const workers = Math.max(1, Math.min(params.concurrency ?? REPORT_WINDOW_CONCURRENCY, windows.length));
  await Promise.all(Array.from({ length: workers }, worker));
  const kept = answers.filter((a) => a.ok);
  const failed = answers.find((a) => !a.ok);
  if (kept.length === 0 && failed && !failed.ok) throw failed.error;
  const byVehicle = new Map<string, T[]>();
  for (const answer of kept) {
    for (const row of answer.rows) {
      const vehicle = params.vehicleOf(row);
      const list = byVehicle.get(vehicle);
      if (list) list.push(row);
      else byVehicle.set(vehicle, [row]);
    }
  }
  return [...byVehicle.values()].flat();
}
