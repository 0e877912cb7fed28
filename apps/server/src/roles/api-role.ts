import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sharedRateLimitStore } from '../http/shared-rate-limit-store.ts';
import { LOGIN_BACKOFF_BOUNDS, type LoginBackoff } from '../services/accounts/login-backoff.ts';
import {
  createSharedGuessLimit,
  createSharedLoginBackoff,
  sharedLimitsCleanupJob,
} from '../services/accounts/shared-limits.ts';
import { createLimitCounters } from '../storage/repos/accounts/limit-counters.ts';
import { createLoginBackoffRepo } from '../storage/repos/accounts/login-backoff-repo.ts';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@jejak/contract';
import { mapSettings } from '../http/map-settings.ts';
import { buildHttpServer } from '../http/server.ts';
import { createLiveHub } from '../live/live-hub.ts';
import { createNotificationsApi } from '../notify/notifications.ts';
import { createWebhookService } from '../services/alerts/webhook-service.ts';
import { createWebhookRepo } from '../storage/repos/alerts/webhook-repo.ts';
import { answerPushes } from '../notify/push-channel.ts';
import type { Providers } from '../notify/providers/choose-providers.ts';
import { createAccountService } from '../services/accounts/account-service.ts';
import { createApiTokenService } from '../services/accounts/api-token-service.ts';
import { createAuditService } from '../services/accounts/audit-service.ts';
import { createAuthService } from '../services/accounts/auth-service.ts';
import { createDeviceService } from '../services/fleet/device-service.ts';
import { createEscalationService } from '../services/alerts/escalation-service.ts';
import { createEventService } from '../services/alerts/event-service.ts';
import { createGeocodeService } from '../services/fleet/geocode-service.ts';
import { createGeofenceService } from '../services/fleet/geofence-service.ts';
import { createMigrationService } from '../services/fleet/migration-service.ts';
import { createPackageService } from '../services/fleet/package-service.ts';
import {
  createPasswordService,
  PASSWORD_GUESS_WINDOW_MS,
  PASSWORD_GUESSES_PER_WINDOW,
} from '../services/accounts/password-service.ts';
import { createReportServices } from '../services/reports/report-services.ts';
import { createRuleService } from '../services/alerts/rule-service.ts';
import { createTrackerSetupService } from '../services/fleet/tracker-setup-service.ts';
import { createRuleCoverageService } from '../services/alerts/rule-coverage-service.ts';
import type { ScheduledJob } from '../services/scheduler.ts';
import { createTicketService } from '../services/alerts/ticket-service.ts';
import { createUserService } from '../services/accounts/user-service.ts';
import { createVehicleGroupService } from '../services/fleet/vehicle-group-service.ts';
import { createVehicleService } from '../services/fleet/vehicle-service.ts';
import { createCommandService } from '../services/fleet/command-service.ts';
import { createCommandRepo } from '../storage/repos/fleet/command-repo.ts';
import { createShareLinkService } from '../services/fleet/share-link-service.ts';
import { createShareLinkRepo } from '../storage/repos/fleet/share-link-repo.ts';
import { writeAudit } from '../storage/repos/accounts/audit-repo.ts';
import { registerBackupRoute, writeAdminFile } from '../ops/backup.ts';
import { listenHttp } from './health-server.ts';
import { APP_VERSION, createMaintenance, openMailer, type Shared } from './shared.ts';

/** Live sockets are checked against their session's end this often: access ends within a second. */
const LIVE_EXPIRY_SWEEP_MS = 1_000;

