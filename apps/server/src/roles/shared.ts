import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Config } from '../config/schema.ts';
import { createInProcessBus, type Bus } from '../bus/bus.ts';
import { createChainDriver, type ChainDriver } from '../notify/escalation/chain-driver.ts';
import { startNotificationDelivery } from '../notify/notifications.ts';
import { messageGuardOf } from '../notify/message-guard.ts';
import { createMessageGuardRepo } from '../storage/repos/alerts/message-guard-repo.ts';
import { chooseProviders, type Providers } from '../notify/providers/choose-providers.ts';
import type { SmsProvider } from '../notify/providers/provider.ts';
import { createSmtpMailer, type Mailer } from '../services/accounts/mailer.ts';
import { createMaintenanceService } from '../services/fleet/maintenance-service.ts';
import { createMaintenanceRepo } from '../storage/repos/fleet/maintenance-repo.ts';
import { writeAudit } from '../storage/repos/accounts/audit-repo.ts';
import type { Scheduler } from '../services/scheduler.ts';
import { scryptHasher, type PasswordHasher } from '../services/accounts/passwords.ts';
import { openPGlite, openPostgres, type DatabaseHandle, type Db } from '../storage/db/database.ts';
import { createEscalationRepo } from '../storage/repos/alerts/escalation-repo.ts';
import { joinCluster } from '../storage/ingest/cluster-nodes.ts';
import { alignDayStatsZone } from '../storage/ingest/day-stats.ts';
import type { FleetRepo } from '../storage/repos/fleet/fleet-repo.ts';
import type { GeofenceRepo } from '../storage/repos/fleet/geofence-repo.ts';
import { migrate } from '../storage/db/migrate.ts';
import { maintainPartitions } from '../storage/db/partitions.ts';
import type { UsersRepo } from '../storage/repos/accounts/users-repo.ts';
import { unitOfWork, type UnitOfWork } from '../storage/repos/unit-of-work.ts';
import { createMetrics } from '../ops/metrics.ts';
import type { Operations } from '../ops/operations.ts';
import { createReadiness } from '../ops/readiness.ts';
import { createProcessLogger, type ProcessLogger } from './logger.ts';

export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** What the roles of one process are started with (tests and main.ts pass the adapters). */
export interface RoleOptions {
  /** PGlite in memory instead of JEJAK_DATA_DIR (tests, benchmarks). */
  inMemoryDb?: boolean;
  /** A new embedded database starts as this tarball of a data folder, not empty (tests: migrated once). */
  pgliteTemplate?: string;
  /** The clock; tests move it forward. */
  now?: () => number;
  /** Password hashing; tests wrap the real one to count its calls. */
  hasher?: PasswordHasher;
  /** The SMS provider of notifications instead of the configured one (tests). */
  sms?: SmsProvider | null;
  /** The bus between the roles; the in-process one when absent (main.ts chooses). */
  bus?: Bus;
  /**
   * Starts the timed jobs of this process; `scheduler.start()` when absent. The place to gate
   * them on leadership when several scheduler nodes run.
   */
  runJobs?: (scheduler: Scheduler) => void;
  /** This process's node (main.ts makes it before the bus, which is named after it). */
  node?: NodeIdentity;
  /** The process's log (main.ts makes it first); one at JEJAK_LOG_LEVEL when absent (tests). */
  log?: ProcessLogger;
}

/**
 * One name per process (ADR 0062), made once at start and never reused (a restart is a new
 * node): the NATS client's name, the owner of the devices it claims, its row in `cluster_nodes`.
 */
export interface NodeIdentity {
  name: string;
  role: string;
}

export function createNodeIdentity(role: string): NodeIdentity {
  return { name: `${role}/${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`, role };
}

/** Whether this process is one node of several: PostgreSQL with NATS (ADR 0061, 0062). */
export const scaledOut = (config: Config, database: DatabaseHandle): boolean =>
  database.kind === 'postgres' && Boolean(config.NATS_URL);

