import { coalesceReads } from '../../lib/coalesce.ts';
import type { RuleSource } from '../ports.ts';
import type { HeldState } from '../types.ts';

const ANY: ReadonlySet<string> = new Set(['*']);

/**
 * Loads devices' rules lazily, like their geofences (ADR 0046): after a state load, and again
 * after the API changed a rule or template they use (`invalidate`). Without a source (benches,
 * tests of other stages) vehicles have no rules. Vehicles asked for together are read together.
 */
export function createRulesCache(source: RuleSource | null) {
  const read = source && coalesceReads((vids: string[]) => source.rulesByVid(vids));
  /** Grows with every invalidation: a read that started before one is not kept. */
  let epoch = 0;
  return {
    async ensure(s: HeldState): Promise<void> {
      while (s.rules.list === null) {
        if (!s.vehicle || !read) {
          s.rules.list = [];
          return;
        }
        const started = epoch;
        const loaded = await read(s.vehicle.vid);
        if (started !== epoch) continue;
        s.rules.list = loaded?.rules ?? [];
        // An owner without a DEFAULT row yet (its built-in rules have no rtid) gets one when a rule
        // is first moved there: any change reloads such a vehicle's rules.
        const noDefault = s.rules.list.some((r) => r.rtid === null);
        s.rules.rtids = noDefault ? ANY : (loaded?.rtids ?? new Set());
      }
    },

    /** Rules of these templates changed (all when `rtids` is empty): their devices reload them. */
    invalidate(states: Iterable<HeldState>, rtids: readonly string[]): void {
      epoch++;
      for (const s of states)
        if (rtids.length === 0 || s.rules.rtids === ANY || rtids.some((r) => s.rules.rtids.has(r))) s.rules.list = null;
    },
  };
}
