import {
  displayStatus,
  formatDuration as specDuration,
  formatLocalDateTime,
  NEAR_PLACE_PREFIX,
  type Vehicle,
} from '@jejak/domain';
import type { Strings } from '../i18n/en.ts';
import { currentLocale } from '../i18n/language.ts';

const MALAY_UNITS: Readonly<Record<string, string>> = { days: 'hari', hrs: 'jam', mins: 'min', secs: 'saat' };

/**
 * A duration as spec 1 §9 words it (domain's formatDuration, which the exports share), in the
 * console's language: '2 hrs 5 mins' reads '2 jam 5 min' in Malay.
 */
export function formatDuration(ms: number | null | undefined): string {
  return localizeDurationText(specDuration(ms));
}

/** A duration already worded as spec 1 §9 words it ('3 mins 0 secs', a report cell), in the console's language. */
export function localizeDurationText(text: string): string {
  if (currentLocale() !== 'ms') return text;
  return text === 'N/A' ? 'T/A' : text.replace(/\b(days|hrs|mins|secs)\b/g, (unit) => MALAY_UNITS[unit] ?? unit);
}

/** The console's zone until the server says its own (DESIGN §6: Kuala Lumpur for the first market). */
const FALLBACK_TIME_ZONE = 'Asia/Kuala_Lumpur';
let timeZone = FALLBACK_TIME_ZONE;

/**
 * The zone the console shows times and local days in: the server's JEJAK_TIME_ZONE, which the
 * session answer carries (issue 24 item 7), so the console's days are the reports' days.
 */
export function consoleTimeZone(): string {
  return timeZone;
}

/** Takes the server's zone; a name this browser does not know leaves the zone as it was. */
export function setConsoleTimeZone(zone: string): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    timeZone = zone;
  } catch {
    // An unknown zone: keep showing times in the one we have rather than failing every screen.
  }
}

/**
 * An address in the console's language: the offline gazetteer's "near Klang, Selangor" reads
 * "berhampiran Klang, Selangor" in Malay; place names and a geocoder's own words stay as given.
 */
export function localizeAddress(address: string): string {
  return currentLocale() === 'ms' && address.startsWith(NEAR_PLACE_PREFIX)
    ? `berhampiran ${address.slice(NEAR_PLACE_PREFIX.length)}`
    : address;
}

/** When the vehicle's current status began: transitFrom, or updatedAt when DISCONNECTED (spec 1 §4). */
export function statusSince(vehicle: Pick<Vehicle, 'transitStatus' | 'transitFrom' | 'updatedAt'>): number | null {
  return displayStatus(vehicle.transitStatus) === 'DISCONNECTED' ? vehicle.updatedAt : vehicle.transitFrom;
}

/** 'For ' plus the time spent in the current status, or '-' when its start is unknown. */
export function statusDurationText(
  vehicle: Pick<Vehicle, 'transitStatus' | 'transitFrom' | 'updatedAt'>,
  nowMs: number,
): string {
  const since = statusSince(vehicle);
  if (since === null) return '-';
  return `${currentLocale() === 'ms' ? 'Selama' : 'For'} ${formatDuration(nowMs - since)}`;
}

/** An instant as YYYY/MM/DD HH:mm:ss in the given time zone (spec 1 §9); '-' when unknown. */
export function formatDateTime(ms: number | null | undefined, timeZone: string = consoleTimeZone()): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '-';
  return formatLocalDateTime(ms, timeZone);
}

/** Speed in km/h with one decimal (spec 1 §9); '-' when unknown. */
export function formatSpeedKmh(speedKmh: number | null | undefined): string {
  if (typeof speedKmh !== 'number' || !Number.isFinite(speedKmh)) return '-';
  return `${speedKmh.toFixed(1)} ${currentLocale() === 'ms' ? 'km/j' : 'km/h'}`;
}

/** Spec 3's screens (migration, subscriptions) write instants as YYYY-MM-DD HH:mm:ss (spec 3 §9). */
export function formatAdminDateTime(ms: number | null | undefined, timeZone: string = consoleTimeZone()): string {
  return formatDateTime(ms, timeZone).replaceAll('/', '-');
}

/** A coordinate pair as the console shows it: 6 decimals (about 0.1 m), latitude first; '-' when unknown. */
export function formatCoordinates(at: { lat: number; lon: number } | null | undefined): string {
  if (!at || !Number.isFinite(at.lat) || !Number.isFinite(at.lon)) return '-';
  return `${at.lat.toFixed(6)}, ${at.lon.toFixed(6)}`;
}

/** One coordinate (a report's Latitude or Longitude cell) to 6 decimals. */
export function formatCoordinate(degrees: number): string {
  return degrees.toFixed(6);
}

/** Hours (a chart's axis, decimal) as h:mm: 1.5 → '1:30'; negative as '-h:mm'. */
export function formatHoursMinutes(hours: number): string {
  if (!Number.isFinite(hours)) return '-';
  const minutes = Math.round(Math.abs(hours) * 60);
  const text = `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
  return hours < 0 && minutes > 0 ? `-${text}` : text;
}

/** A device log's data package in words ('gps#latest' reads 'Position'); an unknown one as it came. */
export function packageText(codes: Strings['codes'], devicePackage: string | null | undefined): string {
  if (!devicePackage) return '-';
  return codes.packages[devicePackage] ?? devicePackage;
}

/**
 * A data package in words with its code after it, 'Position (gps#latest)': where the code is
 * what the user filters and exports by (spec 3 Device Inspector). An unknown one as it came.
 */
export function packageWithCode(codes: Strings['codes'], devicePackage: string | null | undefined): string {
  if (!devicePackage) return '-';
  const words = codes.packages[devicePackage];
  return words ? `${words} (${devicePackage})` : devicePackage;
}

/** A fuel tank by its profile key ('fuel' is port 0, 'fuel2' port 2) in words; another key as it came. */
export function tankText(codes: Strings['codes'], key: string): string {
  const port = /^fuel(\d*)$/.exec(key);
  return port ? codes.tank(Number(port[1] || 0)) : key;
}