/** What every role of a process shares: storage, the bus, the clock and the log. */
export interface Shared {
  config: Config;
  now: () => number;
  hasher: PasswordHasher;
  database: DatabaseHandle;
  db: Db;
  /** The repositories and the transaction helper the services are handed. */
  data: UnitOfWork;
  bus: Bus;
  users: UsersRepo;
  fleet: FleetRepo;
  geofences: GeofenceRepo;
  /** Background failures, logged. */
  onError: (err: unknown, context: string) => void;
  /** The process's one log, its HTTP server's too (the API's, or a health server's). */
  log: ProcessLogger;
  publicUrl: PublicUrl;
  /** Ports this process's gateways listen on, once they do (the tracker set-up's ports). */
  listening: Record<string, number>;
  node: NodeIdentity;
  /** Whether this process is one node of several (then it is in `cluster_nodes`). */
  scaledOut: boolean;
  /** The metrics, readiness and access log of every HTTP server of the process (ADR 0084). */
  operations: Operations;
  metrics: Operations['metrics'];
}

/** The console's public address: configured, else the API's own once it listens. */
export interface PublicUrl {
  get: () => string;
  learn: (url: string) => void;
}

export function publicUrlOf(config: Config): PublicUrl {
  let url = config.JEJAK_PUBLIC_URL ?? '';
  return { get: () => url, learn: (own) => (url ||= own) };
}

/** Two nodes starting at once must not both migrate: the first holds this lock, the other waits. */
const MIGRATION_LOCK = 0x6a656a616b;

/** Opens the database (migrated, this month's partitions in place) and the bus. */
export async function openShared(config: Config, opts: RoleOptions, publicUrl: PublicUrl): Promise<Shared> {
  const now = opts.now ?? (() => Date.now());
  const log = opts.log ?? createProcessLogger(config.JEJAK_LOG_LEVEL);
  const onError = (err: unknown, context: string) => log.error({ err, context }, 'background failure');
  const database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL, config.JEJAK_DB_POOL_SIZE, (err) =>
        onError(err, 'idle database connection'),
      )
    : await openPGlite(
        opts.inMemoryDb ? null : config.JEJAK_DATA_DIR,
        { sharedBuffersMb: config.JEJAK_PGLITE_SHARED_BUFFERS_MB },
        opts.pgliteTemplate,
      );
  const { db } = database;
  await prepareSchema(database, now(), config);
  const node = opts.node ?? createNodeIdentity('start');
  const cluster = scaledOut(config, database);
  const data = unitOfWork(db);
  const bus = opts.bus ?? createInProcessBus((err) => onError(err, 'bus handler'));
  const metrics = createMetrics();
  metrics.observe({ database: () => database.pool() });
  return {
    config,
    now,
    hasher: opts.hasher ?? scryptHasher,
    database: cluster ? await asMember(database, node, config.JEJAK_NODE_DEAD_AFTER_MS, onError) : database,
    db,
    bus,
    data,
    users: data.repos.users,
    fleet: data.repos.fleet,
    geofences: data.repos.geofences,
    onError,
    log,
    publicUrl,
    listening: {},
    node,
    scaledOut: cluster,
    metrics,
    operations: {
      metrics,
      readiness: createReadiness({ db, bus, nats: Boolean(config.NATS_URL) }),
      metricsToken: config.JEJAK_METRICS_TOKEN,
    },
  };
}

/**
 * A scaled-out node is in `cluster_nodes` from its database's opening to its closing (every
 * role's stop ends there): seen every fifth of the time after which it counts as dead.
 */
async function asMember(
  database: DatabaseHandle,
  node: NodeIdentity,
  deadAfterMs: number,
  onError: (err: unknown, context: string) => void,
): Promise<DatabaseHandle> {
  const membership = await joinCluster(database.db, {
    node: node.name,
    role: node.role,
    everyMs: deadAfterMs / 5,
    onError,
  });
  return {
    ...database,
    async close() {
      await membership.leave().catch((err: unknown) => onError(err, 'leaving the cluster'));
      await database.close();
    },
  };
}

