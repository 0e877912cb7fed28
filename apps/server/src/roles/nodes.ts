import type { Config } from '../config/schema.ts';
import type { DatabaseHandle } from '../storage/db/database.ts';
import { buildApiRole } from './api-role.ts';
import { startGatewayRole } from './gateway-role.ts';
import { createHealthServer, listenHttp } from './health-server.ts';
import { startJobs, startSchedulerRole } from './scheduler-role.ts';
import {
  createChains,
  openProviders,
  openShared,
  publicUrlOf,
  startNotifications,
  type RoleOptions,
  type Shared,
} from './shared.ts';

/** The roles that run as processes of their own, beside `start` (every role in one process). */
export const NODE_ROLES = ['gateway', 'api', 'scheduler'] as const;
export type NodeRole = (typeof NODE_ROLES)[number];

export interface RunningNode {
  role: NodeRole;
  httpUrl: string;
  gatewayPorts: Record<string, number>;
  database: DatabaseHandle;
  stop(): Promise<void>;
}

/** One role in this process (ADR 0059); the others reach it through the database and the bus. */
export async function startNode(role: NodeRole, config: Config, opts: RoleOptions = {}): Promise<RunningNode> {
  switch (role) {
    case 'gateway':
      return startGatewayNode(config, opts);
    case 'api':
      return startApiNode(config, opts);
    case 'scheduler':
      return startSchedulerNode(config, opts);
  }
}

/**
 * A node without the API: `run` starts its role on the shared storage, behind a health server
 * that answers the version call only.
 */
async function startHealthNode(
  role: NodeRole,
  config: Config,
  shared: Shared,
  run: () => Promise<{ gatewayPorts?: Record<string, number>; stop(): Promise<void> }>,
): Promise<RunningNode> {
  const health = createHealthServer(config, shared.log, shared.operations);
  const running = await run();
  return {
    role,
    httpUrl: await listenHttp(health, config),
    gatewayPorts: running.gatewayPorts ?? {},
    database: shared.database,
    async stop() {
      await running.stop();
      await health.close();
      await shared.database.close();
    },
  };
}

async function startGatewayNode(config: Config, opts: RoleOptions): Promise<RunningNode> {
  const shared = await openShared(config, opts, publicUrlOf(config));
  return startHealthNode('gateway', config, shared, () => startGatewayRole(shared));
}

async function startApiNode(config: Config, opts: RoleOptions): Promise<RunningNode> {
  const publicUrl = publicUrlOf(config);
  const providers = await openProviders(config, publicUrl);
  const shared = await openShared(config, opts, publicUrl);
  // Provider webhooks end call attempts through the chain driver (its sweep is the scheduler's).
  const chains = createChains(shared, providers);
  const api = await buildApiRole(shared, providers);
  const httpUrl = await api.listen();
  const jobs = startJobs(shared, api.jobs);
  return {
    role: 'api',
    httpUrl,
    gatewayPorts: {},
    database: shared.database,
    async stop() {
      await jobs.stop();
      providers.close();
      await chains.close();
      await api.stop();
      await shared.database.close();
    },
  };
}

async function startSchedulerNode(config: Config, opts: RoleOptions): Promise<RunningNode> {
  const publicUrl = publicUrlOf(config);
  const providers = await openProviders(config, publicUrl);
  const shared = await openShared(config, opts, publicUrl);
  return startHealthNode('scheduler', config, shared, async () => {
    const chains = createChains(shared, providers);
    const notifications = startNotifications(shared, opts.sms === undefined ? providers.sms : opts.sms);
    if (!config.JEJAK_SMTP_HOST)
      shared.log.warn({}, 'JEJAK_SMTP_HOST is not set: e-mail notifications fail as "SMTP is not configured"');
    // Not gated on leadership: deliveries are claimed under a lease and events marked once, so
    // every scheduler node sends, and sending goes on while a new leader is elected (ADR 0063).
    const delivery = startJobs(shared, notifications.jobs);
    const scheduler = startSchedulerRole(shared, chains, [], opts.runJobs);
    return {
      async stop() {
        await delivery.stop();
        await scheduler.stop();
        providers.close();
        await chains.close();
      },
    };
  });
}
