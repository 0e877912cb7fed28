/**
 * Rule evaluation (issue 12, ADR 0046): the shapes the pure evaluator works on. They mirror the
 * contract's Condition and Rule (packages/contract/src/alerts/alerts.ts) without depending on it.
 */

import type { Alarm } from '../alarms.ts';
import type { RuleType } from '../event-types.ts';

/** One condition as stored: parameter and operator of spec 2 §9, value by parameter. */
export interface RuleCondition {
  parameter: string;
  operator: string;
  value: number | string | readonly number[];
}

/** What the evaluator needs of a rule. */
export interface EvaluableRule {
  ruid: string;
  rtid: string | null;
  conditions: readonly RuleCondition[];
}

/** A rule as the pipeline evaluates it, with what its events are named and typed by. */
export interface LoadedRule extends EvaluableRule {
  ruleName: string;
  ruleType: RuleType;
  ruleCompliedName: string;
  ruleViolatedName: string;
  /** The tracker alarm of a built-in rule of DEFAULT. */
  alarm: Alarm | null;
}

/** A vehicle's rules, and the templates they come from (a template without rules included). */
export interface VehicleRules {
  rules: LoadedRule[];
  rtids: ReadonlySet<string>;
}

/** What a live fix (or a live alarm message) tells about the vehicle, when it happened. */
export interface RuleContext {
  /** Device time of the message. */
  timeMs: number;
  speedKmh: number | null;
  /** Geofences the vehicle is inside after this fix. */
  inside: Readonly<Record<string, number>>;
  transitStatus: string | null;
  /** Since when the vehicle has been in `transitStatus`. */
  transitSinceMs: number | null;
  /** Local day of week, 0 Sunday … 6 Saturday. */
  localDay: number;
  /** Local time as hhmm (0–2359). */
  localHhmm: number;
  /** The message's device message (DEVICE_MESSAGES of its alarm), or null. */
  deviceMessage: string | null;
  gpsStatus: boolean | null;
  engineStatus: boolean | null;
  cellularStatus: boolean | null;
  /** km/h gained per second since the previous accepted fix (negative when slowing), or null. */
  accelerateKmhPerS: number | null;
}

/** Hysteresis and minimum hold (config keys JEJAK_RULE_*). */
export interface RuleConfig {
  /** A speed 'more' condition releases only below value − margin; 'less' only above value + margin. */
  speedMarginKmh: number;
  /** The same for accelerate, in km/h per second. */
  accelerateMarginKmhPerS: number;
  /** A rule starts or stops holding once the new verdict has lasted this long… */
  minHoldMs: number;
  /** …or for this many consecutive fixes, whichever comes first. */
  minHoldFixes: number;
}

export const DEFAULT_RULE_CONFIG: RuleConfig = {
  speedMarginKmh: 5,
  accelerateMarginKmhPerS: 2,
  minHoldMs: 10_000,
  minHoldFixes: 3,
};

/** Where one stateful rule stands; part of the resumable pipeline state (compact keys in JSON). */
export interface RuleState {
  /** The rule holds (its violated event was raised, its complied one not yet). */
  holding: boolean;
  /** The verdict opposite to `holding` was first seen at this device time; null when none is pending. */
  pendingSinceMs: number | null;
  /** Consecutive fixes with the pending verdict. */
  pendingFixes: number;
}

/** The rule states of a device, by ruid, and the last live fix (for accelerate). */
export interface DeviceRuleState {
  rules: Record<string, RuleState>;
  /** The last live fix evaluated: rules never look at anything older. */
  last: { timeMs: number; speedKmh: number | null } | null;
}

export function emptyDeviceRuleState(): DeviceRuleState {
  return { rules: {}, last: null };
}

/** A rule changed its verdict (or a momentary rule matched): one event to store. */
export interface RuleFiring<R extends EvaluableRule = EvaluableRule> {
  rule: R;
  /** 1 violated (or momentary), 0 complied. */
  eventResult: 0 | 1;
  /** The geofence its geofence condition names, if any. */
  geoid: string | null;
}
