import { describe, expect, it } from 'vitest';
import { TRANSIT_TEXTS, type TransitRecord } from '@jejak/contract';
import { TRANSIT_STATUSES, type TransitStatus } from '@jejak/domain';
import { fitToBox, simplifyPolyline } from '../src/reports/route-geometry.ts';
import { MAX_LISTED_RECORDS, ROUTE_BOX, buildTransitPdf } from '../src/reports/transit-pdf.ts';
import { countPixels, pdfPageCount, pdfText, renderFirstPage } from './poppler.ts';

const T0 = Date.UTC(2026, 10, 20, 1, 0); // 09:00 in Kuala Lumpur
const MIN = 60_000;
const vehicle = { displayName: 'Lorry 7', plate: 'BMK 5521', owner: 'Demo Owner' };
const isRouteRed = (r: number, g: number, b: number) => r > 150 && g < 120 && b < 120;

function record(i: number, transitStatus: TransitStatus, startAddress = 'near Klang, Selangor'): TransitRecord {
  return {
    tsid: `t${i}`,
    trid: null,
    vid: 'v1',
    transitStatus,
    startTime: T0 + i * 10 * MIN,
    endTime: T0 + (i + 1) * 10 * MIN,
    duration: 10 * MIN,
    totalMileage: transitStatus === 'MOVING' ? 7.5 : 0,
    topSpeed: transitStatus === 'MOVING' ? 61.25 : 0,
    avgSpeed: transitStatus === 'MOVING' ? 45 : 0,
    totalFuel: 0,
    startAddress,
    endAddress: 'near Shah Alam, Selangor',
    startLocation: { lat: 3.04, lon: 101.45 },
    endLocation: { lat: 3.05, lon: 101.5 },
    createdAt: 0,
  };
}

const report = (records: TransitRecord[], points: { lat: number; lon: number }[], timeZone = 'Asia/Kuala_Lumpur') =>
  buildTransitPdf({
    vehicle,
    startTime: T0,
    endTime: T0 + 86_400_000,
    statuses: TRANSIT_STATUSES,
    records,
    route: { points, total: points.length },
    generatedAt: T0 + 90_000_000,
    timeZone,
  });

/** Table rows as pdftotext lays them out: a row number, then the status. */
const tableRows = (text: string) => text.match(/^\s*\d+\s+(Moving|Idling|Parking|Disconnected)\s/gm) ?? [];

