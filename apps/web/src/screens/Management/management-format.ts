import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { consoleTimeZone } from '../../ui/format.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const isNumber = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** A day as YYYY/MM/DD in the users' time zone (spec 2 §9); '-' when unknown. */
export function formatDay(ms: number | null | undefined, timeZone = consoleTimeZone()): string {
  return isNumber(ms) ? dayjs(ms).tz(timeZone).format('YYYY/MM/DD') : '-';
}

/** An instant as YYYY/MM/DD h:mm:ss A in the users' time zone (spec 2 §9); '-' when unknown. */
export function formatTime(ms: number | null | undefined, timeZone = consoleTimeZone()): string {
  return isNumber(ms) ? dayjs(ms).tz(timeZone).format('YYYY/MM/DD h:mm:ss A') : '-';
}

/** A number with fixed decimals (speed and fuel 2, odometer 0: spec 2 §9); '-' when unknown. */
export function formatFixed(value: number | null | undefined, decimals: number): string {
  return isNumber(value) ? value.toFixed(decimals) : '-';
}

/** Coordinates with 7 decimals (spec 2 §9), as shown and as the maps link's query. */
export function coordinatesText(location: { lat: number; lon: number }): string {
  return `${location.lat.toFixed(7)}, ${location.lon.toFixed(7)}`;
}

export function mapsLink(location: { lat: number; lon: number }): string {
  return `https://www.google.com/maps?q=${location.lat.toFixed(7)},${location.lon.toFixed(7)}`;
}
