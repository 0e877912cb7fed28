import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { API_BASE, ERROR_TYPES, LIVE_PATH, MESSAGES, OPERATIONS, LIVE_TOO_MANY_SOCKETS_MESSAGE } from '@jejak/contract';
import type { LiveHub } from '../live/live-hub.ts';
import { originAllowed } from '../live/live-access.ts';
import { hashToken, type AuthService, type LiveSession } from '../services/accounts/auth-service.ts';
import type { DeviceService } from '../services/fleet/device-service.ts';
import type { GeocodeService } from '../services/fleet/geocode-service.ts';
import type { GeofenceService } from '../services/fleet/geofence-service.ts';
import type { NotificationService } from '../services/alerts/notification-service.ts';
import type { RecordsService } from '../services/reports/records-service.ts';
import type { ReportKindsService } from '../services/reports/report-kinds-service.ts';
import type { ReportService } from '../services/reports/report-service.ts';
import type { FuelService } from '../services/fleet/fuel-service.ts';
import type { ReportExportService } from '../services/reports/report-export-service.ts';
import type { AccountService } from '../services/accounts/account-service.ts';
import type { ApiTokenService } from '../services/accounts/api-token-service.ts';
import type { EscalationService } from '../services/alerts/escalation-service.ts';
import type { PasswordService } from '../services/accounts/password-service.ts';
import type { UserService } from '../services/accounts/user-service.ts';
import type { VehicleGroupService } from '../services/fleet/vehicle-group-service.ts';
import type { VehicleService } from '../services/fleet/vehicle-service.ts';
import { registerOperations, type Operations } from '../ops/operations.ts';
import { registerApiDocs } from './api-docs.ts';
import { apiMiss, installErrorHandler, onClientError, onFrameworkError } from './errors.ts';
import { registerLimits, type LimitSettings } from './limits.ts';
import { registerAccountRoutes } from './routes/accounts/account-routes.ts';
import { registerApiTokenRoutes } from './routes/accounts/api-token-routes.ts';
import { registerAdministrationRoutes, type AdministrationServices } from './routes/accounts/administration-routes.ts';
import { registerAuthRoutes } from './routes/accounts/auth-routes.ts';
import { registerUserRoutes } from './routes/accounts/user-routes.ts';
import { registerAlertRoutes, type AlertServices } from './routes/alerts/alert-routes.ts';
import { registerEscalationRoutes } from './routes/alerts/escalation-routes.ts';
import { registerNotificationRoutes } from './routes/alerts/notification-routes.ts';
import { registerWebhookRoutes } from './routes/alerts/webhook-routes.ts';
import { registerCommandRoutes } from './routes/fleet/command-routes.ts';
import { registerMaintenanceRoutes } from './routes/fleet/maintenance-routes.ts';
import type { MaintenanceService } from '../services/fleet/maintenance-service.ts';
import { registerShareLinkRoutes } from './routes/fleet/share-link-routes.ts';
import type { ShareLinkService } from '../services/fleet/share-link-service.ts';
import type { CommandService } from '../services/fleet/command-service.ts';
import type { WebhookService } from '../services/alerts/webhook-service.ts';
import { registerBulkRoutes } from './routes/fleet/bulk-routes.ts';
import { registerDeviceRoutes } from './routes/fleet/device-routes.ts';
import type { TrackerSetupService } from '../services/fleet/tracker-setup-service.ts';
import { registerGeocodeRoutes } from './routes/fleet/geocode-routes.ts';
import { registerGeofenceRoutes } from './routes/fleet/geofence-routes.ts';
import { registerVehicleRoutes } from './routes/fleet/vehicle-routes.ts';
import { registerFuelRoutes } from './routes/reports/fuel-routes.ts';
import { registerRecordRoutes } from './routes/reports/record-routes.ts';
import { registerReportExportRoutes } from './routes/reports/report-export-routes.ts';
import { registerReportKindRoutes } from './routes/reports/report-kind-routes.ts';
import { registerReportRoutes } from './routes/reports/report-routes.ts';
import { routeTable, zodBodyValidator } from './route-table.ts';
import { registerMapArchive } from './map-archive.ts';
import type { MapSettings } from './map-settings.ts';
import { installSecurityHeaders, isApiUrl } from './security.ts';
import { sessionToken, type CookieSettings } from './session.ts';
import { shareInFlight } from '../lib/coalesce.ts';

