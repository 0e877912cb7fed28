import { ALERT_PATHS, EventsResponseSchema, type EventExportRequest, type EventsResponse } from '@jejak/contract';
import { apiPost } from '../client.ts';
import { downloadFile } from '../download.ts';

export const eventKeys = {
  all: ['events'] as const,
  window: (vid: string, startTime: number, endTime: number) => ['events', vid, startTime, endTime] as const,
};

/** POST /event/getvidtimeframe (spec 1 §7): the vehicles' events in the window, newest first. */
export function fetchEvents(vids: readonly string[], startTime: number, endTime: number): Promise<EventsResponse> {
  return apiPost(ALERT_PATHS.events, { vids, startTime, endTime }, EventsResponseSchema);
}

/** Saves Event Record's list as .xlsx, built by the server (POST /event/export). */
export function downloadEvents(query: EventExportRequest): Promise<void> {
  return downloadFile(ALERT_PATHS.eventExport, query, 'events.xlsx');
}
