import { randomUUID } from 'node:crypto';
import { EVENT_TYPE_OF_RULE_TYPE } from '@jejak/contract';
import {
  accelerationKmhPerS,
  addressOf,
  CLONE_EVENT,
  DEVICE_MESSAGES,
  evaluateRules,
  isAlarm,
  isLiveForRules,
  localClock,
  type LoadedRule,
  type RuleContext,
  type RuleFiring,
} from '@jejak/domain';
import type { NormalizedMessage } from '@jejak/protocols';
import type { EventRow } from '../../storage/ingest/rows.ts';
import type { HeldState, RuleStepOptions, Step } from '../types.ts';

/**
 * Cellular status: available when the message reports a GSM signal level above 0 (`gsm`, or
 * `rssi` where a protocol names it so), not available at 0; unknown when not reported.
 */
function cellularOf(msg: NormalizedMessage): boolean | null {
  const level = msg.attributes.gsm ?? msg.attributes.rssi;
  return typeof level === 'number' && Number.isFinite(level) ? level > 0 : null;
}

/**
 * Whether the message is one the rules look at (ADR 0046): a live record (never memory, never late
 * or out of order, never older than the last live fix the rules saw). Stateful rules step on
 * accepted fixes and on live records without a usable position (gpsStatus 0, last known speed);
 * an alarm in any live record is looked at by the momentary rules.
 */
function stepKind(s: HeldState, msg: NormalizedMessage, step: Step): 'fix' | 'noFix' | 'alarmOnly' | null {
  if (msg.kind === 'login' || msg.memory || step.late !== null) return null;
  if (!isLiveForRules(s.rules.state, step.log.deviceTime)) return null;
  if (step.moved) return 'fix';
  const positional = msg.kind === 'position' || msg.kind === 'alarm';
  if (positional && msg.valid !== true && !step.log.attributes?.filtered) return 'noFix';
  return isAlarm(msg.attributes.alarm) ? 'alarmOnly' : null;
}

/**
 * Evaluates the vehicle's rules on a message just applied (DESIGN §1: after geofences) and
 * returns the event rows to store with it. Pure apart from moving `s.rules.state` on. `msg` is the
 * message as the device sent it; the stages before read it sanitized (`step.msg`).
 */
export function rules(
  s: HeldState,
  msg: NormalizedMessage,
  step: Step,
  receivedAtMs: number,
  opts: RuleStepOptions,
): EventRow[] {
  const list = s.rules.list;
  if (!s.vehicle || !list || list.length === 0) return [];
  const kind = stepKind(s, msg, step);
  if (kind === null) return [];
  const timeMs = step.log.deviceTime;
  const alarm = isAlarm(msg.attributes.alarm) ? msg.attributes.alarm : null;
  const speedKmh = s.device.speed;
  const clock = localClock(timeMs, opts.timeZone);
  const ctx: RuleContext = {
    timeMs,
    speedKmh,
    inside: s.geofences.inside,
    transitStatus: s.transit?.status ?? null,
    transitSinceMs: s.transit?.transitFrom ?? null,
    localDay: clock.day,
    localHhmm: clock.hhmm,
    deviceMessage: alarm && DEVICE_MESSAGES[alarm],
    gpsStatus: kind === 'fix' ? true : msg.valid === undefined ? null : msg.valid,
    engineStatus: s.device.engineStatus,
    cellularStatus: cellularOf(msg),
    accelerateKmhPerS: kind === 'fix' ? accelerationKmhPerS(s.rules.state, timeMs, speedKmh) : null,
  };
  const result = evaluateRules(list, s.rules.state, ctx, kind !== 'alarmOnly', opts.config);
  s.rules.state = result.state;
  return result.fired.map((f) => eventRow(s, f, alarm, timeMs, receivedAtMs));
}

function eventRow(
  s: HeldState,
  f: RuleFiring<LoadedRule>,
  alarm: string | null,
  eventTime: number,
  createdAt: number,
): EventRow {
  const { rule, eventResult, geoid } = f;
  const eventType = EVENT_TYPE_OF_RULE_TYPE[rule.ruleType];
  const location = s.device.location;
  // Inside the geofence its rule names, the geofence's name stands in for the address (DESIGN §6).
  const fence = geoid !== null && Object.hasOwn(s.geofences.inside, geoid) ? fenceName(s, geoid) : null;
  return {
    evid: randomUUID(),
    vid: s.vehicle?.vid ?? '',
    dvid: s.device.dvid,
    eventName: eventResult === 1 ? rule.ruleViolatedName : rule.ruleCompliedName,
    eventType,
    lat: location?.lat ?? null,
    lon: location?.lon ?? null,
    address: fence ?? (location && addressOf(location)),
    speed: s.device.speed,
    eventResult,
    ruid: rule.ruid,
    rtid: rule.rtid,
    geoid,
    // The alarm of a momentary rule's message (a built-in rule's own alarm).
    alarm:
      rule.alarm ?? (eventResult === 1 && rule.conditions.some((c) => c.parameter === 'deviceMessage') ? alarm : null),
    eventTime,
    createdAt,
    ticketId: eventType === 'CRITICAL' && eventResult === 1 ? randomUUID() : null,
  };
}

/**
 * The CRITICAL event of a clone (ADR 0082): the device is connected from one address and a
 * second connection claims it from another. At the device's last known place, at `nowMs`. It
 * opens a ticket as every CRITICAL event does (the owner's dashboard lists it); repeats merge into
 * the vehicle's open one (ADR 0073).
 */
export function cloneEventRow(s: HeldState, nowMs: number): EventRow {
  const location = s.device.location;
  return {
    evid: randomUUID(),
    vid: s.vehicle?.vid ?? '',
    dvid: s.device.dvid,
    ...CLONE_EVENT,
    lat: location?.lat ?? null,
    lon: location?.lon ?? null,
    address: location && addressOf(location),
    speed: s.device.speed,
    eventResult: 1,
    ruid: null,
    rtid: null,
    geoid: null,
    alarm: null,
    eventTime: nowMs,
    createdAt: nowMs,
    ticketId: randomUUID(),
  };
}

function fenceName(s: HeldState, geoid: string): string | null {
  return s.geofences.fences?.find((f) => f.fence.geoid === geoid)?.fence.geofenceName ?? null;
}
