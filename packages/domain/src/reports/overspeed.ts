import type { RuleCondition } from '../alerts/rules/types.ts';
import { haversineKm, type LatLon } from '../geo.ts';

/*
 * The OverSpeeding report (spec 3 §5): a speeding rule's violation event paired with its next
 * compliance event, matched to the vehicle's fixes between them for the top speed and the
 * distance (great circle, radius 6371 km).
 */

/** A speeding rule's limit, km/h: its speed condition 'more than'; undefined when the rule is no speeding rule. */
export function speedLimitOf(conditions: readonly RuleCondition[]): number | null | undefined {
  const speed = conditions.find((c) => c.parameter === 'speed' && c.operator === 'more');
  if (!speed) return undefined;
  return typeof speed.value === 'number' && Number.isFinite(speed.value) ? speed.value : null;
}

/** One stored event of a rule, with the rule's name and conditions. */
export interface RuleEventOfVehicle {
  vid: string;
  ruid: string;
  ruleName: string;
  conditions: readonly RuleCondition[];
  timeMs: number;
  /** 1 violated, 0 complied. */
  eventResult: 0 | 1;
  location: LatLon | null;
}

/** From a violation to its compliance; endTime null while none came. */
export interface OverspeedSpan {
  vid: string;
  ruid: string;
  ruleName: string;
  speedLimit: number | null;
  startTime: number;
  endTime: number | null;
  startLocation: LatLon | null;
  endLocation: LatLon | null;
}

/**
 * Pairs each speeding rule's violation with the next compliance of the same rule and vehicle,
 * in time order. A second violation while one is open belongs to it; a compliance with no open
 * violation (it began before the events given) is left out; other rules' events are ignored.
 */
export function pairOverspeeds(events: readonly RuleEventOfVehicle[]): OverspeedSpan[] {
  const sorted = [...events].sort((a, b) => a.timeMs - b.timeMs);
  const open = new Map<string, OverspeedSpan>();
  const spans: OverspeedSpan[] = [];
  for (const e of sorted) {
    const speedLimit = speedLimitOf(e.conditions);
    if (speedLimit === undefined) continue;
    const key = `${e.vid}\u0000${e.ruid}`;
    const current = open.get(key);
    if (e.eventResult === 1) {
      if (current) continue;
      const span: OverspeedSpan = {
        vid: e.vid,
        ruid: e.ruid,
        ruleName: e.ruleName,
        speedLimit,
        startTime: e.timeMs,
        endTime: null,
        startLocation: e.location,
        endLocation: null,
      };
      open.set(key, span);
      spans.push(span);
    } else if (current) {
      current.endTime = e.timeMs;
      current.endLocation = e.location;
      open.delete(key);
    }
  }
  return spans;
}

/** A fix of the vehicle: where, when, how fast (km/h). */
export interface SpeedFix {
  timeMs: number;
  lat: number;
  lon: number;
  speed: number;
}

export interface OverspeedMeasure {
  /** Top speed of the fixes in the span, km/h (0 without one). */
  speed: number;
  /** km along the fixes in the span. */
  distance: number;
  /** ms; up to `untilMs` while the span is open. */
  duration: number;
}

/**
 * The span measured on the vehicle's fixes (any order) from its start to its end, or to
 * `untilMs` (the window's end, or now if sooner) while it is open.
 */
export function measureOverspeed(span: OverspeedSpan, fixes: readonly SpeedFix[], untilMs: number): OverspeedMeasure {
  const end = span.endTime ?? Math.max(span.startTime, untilMs);
  const inside = fixes.filter((f) => f.timeMs >= span.startTime && f.timeMs <= end).sort((a, b) => a.timeMs - b.timeMs);
  let distance = 0;
  for (let i = 1; i < inside.length; i++) {
    const a = inside[i - 1];
    const b = inside[i];
    if (a && b) distance += haversineKm(a, b);
  }
  const speed = inside.reduce((top, f) => Math.max(top, f.speed), 0);
  return { speed, distance, duration: end - span.startTime };
}
