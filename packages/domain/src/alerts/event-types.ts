/** Event types (spec 1 §3) and the filter buttons of Event Record, in order. */
export const EVENT_TYPES = ['INFO', 'WARNING', 'CRITICAL', 'CONTROL'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Rule types (spec 2 §9: "default is 'info'"); each gives its events' type. In the domain so a
 * rule as the pipeline evaluates it (LoadedRule) can name it.
 */
export const RULE_TYPES = ['info', 'warning', 'critical', 'control'] as const;
export type RuleType = (typeof RULE_TYPES)[number];

/**
 * The event a tracker's clone raises (ADR 0082): a second connection identified as a device that
 * is connected from another address. CRITICAL, for the device's vehicle.
 */
export const CLONE_EVENT = { eventName: 'possible cloned tracker: two addresses', eventType: 'CRITICAL' } as const;