export interface HttpOptions {
  auth: AuthService;
  users: UserService;
  accounts: AccountService;
  passwords: PasswordService;
  /** The caller's API tokens (ADR 0087). */
  apiTokens: ApiTokenService;
  administration: AdministrationServices;
  devices: DeviceService;
  trackerSetup: TrackerSetupService;
  records: RecordsService;
  /** The server's zone (JEJAK_TIME_ZONE): the Transit PDF's, and the exports' when a request names none. */
  timeZone: string;
  reports: ReportService;
  fuel: FuelService;
  reportExport: ReportExportService;
  reportKinds: ReportKindsService;
  geofences: GeofenceService;
  vehicles: VehicleService;
  vehicleGroups: VehicleGroupService;
  geocoder: GeocodeService;
  notifications: NotificationService;
  webhooks: WebhookService;
  commands: CommandService;
  maintenance: MaintenanceService;
  /** Public links to one vehicle's live position (ADR 0093). */
  shareLinks: ShareLinkService;
  alerts: AlertServices;
  escalations: EscalationService;
  live: LiveHub;
  /** Origins besides the server's own that may open the live channel (a proxy's public address). */
  allowedOrigins: readonly string[];
  cookie: CookieSettings;
  limits: LimitSettings;
  version: string;
  region: string;
  map: MapSettings;
  webDist: string | null;
  /** /healthz, /readyz, /metrics and the access log (ADR 0084). */
  operations: Operations;
  /** The process's one log (roles/logger.ts): Fastify writes to it, with the request id. */
  logger: FastifyBaseLogger;
  /**
   * Load balancers whose X-Forwarded-For names the client (JEJAK_TRUSTED_PROXIES, ADR 0064):
   * Fastify's `trustProxy` then sets `request.ip`; with none, it is the connection's peer.
   */
  trustedProxies: readonly string[];
}