async function prepareSchema(database: DatabaseHandle, nowMs: number, config: Config): Promise<void> {
  const prepare = async (db: Db) => {
    await migrate(db);
    await maintainPartitions(db, nowMs, config.JEJAK_POSITIONS_RETENTION_MONTHS);
    // Day totals made in another zone are rebuilt in this one before anything reads them (ADR 0068).
    await alignDayStatsZone(db, config.JEJAK_TIME_ZONE);
  };
  if (database.kind !== 'postgres') return prepare(database.db);
  // A session lock, so it is held on one connection through every migration's transaction.
  await database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await prepare(conn);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}

/** The SMS and voice providers: chosen before the database opens, so a misconfigured one stops the boot. */
export function openProviders(config: Config, publicUrl: PublicUrl): Promise<Providers> {
  return chooseProviders(config, publicUrl.get);
}

/** E-mail as configured (JEJAK_SMTP_*): the API's password resets, the scheduler's notifications. */
export function openMailer(config: Config): Mailer {
  return createSmtpMailer({
    host: config.JEJAK_SMTP_HOST,
    port: config.JEJAK_SMTP_PORT,
    secure: config.JEJAK_SMTP_SECURE,
    user: config.JEJAK_SMTP_USER,
    password: config.JEJAK_SMTP_PASSWORD,
    from: config.JEJAK_MAIL_FROM,
  });
}

/**
 * Escalation call chains: the scheduler's sweep rings the due steps, the API's provider webhooks
 * end attempts; both move a chain by compare-and-set in storage, so any node may hold a driver.
 */
export function createChains(shared: Shared, providers: Providers): ChainDriver {
  const { config } = shared;
  return createChainDriver({
    repo: createEscalationRepo(shared.db),
    voice: providers.voice,
    ackKey: config.JEJAK_ESCALATION_ACK_KEY,
    ringSeconds: config.JEJAK_ESCALATION_RING_SECONDS,
    outcomeMarginSeconds: config.JEJAK_ESCALATION_OUTCOME_MARGIN_SECONDS,
    rounds: config.JEJAK_ESCALATION_ROUNDS,
    takeCall: messageGuardOf(createMessageGuardRepo(shared.db), {
      mailer: openMailer(config),
      config,
      now: shared.now,
      onError: shared.onError,
    }).takeCall,
    now: shared.now,
    onError: shared.onError,
  });
}

/**
 * Notification fan-out and delivery, the scheduler's (ADR 0063): e-mail through JEJAK_SMTP_*, SMS
 * through the configured provider (`sms` overrides it in tests), PUSH through the API nodes.
 */
export function startNotifications(shared: Shared, sms: SmsProvider | null) {
  const { db, bus, fleet, config, now, onError, metrics } = shared;
  return startNotificationDelivery({
    db,
    bus,
    fleet,
    mailer: openMailer(config),
    sms,
    config,
    now,
    onError,
    onAttempt: (channel, outcome) => metrics.notificationAttempt(channel, outcome),
  });
}

/** Maintenance reminders (ADR 0092): the API's list and "done", the scheduler's reminder mails. */
export function createMaintenance(shared: Shared, mailer: Mailer) {
  const { config, db, now, onError } = shared;
  return createMaintenanceService({
    repo: createMaintenanceRepo(db),
    fleet: shared.data.repos.fleet,
    margins: {
      km: config.JEJAK_MAINTENANCE_WARN_KM,
      hours: config.JEJAK_MAINTENANCE_WARN_HOURS,
      days: config.JEJAK_MAINTENANCE_WARN_DAYS,
    },
    timeZone: config.JEJAK_TIME_ZONE,
    mailer,
    audit: (actor, vid, details, nowMs) =>
      writeAudit(db, actor, { action: 'maintenance.done', targetType: 'vehicle', targetId: vid, details }, nowMs),
    now,
    onError,
  });
}
