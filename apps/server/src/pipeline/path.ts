import type { NormalizedMessage } from '@jejak/protocols';
import type { EventRow } from '../storage/ingest/rows.ts';
import type { Batch } from './commit/batch.ts';
import { batchRows } from './stages/batch-rows.ts';
import { deviceLog, lastRecord } from './stages/device-log.ts';
import { fuel } from './stages/fuel.ts';
import { geofences } from './stages/geofences.ts';
import { odometer } from './stages/odometer.ts';
import { position } from './stages/position.ts';
import { rules } from './stages/rules.ts';
import { storableMessage } from './stages/sanitize.ts';
import { segmentation } from './stages/segmentation.ts';
import { transit } from './stages/transit.ts';
import type { DeviceState, FittedState, HeldState, RuleStepOptions, Step, StepContext } from './types.ts';

/*
 * The path of a message through its device's pipeline (DESIGN §1), stage by stage, in order.
 * Each stage (stages/) moves its part of the device's state on and notes on the step what the
 * stages after it and the rows need. Messages without an accepted position, and devices fitted
 * to no vehicle, leave the path after `position`.
 *
 *   sanitize → device log → fuel → position (filters) → odometer → transit → geofences
 *     → segmentation (transit records, trips)                         [applyMessage: live and replay]
 *     → rules → rows into the batch, the device's last record         [applyLive: live only]
 */

const isFitted = (s: DeviceState): s is FittedState => s.vehicle !== null;

const NO_EVENTS: readonly EventRow[] = [];

/**
 * The stages every message passes, live or replayed by a recompute: the same functions rebuild
 * records for late data, so live and historical results never disagree. Pure apart from
 * mutating `state`, which the caller owns. Returns the step: the rows the message made.
 */
export function applyMessage(state: DeviceState, received: NormalizedMessage, ctx: StepContext): Step {
  const msg = storableMessage(received);
  const step = deviceLog(state, msg, ctx);
  fuel(state, step, ctx);
  const at = position(state, step, ctx);
  if (at === null || !isFitted(state)) return step;
  odometer(state, step, at);
  transit(state, step, at, ctx);
  geofences(state, step, at, ctx);
  segmentation(state, step, at, ctx);
  return step;
}

/**
 * A live message: the stages above, then the vehicle's rules (never for the past: a replay stops
 * before them), then its rows into the open batch `b`.
 */
export function applyLive(
  state: HeldState,
  received: NormalizedMessage,
  ctx: StepContext,
  ruleOptions: RuleStepOptions | undefined,
  b: Batch,
): Step {
  const step = applyMessage(state, received, ctx);
  const events = ruleOptions ? rules(state, received, step, ctx.receivedAtMs, ruleOptions) : NO_EVENTS;
  batchRows(b, state, step, events, ctx.receivedAtMs);
  lastRecord(state, step, ctx.receivedAtMs);
  return step;
}
