import { describe, expect, it } from 'vitest';
import { fetchReportRange, splitReportWindows, type ReportWindow } from './report-range.ts';
import { REPORT_WINDOW_MS } from './report-kinds.ts';

const DAY = REPORT_WINDOW_MS;
const T0 = Date.UTC(2026, 2, 1, 16);

interface Row {
  vid: string;
  t: number;
}

describe('splitReportWindows', () => {
  it.each([
    ['one short window', T0, T0 + 3_600_000, [[T0, T0 + 3_600_000]]],
    ['exactly one day', T0, T0 + DAY, [[T0, T0 + DAY]]],
    [
      'two and a half days',
      T0,
      T0 + 2.5 * DAY,
      [
        [T0, T0 + DAY],
        [T0 + DAY, T0 + 2 * DAY],
        [T0 + 2 * DAY, T0 + 2.5 * DAY],
      ],
    ],
    ['an empty range', T0, T0, []],
  ])('%s', (_, start, end, want) => {
    expect(splitReportWindows(start, end).map((w) => [w.startTime, w.endTime])).toEqual(want);
  });
});

describe('fetchReportRange', () => {
  const vehicleOf = (r: Row) => r.vid;

  it.each([
    ['start', { startTime: undefined, endTime: T0 + DAY }],
    ['end', { startTime: T0, endTime: null }],
    ['window call', { startTime: T0, endTime: T0 + DAY, fetchWindow: undefined }],
  ])("throws 'Missing params' without the %s", async (_, params) => {
    const fetchWindow = async () => ({ status: 200, report: [] as Row[] });
    await expect(fetchReportRange<Row>({ fetchWindow, vehicleOf, ...params })).rejects.toThrow('Missing params');
  });

  it('asks every window once, keeps those that answer 200, and merges the rows per vehicle', async () => {
    const asked: ReportWindow[] = [];
    const rows = await fetchReportRange<Row>({
      startTime: T0,
      endTime: T0 + 3 * DAY,
      vehicleOf,
      fetchWindow: async (w) => {
        asked.push(w);
        const day = (w.startTime - T0) / DAY;
        // The second day's window fails; the third answers another status.
        if (day === 1) throw new Error('window down');
        if (day === 2) return { status: 500, report: [{ vid: 'b', t: 99 }] };
        return {
          status: 200,
          report: [
            { vid: 'b', t: day },
            { vid: 'a', t: day },
          ],
        };
      },
    });
    expect(asked.map((w) => (w.startTime - T0) / DAY).sort()).toEqual([0, 1, 2]);
    expect(rows).toEqual([
      { vid: 'b', t: 0 },
      { vid: 'a', t: 0 },
    ]);
  });

  it("keeps each vehicle's rows in window order whatever order the windows answer in", async () => {
    const gates = new Map<number, () => void>();
    const pending = fetchReportRange<Row>({
      startTime: T0,
      endTime: T0 + 3 * DAY,
      vehicleOf,
      fetchWindow: (w) => {
        const day = (w.startTime - T0) / DAY;
        return new Promise((resolve) =>
          gates.set(day, () =>
            resolve({
              status: 200,
              report: [
                { vid: day === 2 ? 'z' : 'a', t: day },
                { vid: 'b', t: day },
              ],
            }),
          ),
        );
      },
    });
    await Promise.resolve();
    for (const day of [2, 0, 1]) gates.get(day)?.();
    expect(await pending).toEqual([
      { vid: 'a', t: 0 },
      { vid: 'a', t: 1 },
      { vid: 'b', t: 0 },
      { vid: 'b', t: 1 },
      { vid: 'b', t: 2 },
      { vid: 'z', t: 2 },
    ]);
  });

  it('runs at most `concurrency` windows at a time', async () => {
    let running = 0;
    let most = 0;
    await fetchReportRange<Row>({
      startTime: T0,
      endTime: T0 + 10 * DAY,
      vehicleOf,
      concurrency: 3,
      fetchWindow: async () => {
        running += 1;
        most = Math.max(most, running);
        await Promise.resolve();
        await Promise.resolve();
        running -= 1;
        return { status: 200, report: [] };
      },
    });
    expect(most).toBe(3);
  });

  it('throws the first failure when no window answers', async () => {
    await expect(
      fetchReportRange<Row>({
        startTime: T0,
        endTime: T0 + 2 * DAY,
        vehicleOf,
        fetchWindow: async () => {
          throw new Error('Forbidden');
        },
      }),
    ).rejects.toThrow('Forbidden');
  });
});