describe('the Transit PDF builder', () => {
  it('says there is nothing to report when the window holds no records and no positions', async () => {
    const pdf = await report([], []);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('Transit Report');
    expect(text).toContain('2026-11-20 09:00:00 to 2026-11-21 09:00:00');
    expect(text).toContain('Transit records (0)');
    expect(text).toContain(TRANSIT_TEXTS.none);
    expect(text).toContain('No positions in this window');
    expect(tableRows(text)).toHaveLength(0);
    expect(await pdfPageCount(pdf)).toBe(1);
    expect(countPixels(await renderFirstPage(pdf), ROUTE_BOX, isRouteRed)).toBe(0);
  });

  it('sums total idle time beside the other figures: idling and parking, less the parking it ends in (spec 1 §3)', async () => {
    const records = [
      record(0, 'PARKING'),
      record(1, 'MOVING'),
      record(2, 'IDLING'),
      record(3, 'PARKING'),
      record(4, 'MOVING'),
      record(5, 'PARKING'),
    ];
    const text = await pdfText(await report(records, []));
    expect(text).toMatch(/Total idle time\s+30 mins 0 secs/);
  });

  it('writes its times, and names the zone, in the zone it is given', async () => {
    const text = await pdfText(await report([record(0, 'MOVING')], [], 'Europe/London'));
    // T0 is 01:00 UTC, 01:00 GMT in London in November; Kuala Lumpur would say 09:00.
    expect(text).toContain('2026-11-20 01:00:00 to 2026-11-21 01:00:00');
    expect(text).toContain('Europe/London');
    // The table's Start and End cells wrap the date above the time.
    expect(text).toMatch(/Moving\s+2026-11-20\s+2026-11-20[\s\S]*01:00:00\s+01:10:00/);
    expect(text).not.toContain('09:00:00');
  });

  it('breaks a long table across pages, its header on each, and says how many records it leaves out', async () => {
    const many = MAX_LISTED_RECORDS + 37;
    const long = 'Jalan Sultan Ismail, Bukit Bintang, 50250 Kuala Lumpur, Wilayah Persekutuan Kuala Lumpur, Malaysia';
    const records = Array.from({ length: many }, (_, i) =>
      record(i, TRANSIT_STATUSES[i % 4] ?? 'MOVING', i % 3 === 0 ? long : undefined),
    );
    const track = Array.from({ length: 30_000 }, (_, i) => ({
      lat: 3 + Math.sin(i / 3000) / 10,
      lon: 101.4 + i / 1e5,
    }));
    const pdf = await report(records, track);
    const pages = await pdfPageCount(pdf);
    const text = await pdfText(pdf);
    expect(pages).toBeGreaterThan(20);
    expect(text.match(/Start address\s+End address/g)).toHaveLength(pages);
    expect(text.split('\f').filter((page) => page.includes('Start address'))).toHaveLength(pages);
    expect(tableRows(text)).toHaveLength(MAX_LISTED_RECORDS);
    expect(text).toContain(`Transit records (${many})`);
    expect(text).toContain('37 more records in this window are not listed (the report lists the first 2,000).');
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // The summary counts every record, listed or not: a quarter of them moving, 7.50 km each.
    expect(text).toMatch(/Total distance\s+3825\.00 km/);
    expect(text).toMatch(/Top speed\s+61\.3 km\/h/);
    // Long addresses wrap inside their column instead of running into the next.
    expect(text).toMatch(/Jalan Sultan Ismail, Bukit Bintang, 50250\s/);
    expect(countPixels(await renderFirstPage(pdf), ROUTE_BOX, isRouteRed)).toBeGreaterThan(100);
  }, 60_000);

  it('prints what the standard fonts cannot as ?, and never a control character', async () => {
    const pdf = await buildTransitPdf({
      vehicle: { displayName: 'Lori\u0007 吉隆坡', plate: 'WXY 1', owner: null },
      startTime: T0,
      endTime: T0 + MIN,
      statuses: ['MOVING'],
      records: [record(0, 'MOVING', 'Jalan 1, Café 🚚')],
      route: { points: [{ lat: 3, lon: 101 }], total: 1 },
      generatedAt: T0,
      timeZone: 'Asia/Kuala_Lumpur',
    });
    const text = await pdfText(pdf);
    expect(text).toContain('Lori ???');
    expect(text).toContain('Jalan 1, Café ?');
    expect(text).toMatch(/STATUSES[\s\S]*Moving/);
  });
});

describe('route geometry', () => {
  it('keeps the shape: a square on the ground is square in the box, even far from the equator', () => {
    const box = { x: 0, y: 0, width: 400, height: 200 };
    // 0.1° of latitude and 0.2° of longitude at 60°N are both about 11.1 km.
    const fit = fitToBox(
      [
        { lat: 60, lon: 10 },
        { lat: 60.1, lon: 10.2 },
      ],
      box,
      0,
    );
    const a = fit?.project({ lat: 60, lon: 10 });
    const b = fit?.project({ lat: 60.1, lon: 10.2 });
    expect(Math.abs((b?.x ?? 0) - (a?.x ?? 0))).toBeCloseTo(Math.abs((b?.y ?? 0) - (a?.y ?? 0)), 0);
    expect(b?.y).toBeLessThan(a?.y ?? 0); // north is up
    expect(fit?.kmPerUnit).toBeCloseTo(11.12 / 200, 2);
  });

  it('thins a long polyline to at most the cap, keeping both ends', () => {
    const wiggly = Array.from({ length: 50_000 }, (_, i) => ({ x: i / 100, y: Math.sin(i / 7) * 50 }));
    const out = simplifyPolyline(wiggly, 2000);
    expect(out.length).toBeLessThanOrEqual(2000);
    expect(out.length).toBeGreaterThan(100);
    expect(out[0]).toEqual(wiggly[0]);
    expect(out.at(-1)).toEqual(wiggly.at(-1));
    const straight = Array.from({ length: 1000 }, (_, i) => ({ x: i, y: 2 * i }));
    expect(simplifyPolyline(straight, 2000)).toEqual([straight[0], straight.at(-1)]);
  });
});
