import { z } from 'zod';
import { formatLocalDateTime } from '@jejak/domain';
import { EVENT_TYPES, MAX_EVENT_SPAN_MS, OVERSPEED_EVENT_NAME, type AlertEvent } from './alerts.ts';
import { RequiredId, TimeZoneField } from '../core/fields.ts';

/*
 * Event Record's list (spec 1 §2) as its export writes it: the same names and order, so the
 * screen and the .xlsx the server builds read alike.
 */

/** The name an event item shows: OVERSPEED with a speed adds it to 2 decimals and KM/H (spec 1 §2). */
export function eventTitle(event: Pick<AlertEvent, 'eventName' | 'speed'>): string {
  if (event.eventName !== OVERSPEED_EVENT_NAME || event.speed === null || !Number.isFinite(event.speed)) {
    return event.eventName;
  }
  return `${event.eventName} ${event.speed.toFixed(2)} KM/H`;
}

/** Event Record's filter buttons (spec 1 §2): ALL, then every event type. */
export const EVENT_FILTERS = ['ALL', ...EVENT_TYPES] as const;
export type EventFilter = (typeof EVENT_FILTERS)[number];

export function filterEvents<E extends Pick<AlertEvent, 'eventType'>>(events: readonly E[], filter: EventFilter): E[] {
  return filter === 'ALL' ? [...events] : events.filter((event) => event.eventType === filter);
}

export const EVENT_COLUMNS = [
  { key: 'time', label: 'Time' },
  { key: 'vehicle', label: 'Vehicle' },
  { key: 'type', label: 'Event Type' },
  { key: 'event', label: 'Event' },
  { key: 'speed', label: 'Speed (km/h)' },
  { key: 'address', label: 'Address' },
  { key: 'lat', label: 'Latitude' },
  { key: 'lon', label: 'Longitude' },
] as const;
export type EventColumn = (typeof EVENT_COLUMNS)[number]['key'];
export type EventRow = Record<EventColumn, string | number | null>;

/** The rows of the export: times as the list shows them (YYYY/MM/DD HH:mm:ss in the zone). */
export function eventRows(events: readonly AlertEvent[], vehicle: string, timeZone: string): EventRow[] {
  return events.map((e) => ({
    time: formatLocalDateTime(e.eventCreatedAt, timeZone),
    vehicle,
    type: e.eventType,
    event: eventTitle(e),
    speed: e.speed,
    address: e.address,
    lat: e.location?.lat ?? null,
    lon: e.location?.lon ?? null,
  }));
}

/**
 * POST /event/export {vid, startTime, endTime, eventType, timeZone}: one vehicle's events in the
 * window, of one type or ALL (the list's filter), newest first, as .xlsx.
 */
export const EventExportRequestSchema = z
  .object({
    vid: RequiredId,
    startTime: z.number().int().nonnegative(),
    endTime: z.number().int().nonnegative(),
    eventType: z.enum(EVENT_FILTERS).default('ALL'),
    timeZone: TimeZoneField,
  })
  .refine((r) => r.startTime < r.endTime, { message: 'startTime must be before endTime', path: ['endTime'] })
  .refine((r) => r.endTime - r.startTime <= MAX_EVENT_SPAN_MS, {
    message: 'the window is at most 31 days',
    path: ['endTime'],
  });
export type EventExportRequest = z.input<typeof EventExportRequestSchema>;