export async function buildHttpServer(opts: HttpOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: opts.logger,
    bodyLimit: 1024 * 1024,
    // Fastify's two lines per request are replaced by the access log's one (ops/operations.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: opts.trustedProxies.length > 0 ? [...opts.trustedProxies] : false,
    frameworkErrors: onFrameworkError,
    clientErrorHandler: onClientError,
  });
  registerOperations(app, opts.operations);
  installErrorHandler(app);
  // Bodies are validated by the route table's schemas (ADR 0065); answers are not re-serialised.
  app.setValidatorCompiler(zodBodyValidator);
  await installSecurityHeaders(app, opts.cookie.secure, opts.map.origins);
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 4 * 1024 * 1024 } });
  const limits = await registerLimits(app, opts.limits);
  // Upgrades of one session at once (a flood of them) share one read of it.
  const liveSession = shareInFlight((tokenHash: string) => opts.auth.session(tokenHash).catch(() => null));
  if (opts.map.archive) registerMapArchive(app, opts.map.archive);

  await app.register(
    async (api) => {
      // One registrar for every operation: one per-token limit (ADR 0087).
      const route = routeTable(api, { auth: opts.auth, tokenLimit: limits.apiToken });
      registerAuthRoutes(route, opts.auth, opts.cookie, limits.login, opts.timeZone);
      registerUserRoutes(route, opts.users);
      registerAccountRoutes(route, opts.accounts, opts.passwords, limits.resetPassword);
      registerApiTokenRoutes(route, opts.apiTokens);
      registerAdministrationRoutes(route, opts.administration);
      registerDeviceRoutes(route, opts.devices, opts.trackerSetup);
      registerRecordRoutes(route, opts.records, opts.timeZone);
      registerReportRoutes(route, opts.reports);
      registerFuelRoutes(route, opts.fuel);
      registerReportExportRoutes(route, opts.reportExport, opts.timeZone);
      registerReportKindRoutes(route, opts.reportKinds, opts.timeZone);
      registerGeofenceRoutes(route, opts.geofences);
      registerGeocodeRoutes(route, opts.geocoder);
      registerNotificationRoutes(route, opts.notifications, opts.timeZone);
      registerWebhookRoutes(route, opts.webhooks);
      registerCommandRoutes(route, opts.commands);
      registerMaintenanceRoutes(route, opts.maintenance);
      registerShareLinkRoutes(route, opts.shareLinks, limits.shareView);
      registerBulkRoutes(route);
      registerVehicleRoutes(route, opts.vehicles, opts.vehicleGroups);
      registerAlertRoutes(route, opts.alerts, opts.timeZone);
      registerEscalationRoutes(route, opts.escalations);
      route(OPERATIONS.version, async () => ({ version: opts.version, region: opts.region }));
      route(OPERATIONS.mapConfig, async () => opts.map.config);
      // The table's own documents and the docs page, not operations of it.
      await registerApiDocs(api, opts.version);
      api.get(
        LIVE_PATH.slice(API_BASE.length),
        {
          websocket: true,
          // Before the upgrade: a page of another site must not open a socket with the user's cookie.
          preValidation: async (request, reply) => {
            if (!originAllowed(request.headers.origin, request.headers.host, opts.allowedOrigins)) {
              await reply
                .status(403)
                .send({ status: 403, errorType: ERROR_TYPES.forbidden, message: MESSAGES.forbidden });
              return;
            }
            // The session is read before the upgrade (auth.session refuses V1-only users too, on
            // connect and on every later re-read): a session or user at its socket cap is refused
            // with 429 and nothing it sends is read (ADR 0082). Without a session the socket opens
            // and is closed with the sign-in-again code, which the console acts on.
            const tokenHash = liveTokenHash(request);
            if (!tokenHash) return;
            const tooMany = () =>
              reply
                .status(429)
                .send({ status: 429, errorType: ERROR_TYPES.tooManyAttempts, message: LIVE_TOO_MANY_SOCKETS_MESSAGE });
            // A session already at its cap is refused by its count alone: a flood of upgrades
            // costs no database read.
            if (!opts.live.mayOpen(tokenHash)) {
              await tooMany();
              return;
            }
            const session = await liveSession(tokenHash);
            liveSessions.set(request, session);
            if (!opts.live.mayOpen(tokenHash, session?.user.uid)) await tooMany();
          },
        },
        (socket, request) => {
          opts.live.attach(
            socket,
            Promise.resolve(liveSessions.get(request) ?? null),
            liveTokenHash(request),
            request.raw.socket,
          );
        },
      );
    },
    { prefix: API_BASE },
  );

  registerConsole(app, opts.webDist);
  return app;
}

/** The session a live socket's upgrade read, for its socket (the same request object). */
const liveSessions = new WeakMap<object, LiveSession | null>();

/** The hash of a live upgrade's session token; '' without a (plausible) one. */
function liveTokenHash(request: Parameters<typeof sessionToken>[0]): string {
  const token = sessionToken(request);
  return token && token.length <= 200 ? hashToken(token) : '';
}

/** Vite names every file under assets/ by its content's hash: a changed file gets a new name. */
const HASHED_ASSETS = `assets${sep}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built console; unknown non-API paths get index.html so the console routes them.
 * The build wrote a .br and .gz beside each text file (ADR 0078): the smallest the browser
 * accepts is sent, with Vary: Accept-Encoding. Hashed assets may be kept for a year; index.html
 * and the rest keep the default (asked again each time), so a new build is seen at once.
 */
function registerConsole(app: FastifyInstance, webDist: string | null): void {
  const root = webDist ? resolve(webDist) : null;
  const hasConsole = root !== null && existsSync(resolve(root, 'index.html'));
  if (hasConsole) {
    void app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      setHeaders: (reply, path) => {
        if (relative(root, path).startsWith(HASHED_ASSETS)) void reply.header('cache-control', IMMUTABLE);
      },
    });
  } else app.log.warn({ webDist }, 'console build not found; serving the API only');
  app.setNotFoundHandler((request, reply) => {
    if (hasConsole && request.method === 'GET' && !isApiUrl(request.url)) {
      void reply.type('text/html').sendFile('index.html');
      return;
    }
    apiMiss(app, request, reply);
  });
}
