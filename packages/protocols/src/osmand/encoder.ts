import type { HttpRequestInput } from '../message.ts';
import { KNOTS_TO_KMH } from './values.ts';

/** A fix as the simulator describes it. */
export interface OsmandRequestInput {
  id: string;
  timeMs: number;
  lat: number;
  lon: number;
  speedKmh: number;
  course: number;
  altitude?: number;
  /** Horizontal accuracy in metres. */
  accuracy?: number;
  /** Battery %. */
  batteryLevel?: number;
  /** Default true. */
  valid?: boolean;
  /** GET (default) puts the parameters in the URI; POST sends them as a form body, as Traccar Client does. */
  method?: 'GET' | 'POST';
}

/** Rounds away binary noise from unit conversion without losing useful precision. */
const round = (value: number, digits: number): string => String(Number(value.toFixed(digits)));

/**
 * One request in the query format (OsmAnd protocol, query parameters; see query.ts): speed in
 * knots, timestamp in Unix seconds (milliseconds when the time has a fraction of a second).
 */
export function osmandRequest(fix: OsmandRequestInput): HttpRequestInput {
  const params = new URLSearchParams({
    id: fix.id,
    timestamp: String(fix.timeMs % 1000 === 0 ? fix.timeMs / 1000 : fix.timeMs),
    lat: String(fix.lat),
    lon: String(fix.lon),
    speed: round(Math.max(0, fix.speedKmh) / KNOTS_TO_KMH, 6),
    bearing: round(((fix.course % 360) + 360) % 360, 2),
  });
  if (fix.altitude !== undefined) params.set('altitude', round(fix.altitude, 2));
  if (fix.accuracy !== undefined) params.set('accuracy', round(fix.accuracy, 2));
  if (fix.batteryLevel !== undefined) params.set('batt', round(fix.batteryLevel, 1));
  if (fix.valid !== undefined) params.set('valid', String(fix.valid));
  const query = params.toString();
  if (fix.method === 'POST') {
    return {
      method: 'POST',
      uri: '/',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: query,
    };
  }
  return { method: 'GET', uri: `/?${query}`, headers: {}, body: '' };
}
