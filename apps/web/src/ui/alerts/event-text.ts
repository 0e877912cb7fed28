import { type AlertEvent, type EventFilter, type EventType, type SessionUser } from '@jejak/contract';

/** How many events each filter button holds. */
export function countByFilter(events: readonly Pick<AlertEvent, 'eventType'>[]): Record<EventFilter, number> {
  const counts: Record<EventFilter, number> = { ALL: events.length, INFO: 0, WARNING: 0, CRITICAL: 0, CONTROL: 0 };
  for (const event of events) counts[event.eventType] += 1;
  return counts;
}

/** The level of a real-time pop-up (spec 1 §4): WARNING warn, CRITICAL error, INFO (and CONTROL) info. */
export type PopupLevel = 'info' | 'warning' | 'error';
const POPUP_LEVELS: Readonly<Record<EventType, PopupLevel>> = {
  INFO: 'info',
  WARNING: 'warning',
  CRITICAL: 'error',
  CONTROL: 'info',
};
const LEVEL_FLAGS: Readonly<Record<PopupLevel, keyof SessionUser['preference']>> = {
  info: 'in_app_notification_info',
  warning: 'in_app_notification_warning',
  error: 'in_app_notification_critical',
};

export function popupLevel(eventType: EventType): PopupLevel {
  return POPUP_LEVELS[eventType];
}

/** A pop-up shows only while in-app notifications are on and its level's own switch is on (spec 1 §4). */
export function popupAllowed(preference: SessionUser['preference'], eventType: EventType): boolean {
  return preference.in_app_notification && preference[LEVEL_FLAGS[popupLevel(eventType)]];
}
