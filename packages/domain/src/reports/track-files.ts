import { formatLocalDateTime } from '../time/local-date-time.ts';
import { CSV_CONTENT_TYPE, csvTable } from './csv.ts';

/*
 * A vehicle's route as the files other tools read (issue 28 item 3): GPX 1.1 (navigation and
 * mapping programs), KML 2.2 (Google Earth, GIS) and CSV (spreadsheets), built as text from the
 * fixes Trip Record plays back. Pure: the caller streams the text.
 */

/** One fix of the route, oldest first. */
export interface TrackFix {
  timeMs: number;
  lat: number;
  lon: number;
  speedKmh: number;
  /** Whole degrees, the direction of travel. */
  heading: number;
  status: string;
}

export const TRACK_FILE_FORMATS = ['gpx', 'kml', 'csv'] as const;
export type TrackFileFormat = (typeof TRACK_FILE_FORMATS)[number];

export const TRACK_CONTENT_TYPES: Readonly<Record<TrackFileFormat, string>> = {
  gpx: 'application/gpx+xml; charset=utf-8',
  kml: 'application/vnd.google-earth.kml+xml; charset=utf-8',
  csv: CSV_CONTENT_TYPE,
};

/** What names the route in the file: the vehicle's display name and plate. */
export interface TrackInfo {
  name: string;
  /** Written in the CSV's times (the file's readers are in the fleet's zone). */
  timeZone: string;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&${XML_ENTITIES[c] ?? 'amp'};`);
}
const XML_ENTITIES: Record<string, string> = { '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' };

const coord = (n: number) => n.toFixed(6);
const isoUtc = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** GPX 1.1: one track, one segment, each fix a point with its time (UTC) and speed and course. */
export function trackGpx(fixes: readonly TrackFix[], info: TrackInfo): string {
  const name = escapeXml(info.name);
  const points = fixes.map(
    (f) =>
      `<trkpt lat="${coord(f.lat)}" lon="${coord(f.lon)}"><time>${isoUtc(f.timeMs)}</time>` +
      `<desc>${escapeXml(`${f.status} ${f.speedKmh.toFixed(1)} km/h ${Math.round(f.heading)}°`)}</desc></trkpt>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Jejak" xmlns="http://www.topografix.com/GPX/1/1">',
    `<metadata><name>${name}</name>${fixes[0] ? `<time>${isoUtc(fixes[0].timeMs)}</time>` : ''}</metadata>`,
    `<trk><name>${name}</name><trkseg>`,
    ...points,
    '</trkseg></trk>',
    '</gpx>',
    '',
  ].join('\n');
}

/** KML 2.2: the route as a line (with its time span) and its first and last fixes as points. */
export function trackKml(fixes: readonly TrackFix[], info: TrackInfo): string {
  const name = escapeXml(info.name);
  const first = fixes[0];
  const last = fixes[fixes.length - 1];
  const point = (label: string, f: TrackFix) =>
    `<Placemark><name>${escapeXml(label)}</name><TimeStamp><when>${isoUtc(f.timeMs)}</when></TimeStamp>` +
    `<Point><coordinates>${coord(f.lon)},${coord(f.lat)},0</coordinates></Point></Placemark>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2"><Document>',
    `<name>${name}</name>`,
    `<Placemark><name>${name}</name>`,
    first && last ? `<TimeSpan><begin>${isoUtc(first.timeMs)}</begin><end>${isoUtc(last.timeMs)}</end></TimeSpan>` : '',
    '<LineString><tessellate>1</tessellate><coordinates>',
    ...fixes.map((f) => `${coord(f.lon)},${coord(f.lat)},0`),
    '</coordinates></LineString></Placemark>',
    first ? point('Start', first) : '',
    last && last !== first ? point('End', last) : '',
    '</Document></kml>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

export const TRACK_CSV_HEADER = ['Time', 'Latitude', 'Longitude', 'Speed (km/h)', 'Heading (°)', 'Status'] as const;

/** CSV (RFC 4180, CRLF): a header, then a row per fix, its time in the fleet's zone. */
export function trackCsv(fixes: readonly TrackFix[], info: TrackInfo): string {
  const rows = fixes.map((f) => [
    formatLocalDateTime(f.timeMs, info.timeZone),
    coord(f.lat),
    coord(f.lon),
    f.speedKmh.toFixed(1),
    Math.round(f.heading),
    f.status,
  ]);
  return csvTable(TRACK_CSV_HEADER, rows);
}

/** The file of `format`. */
export function trackFile(format: TrackFileFormat, fixes: readonly TrackFix[], info: TrackInfo): string {
  if (format === 'gpx') return trackGpx(fixes, info);
  if (format === 'kml') return trackKml(fixes, info);
  return trackCsv(fixes, info);
}