export interface ApiRole {
  http: FastifyInstance;
  /** The sign-in limits' cleanup on PostgreSQL (notifications are the scheduler's, ADR 0063). */
  jobs: ScheduledJob[];
  /** Starts answering; resolves with the address. */
  listen(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The API, the live channel and the console (DESIGN §3). It reads everything from the store:
 * the fleet the pipeline committed, and the pipeline's announcements through the bus.
 */
export async function buildApiRole(shared: Shared, providers: Providers): Promise<ApiRole> {
  const { config, data, bus, now, hasher, fleet } = shared;
  const cookie = { secure: config.JEJAK_COOKIE_SECURE, ttlMs: config.JEJAK_SESSION_TTL_HOURS * 3_600_000 };
  const backoff = {
    after: config.JEJAK_LOGIN_BACKOFF_AFTER,
    maxDelayMs: config.JEJAK_LOGIN_BACKOFF_MAX_SECONDS * 1_000,
  };
  const limits = signInLimits(shared, backoff);
  const auth = createAuthService({
    repos: data.repos,
    sessionTtlMs: cookie.ttlMs,
    bus,
    backoff,
    ...(limits.loginBackoff ? { loginBackoff: limits.loginBackoff } : {}),
    now,
    hasher,
  });
  const { onError } = shared;
  const live = createLiveHub({
    bus,
    fleet,
    session: (tokenHash) => auth.session(tokenHash),
    now,
    expirySweepMs: LIVE_EXPIRY_SWEEP_MS,
    limits: {
      maxSocketsPerSession: config.JEJAK_LIVE_MAX_SOCKETS_PER_SESSION,
      maxSocketsPerUser: config.JEJAK_LIVE_MAX_SOCKETS_PER_USER,
      maxIdsPerSubscribe: config.JEJAK_LIVE_MAX_IDS_PER_SUBSCRIBE,
      bytesPerSecond: config.JEJAK_LIVE_BYTES_PER_SECOND,
      burstBytes: config.JEJAK_LIVE_BURST_BYTES,
    },
    onError,
  });
  shared.metrics.observe({ live: () => live.stats().clients });
  const mailer = openMailer(config);
  // PUSH deliveries are sent by the scheduler: this node's consoles get them over the bus (ADR 0063).
  answerPushes(bus, live);
  const http = await buildHttpServer({
    auth,
    users: createUserService(data.repos),
    accounts: createAccountService(data, now, bus, hasher),
    passwords: createPasswordService({
      data,
      mailer,
      publicUrl: shared.publicUrl.get,
      resetTtlMs: config.JEJAK_RESET_TOKEN_TTL_MINUTES * 60_000,
      now,
      onSessionsEnded: (tokenHashes) => bus.publish('sessions.ended', { tokenHashes }),
      // In the database on both stores (ADR 0082): every API node counts one user's guesses together.
      guesses: createSharedGuessLimit(createLimitCounters(shared.db), {
        scope: 'change-password',
        maxPerWindow: PASSWORD_GUESSES_PER_WINDOW,
        windowMs: PASSWORD_GUESS_WINDOW_MS,
        now,
      }),
      hasher,
    }),
    apiTokens: createApiTokenService(data, now),
    administration: {
      migration: createMigrationService(data, now, bus),
      packages: createPackageService({ data, timeZone: config.JEJAK_TIME_ZONE, now }),
      audit: createAuditService(data.repos),
    },
    devices: createDeviceService(data, now),
    trackerSetup: createTrackerSetupService({
      config,
      publicUrl: shared.publicUrl.get,
      listening: shared.listening,
    }),
    timeZone: config.JEJAK_TIME_ZONE,
    ...createReportServices(data.repos, now, config.JEJAK_TIME_ZONE, config.JEJAK_TRIP_MIN_PARKING_MS),
    geofences: createGeofenceService({ repos: data.repos, bus, now }),
    vehicles: createVehicleService({ data, bus, now }),
    vehicleGroups: createVehicleGroupService({ data, bus, now }),
    geocoder: createGeocodeService({
      repos: data.repos,
      online: config.JEJAK_GEOCODER_URL
        ? {
            url: config.JEJAK_GEOCODER_URL,
            timeoutMs: config.JEJAK_GEOCODER_TIMEOUT_MS,
            maxPerSecond: config.JEJAK_GEOCODER_MAX_PER_SECOND,
            userAgent: `Jejak/${APP_VERSION}`,
          }
        : null,
      now,
      onFallback: (err) => http.log.warn({ err }, 'online geocoder failed; the gazetteer answered'),
    }),
    notifications: createNotificationsApi({
      data,
      bus,
      mailer,
      config,
      publicUrl: shared.publicUrl.get,
      now,
      onError,
    }),
    maintenance: createMaintenance(shared, mailer),
    commands: createCommandService({
      repo: createCommandRepo(shared.db),
      fleet: data.repos.fleet,
      sms: providers.sms,
      bus,
      audit: (actor, cmid, details, nowMs) =>
        writeAudit(shared.db, actor, { action: 'command.send', targetType: 'command', targetId: cmid, details }, nowMs),
      now,
    }),
    shareLinks: createShareLinkService({
      repo: createShareLinkRepo(shared.db),
      fleet: data.repos.fleet,
      publicUrl: shared.publicUrl.get,
      audit: (actor, action, slid, details, nowMs) =>
        writeAudit(shared.db, actor, { action, targetType: 'sharelink', targetId: slid, details }, nowMs),
      now,
    }),
    webhooks: createWebhookService({
      repo: createWebhookRepo(shared.db),
      allowPrivate: config.JEJAK_WEBHOOK_ALLOW_PRIVATE,
      now,
    }),
    alerts: {
      rules: createRuleService({ data, bus, now }),
      coverage: createRuleCoverageService({ data, bus, now }),
      events: createEventService(data.repos),
      tickets: createTicketService({ data, bus, now }),
    },
    escalations: createEscalationService({ repos: data.repos, now }),
    live,
    // The console's public address may open the live channel too (behind a proxy).
    allowedOrigins: [
      ...config.JEJAK_ALLOWED_ORIGINS,
      ...(config.JEJAK_PUBLIC_URL ? [new URL(config.JEJAK_PUBLIC_URL).origin] : []),
    ],
    cookie,
    limits: {
      loginMaxPerMinute: config.JEJAK_LOGIN_MAX_PER_MINUTE,
      apiTokenMaxPerMinute: config.JEJAK_API_TOKEN_MAX_PER_MINUTE,
      ...(limits.store ? { store: limits.store } : {}),
    },
    version: APP_VERSION,
    region: config.JEJAK_REGION,
    map: mapSettings(config),
    webDist: config.JEJAK_WEB_DIST,
    logger: shared.log,
    operations: shared.operations,
    trustedProxies: config.JEJAK_TRUSTED_PROXIES,
  });
  await http.register(
    async (api) => {
      // Twilio's webhooks need its SDK: loaded only with that provider (as chooseProviders does).
      // Their outcomes reach the process's chain driver through the provider's voice.
      if (providers.twilio) {
        const { registerProviderHookRoutes } = await import('../http/routes/alerts/provider-hook-routes.ts');
        await registerProviderHookRoutes(api, providers.twilio);
      }
    },
    { prefix: API_BASE },
  );

  // `jejak backup` of the embedded store while it runs (ADR 0084): its token, once listening.
  const { embedded } = shared.database;
  let backupToken: string | null = null;
  if (embedded) registerBackupRoute(http, { dump: () => embedded.dump(), token: () => backupToken });

  return {
    http,
    jobs: limits.jobs,
    async listen() {
      const httpUrl = await listenHttp(http, config);
      shared.publicUrl.learn(httpUrl);
      if (embedded) backupToken = writeAdminFile(embedded.dataDir, httpUrl);
      return httpUrl;
    },
    async stop() {
      live.closeAll();
      await http.close();
    },
  };
}

/**
 * Where the sign-in limits count (ADR 0057): in the database on PostgreSQL, so every API node
 * holds an address or an e-mail alike; in this process on PGlite (one process).
 */
function signInLimits(
  shared: Shared,
  backoff: { after: number; maxDelayMs: number },
): { loginBackoff?: LoginBackoff; store?: FastifyRateLimitStoreCtor; jobs: ScheduledJob[] } {
  if (shared.database.kind !== 'postgres') return { jobs: [] };
  const counters = createLimitCounters(shared.db);
  const backoffRepo = createLoginBackoffRepo(shared.db, LOGIN_BACKOFF_BOUNDS);
  return {
    loginBackoff: createSharedLoginBackoff(backoffRepo, {
      backoffAfter: backoff.after,
      maxDelayMs: backoff.maxDelayMs,
      now: shared.now,
    }),
    store: sharedRateLimitStore(counters, shared.now),
    jobs: [sharedLimitsCleanupJob({ counters, backoff: backoffRepo }, shared.now)],
  };
}
