import { ALERT_PATHS, EventsResponseSchema, type EventsResponse } from '@jejak/contract';
import { apiPost } from './client.ts';

export const eventKeys = {
  all: ['events'] as const,
  window: (vid: string, startTime: number, endTime: number) => ['events', vid, startTime, endTime] as const,
};

/** POST /event/getvidtimeframe (spec 1 §7): the vehicles' events in the window, newest first. */
export function fetchEvents(vids: readonly string[], startTime: number, endTime: number): Promise<EventsResponse> {
  return apiPost(ALERT_PATHS.events, { vids, startTime, endTime }, EventsResponseSchema);
}
