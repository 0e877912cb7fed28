import { displayStatus, formatDuration, formatLocalDateTime, type Vehicle } from '@jejak/domain';

/** Durations are worded in domain, so the console and the exports agree. */
export { formatDuration };

/** The user's time zone unless they set another (DESIGN §6). */
export const DEFAULT_TIME_ZONE = 'Asia/Kuala_Lumpur';

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
  return since === null ? '-' : `For ${formatDuration(nowMs - since)}`;
}

/** An instant as YYYY/MM/DD HH:mm:ss in the given time zone (spec 1 §9); '-' when unknown. */
export function formatDateTime(ms: number | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '-';
  return formatLocalDateTime(ms, timeZone);
}

/** Speed in km/h with one decimal (spec 1 §9); '-' when unknown. */
export function formatSpeedKmh(speedKmh: number | null | undefined): string {
  if (typeof speedKmh !== 'number' || !Number.isFinite(speedKmh)) return '-';
  return `${speedKmh.toFixed(1)} km/h`;
}

/** Spec 3's screens (migration, subscriptions) write instants as YYYY-MM-DD HH:mm:ss (spec 3 §9). */
export function formatAdminDateTime(ms: number | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  return formatDateTime(ms, timeZone).replaceAll('/', '-');
}
