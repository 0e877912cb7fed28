import { describe, expect, it } from 'vitest';
import { csvField } from './csv.ts';
import { trackCsv, trackGpx, trackKml, type TrackFix } from './track-files.ts';

const T0 = Date.UTC(2026, 10, 28, 1, 0, 0);
const FIXES: TrackFix[] = [
  { timeMs: T0, lat: 3.139003, lon: 101.686855, speedKmh: 0, heading: 90, status: 'PARKING' },
  { timeMs: T0 + 10_000, lat: 3.1391, lon: 101.6872, speedKmh: 42.25, heading: 88.6, status: 'MOVING' },
];
const INFO = { name: 'Lori <11> & "Cheras"', timeZone: 'Asia/Kuala_Lumpur' };

describe('track files (GPX, KML, CSV)', () => {
  it('GPX: escaped name, one point per fix with its UTC time', () => {
    const gpx = trackGpx(FIXES, INFO);
    expect(gpx).toContain('<name>Lori &lt;11&gt; &amp; &quot;Cheras&quot;</name>');
    expect(gpx).toContain('<trkpt lat="3.139003" lon="101.686855"><time>2026-11-28T01:00:00Z</time>');
    expect(gpx).toContain('<time>2026-11-28T01:00:10Z</time><desc>MOVING 42.3 km/h 89°</desc>');
    expect(gpx.match(/<trkpt /g)).toHaveLength(2);
  });

  it('KML: the line lon,lat in order with its time span, and start and end points', () => {
    const kml = trackKml(FIXES, INFO);
    expect(kml).toContain('<coordinates>\n101.686855,3.139003,0\n101.687200,3.139100,0\n</coordinates>');
    expect(kml).toContain('<TimeSpan><begin>2026-11-28T01:00:00Z</begin><end>2026-11-28T01:00:10Z</end></TimeSpan>');
    expect(kml.match(/<Point>/g)).toHaveLength(2);
  });

  it('CSV: times in the zone, CRLF rows, fields quoted and formula-safe', () => {
    expect(trackCsv(FIXES, INFO).split('\r\n')).toEqual([
      'Time,Latitude,Longitude,Speed (km/h),Heading (°),Status',
      '2026/11/28 09:00:00,3.139003,101.686855,0.0,90,PARKING',
      '2026/11/28 09:00:10,3.139100,101.687200,42.3,89,MOVING',
      '',
    ]);
    expect(csvField('a,"b"')).toBe('"a,""b"""');
    expect(csvField('=cmd|x')).toBe("'=cmd|x");
    expect(csvField(-12.5)).toBe('-12.5');
  });

  it('an empty route is a valid empty file', () => {
    expect(trackGpx([], INFO)).toContain('<trkseg>\n</trkseg>');
    expect(trackKml([], INFO)).not.toContain('<Point>');
    expect(trackCsv([], INFO)).toBe('Time,Latitude,Longitude,Speed (km/h),Heading (°),Status\r\n');
  });
});
