import type { RuleCondition, RuleConfig, RuleContext } from './types.ts';

/**
 * Whether one condition holds (spec 2 §9). Unknown inputs (no speed, no signal reported) never
 * hold. `holding`: the rule currently holds, so numeric 'more'/'less' conditions release only
 * past the margin (hysteresis, ADR 0046).
 */
export function conditionHolds(c: RuleCondition, ctx: RuleContext, holding: boolean, cfg: RuleConfig): boolean {
  switch (c.parameter) {
    case 'speed':
      return compare(c, ctx.speedKmh, holding ? cfg.speedMarginKmh : 0);
    case 'accelerate':
      return compare(c, ctx.accelerateKmhPerS, holding ? cfg.accelerateMarginKmhPerS : 0);
    case 'parkingTime':
      return ctx.transitStatus === 'PARKING' && compare(c, sinceMs(ctx), 0);
    case 'idlingTime':
      return ctx.transitStatus === 'IDLING' && compare(c, sinceMs(ctx), 0);
    case 'geofence': {
      const inside = typeof c.value === 'string' && Object.hasOwn(ctx.inside, c.value);
      return c.operator === 'inside' ? inside : c.operator === 'outside' && !inside;
    }
    case 'activeDay': {
      const days = Array.isArray(c.value) ? (c.value as readonly number[]) : [];
      const listed = days.includes(ctx.localDay);
      return c.operator === 'include' ? listed : c.operator === 'exclude' && !listed;
    }
    case 'activeTime': {
      const hhmm = Number(c.value);
      if (!Number.isFinite(hhmm)) return false;
      return c.operator === 'before' ? ctx.localHhmm < hhmm : c.operator === 'after' && ctx.localHhmm >= hhmm;
    }
    case 'deviceMessage':
      // 'isNot' holds for a fix with no device message too.
      return is(c.operator, ctx.deviceMessage !== null && ctx.deviceMessage === c.value);
    case 'cellularStatus':
      return flag(c, ctx.cellularStatus);
    case 'engineStatus':
      return flag(c, ctx.engineStatus);
    case 'gpsStatus':
      return flag(c, ctx.gpsStatus);
    default:
      return false;
  }
}

function sinceMs(ctx: RuleContext): number | null {
  return ctx.transitSinceMs === null ? null : Math.max(0, ctx.timeMs - ctx.transitSinceMs);
}

/** 'more': x > v (released below v − margin); 'less': x < v (released above v + margin). */
function compare(c: RuleCondition, x: number | null, margin: number): boolean {
  if (x === null || typeof c.value !== 'number') return false;
  if (c.operator === 'more') return x > c.value - margin;
  if (c.operator === 'less') return x < c.value + margin;
  return false;
}

function flag(c: RuleCondition, v: boolean | null): boolean {
  if (v === null) return false;
  return is(c.operator, (v ? 1 : 0) === c.value);
}

function is(operator: string, match: boolean): boolean {
  if (operator === 'is') return match;
  return operator === 'isNot' && !match;
}
