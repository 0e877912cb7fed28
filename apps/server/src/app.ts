import type { FastifyInstance } from 'fastify';
import type { Config } from './config/schema.ts';
import type { Bus } from './bus/bus.ts';
import { seedDemoFleet } from './demo/seed.ts';
import type { GatewayCounters } from './gateway/counters.ts';
import type { ChainDriver } from './notify/escalation/chain-driver.ts';
import type { Providers } from './notify/providers/choose-providers.ts';
import type { Pipeline } from './pipeline/pipeline.ts';
import type { Scheduler } from './services/scheduler.ts';
import type { DatabaseHandle } from './storage/db/database.ts';
import { buildApiRole } from './roles/api-role.ts';
import type { ProcessLogger } from './roles/logger.ts';
import { startGatewayRole } from './roles/gateway-role.ts';
import { startSchedulerRole } from './roles/scheduler-role.ts';
import {
  createChains,
  openProviders,
  openShared,
  publicUrlOf,
  startNotifications,
  type RoleOptions,
} from './roles/shared.ts';

export { APP_VERSION } from './roles/shared.ts';
export type StartOptions = RoleOptions;

export interface RunningJejak {
  config: Config;
  httpUrl: string;
  http: FastifyInstance;
  /**
   * The process's one log: the gateway, the pipeline and background failures write to it, and
   * Fastify's `http.log` is a child of it.
   */
  log: ProcessLogger;
  gatewayPorts: Record<string, number>;
  database: DatabaseHandle;
  pipeline: Pipeline;
  bus: Bus;
  counters: GatewayCounters;
  /** Timed jobs (package expiry); tests run them with `runDue` after moving the clock. */
  scheduler: Scheduler;
  /** True when this start seeded the demo fleet. */
  seeded: boolean;
  /** The SMS and voice provider (the local one exposes what it sent and rang). */
  providers: Providers;
  /** Escalation call chains; the scheduler sweeps them. */
  chains: ChainDriver;
  stop(): Promise<void>;
}

/**
 * `jejak start`: every role in one process (DESIGN §2, ADR 0059) — storage and bus, the API and
 * live channel, the gateways and pipeline, the scheduler with notifications (ADR 0063).
 */
export async function startJejak(config: Config, opts: StartOptions = {}): Promise<RunningJejak> {
  const publicUrl = publicUrlOf(config);
  const providers = await openProviders(config, publicUrl);
  const shared = await openShared(config, opts, publicUrl);
  const { database, db, now } = shared;
  const seeded = config.JEJAK_DEMO
    ? await seedDemoFleet(db, shared.users, config.JEJAK_DEMO_PASSWORD, now(), config.JEJAK_TIME_ZONE)
    : false;
  const chains = createChains(shared, providers);
  const api = await buildApiRole(shared, providers);
  const notifications = startNotifications(shared, opts.sms === undefined ? providers.sms : opts.sms);
  const gateway = await startGatewayRole(shared);
  const httpUrl = await api.listen();
  const jobs = startSchedulerRole(shared, chains, [...notifications.jobs, ...api.jobs], opts.runJobs);

  return {
    config,
    httpUrl,
    http: api.http,
    log: shared.log,
    gatewayPorts: gateway.gatewayPorts,
    database,
    pipeline: gateway.pipeline,
    bus: shared.bus,
    counters: gateway.counters,
    scheduler: jobs.scheduler,
    seeded,
    providers,
    chains,
    async stop() {
      await jobs.stop();
      providers.close();
      await chains.close();
      await gateway.stop();
      await api.stop();
      await database.close();
    },
  };
}
