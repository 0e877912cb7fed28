/** Event types (spec 1 §3) and the filter buttons of Event Record, in order. */
export const EVENT_TYPES = ['INFO', 'WARNING', 'CRITICAL', 'CONTROL'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
