import type { Bus } from '../bus/bus.ts';
import type { Db } from '../storage/db/database.ts';
import { pendingMigrations } from '../storage/db/migrate.ts';

/** A database that has not answered by then is not ready: a load balancer's check times out soon after. */
const DATABASE_CHECK_MS = 2_000;

export interface ReadinessReport {
  ready: boolean;
  /** 'ok', or why not, per check: database, migrations, bus (NATS, when configured). */
  checks: Record<string, string>;
}

/** Resolves with `promise`'s value, or rejects once `ms` passed first. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Whether this node can serve (/readyz): the database answers, and has every migration this
 * program knows; and NATS, when configured, is connected. One query serves the first two.
 */
export function createReadiness(deps: { db: Db; bus: Bus; nats: boolean }): () => Promise<ReadinessReport> {
  return async () => {
    const checks: Record<string, string> = {};
    try {
      const pending = await within(pendingMigrations(deps.db), DATABASE_CHECK_MS);
      checks.database = 'ok';
      checks.migrations = pending.length === 0 ? 'ok' : `${pending.length} not applied (${pending[0]}…)`;
    } catch (err) {
      checks.database = err instanceof Error ? err.message : String(err);
      checks.migrations = 'unknown';
    }
    if (deps.nats) checks.bus = deps.bus.connected() ? 'ok' : 'NATS is not connected';
    return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
  };
}
