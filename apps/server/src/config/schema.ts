import { isIP } from 'node:net';
import { z } from 'zod';
import { REPORT_TIME_ZONE } from '@jejak/domain';
import { PROTOCOLS } from '@jejak/protocols';

/**
 * Every configuration key, with its default. Keys are read from the environment
 * (see docs/config.md); a bad value stops the process at boot naming every bad key.
 */
const int = (def: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(def);
const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(def ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A comma-separated list, its items trimmed, empty ones dropped. */
const commaList = () =>
  z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    );

/** A comma-separated list of http(s) origins, kept as `scheme://host[:port]`. */
const origins = () => commaList().pipe(z.array(z.url({ protocol: /^https?$/ }).transform((u) => new URL(u).origin)));

/** An IPv4 or IPv6 address, or a CIDR of one (`10.0.0.0/8`, `fd00::/8`). */
function addressOrCidr(v: string): boolean {
  const [address = '', bits, ...rest] = v.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/** The zone's canonical IANA name when Intl knows it (`asia/kuala_lumpur` → `Asia/Kuala_Lumpur`). */
function canonicalZone(v: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: v }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * An IANA time zone, checked at boot: a misspelt one ("Asia/Kuala Lumpur") would otherwise only
 * fail at the first report or e-mail that formats a time (issue 24).
 */
const timeZone = () =>
  z
    .string()
    .trim()
    .default(REPORT_TIME_ZONE)
    .transform((v, ctx) => {
      const zone = canonicalZone(v);
      if (zone !== undefined) return zone;
      ctx.addIssue({
        code: 'custom',
        message: `unknown time zone "${v}": use an IANA name such as Asia/Kuala_Lumpur, Europe/London or UTC`,
      });
      return z.NEVER;
    });

/** A comma-separated list of addresses and CIDRs. */
const addresses = () =>
  commaList().pipe(z.array(z.string().refine(addressOrCidr, 'must be IP addresses or CIDRs, comma-separated')));

/** An http(s) tile URL template naming {z}, {x} and {y}. */
const tileTemplate = () =>
  z
    .string()
    .refine((v) => ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), 'must name {z}, {x} and {y}')
    .refine((v) => /^https?:$/.test(safeUrl(v)?.protocol ?? ''), 'must be an http(s) URL');

function safeUrl(v: string): URL | null {
  try {
    return new URL(v.replace(/\{[a-z]\}/g, '0'));
  } catch {
    return null;
  }
}

export const CONFIG_KEYS = {
  JEJAK_HTTP_HOST: z.string().min(1).default('127.0.0.1'),
  JEJAK_HTTP_PORT: int(8080, 0, 65535),
  JEJAK_PUBLIC_URL: z.url().optional(),
  /** The host name or address trackers are pointed at (the Device form's set-up panel). */
  JEJAK_PUBLIC_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, 'a host name or IPv4 address')
    .max(253)
    .optional(),
  JEJAK_ALLOWED_ORIGINS: origins(),
  /**
   * Load balancers in front (ADR 0064): the API takes the client's address from their
   * X-Forwarded-For, the gateways from the PROXY protocol header their connections must begin with.
   */
  JEJAK_TRUSTED_PROXIES: addresses(),
  JEJAK_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** The bus across nodes (DESIGN §2, ADR 0056): one server or a comma-separated cluster. */
  NATS_URL: z
    .string()
    .regex(/^(nats|tls):\/\/[^,\s]+(,\s*(nats|tls):\/\/[^,\s]+)*$/, 'must be nats:// URL(s), comma-separated')
    .optional(),
  /**
   * A scaled-out node (PostgreSQL with NATS) not seen this long is dead (ADR 0062): its devices'
   * pending recomputes and disconnect sweep go to the nodes alive. Nodes are seen every fifth of it.
   */
  JEJAK_NODE_DEAD_AFTER_MS: int(15_000, 1_000, 600_000),
  JEJAK_DB_POOL_SIZE: int(10, 1, 200),
  /** /metrics from anywhere with this as a Bearer token; without it, loopback only (ADR 0084). */
  JEJAK_METRICS_TOKEN: z.string().min(16, 'at least 16 characters').max(200).optional(),
  JEJAK_PGLITE_SHARED_BUFFERS_MB: int(8, 1, 1_024),
  /** Months of positions kept besides the current one; older month partitions are dropped. 0 keeps all. */
  JEJAK_POSITIONS_RETENTION_MONTHS: int(0, 0, 1_200),
  JEJAK_GATEWAY_HOST: z.string().min(1).default('0.0.0.0'),
  JEJAK_GATEWAY_IDLE_TIMEOUT_MS: int(600_000, 1_000, 86_400_000),
  JEJAK_GATEWAY_UDP_IDLE_TIMEOUT_MS: int(600_000, 1_000, 86_400_000),
  JEJAK_GATEWAY_UDP_MAX_REMOTES: int(10_000, 1, 10_000_000),
  JEJAK_GATEWAY_UDP_MAX_PENDING: int(5_000, 1, 1_000_000),
  JEJAK_GATEWAY_TCP_MAX_UNANSWERED: int(256, 2, 1_000_000),
  JEJAK_GATEWAY_TCP_MAX_UNANSWERED_TOTAL: int(20_000, 2, 10_000_000),
  JEJAK_GATEWAY_TCP_MAX_CONNECTIONS: int(10_000, 1, 10_000_000),
  JEJAK_GATEWAY_MAX_LOOKUPS: int(4, 1, 1_000),
  JEJAK_GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: int(1_000, 1, 10_000_000),
  JEJAK_GATEWAY_CONNECT_BURST_PER_ADDRESS: int(1_000, 1, 10_000_000),
  JEJAK_GATEWAY_CONNECTS_PER_MINUTE_PER_ADDRESS: int(1_200, 1, 100_000_000),
  JEJAK_GATEWAY_MESSAGE_BURST_PER_ADDRESS: int(2_000, 1, 100_000_000),
  JEJAK_GATEWAY_MESSAGES_PER_MINUTE_PER_ADDRESS: int(30_000, 1, 1_000_000_000),
  JEJAK_GATEWAY_UNKNOWN_PER_ADDRESS: int(20, 1, 1_000_000),
  JEJAK_GATEWAY_UNKNOWN_WINDOW_MS: int(60_000, 1_000, 86_400_000),
  JEJAK_GATEWAY_UNKNOWN_MAX_ROWS: int(10_000, 1, 10_000_000),
  JEJAK_GATEWAY_TAKEOVER_SILENCE_MS: int(120_000, 0, 86_400_000),
  /** The live channel's caps (ADR 0082): what one user's flood of sockets and subscribes can take. */
  JEJAK_LIVE_MAX_SOCKETS_PER_SESSION: int(8, 1, 10_000),
  JEJAK_LIVE_MAX_SOCKETS_PER_USER: int(32, 1, 1_000_000),
  JEJAK_LIVE_MAX_IDS_PER_SUBSCRIBE: int(50_000, 1, 50_000),
  /** Bytes a user's sockets may send a second, all together, past a burst (ADR 0082). */
  JEJAK_LIVE_BYTES_PER_SECOND: int(262_144, 1_024, 1_000_000_000),
  JEJAK_LIVE_BURST_BYTES: int(4_194_304, 65_536, 1_000_000_000),
  JEJAK_STORE_FLUSH_MS: int(20, 1, 5_000),
  JEJAK_STORE_BATCH_MAX: int(2_000, 1, 50_000),
  JEJAK_STORE_CONCURRENT_COMMITS: int(4, 1, 64),
  JEJAK_FILTER_MIN_SATELLITES: int(3, 0, 30),
  JEJAK_FILTER_MAX_JUMP_SPEED_KMH: int(250, 10, 2_000),
  JEJAK_FILTER_MAX_FUTURE_MS: int(600_000, 0, 86_400_000),
  JEJAK_FILTER_JITTER_RADIUS_M: int(30, 0, 500),
  JEJAK_FILTER_JUMP_CONFIRMATIONS: int(3, 1, 20),
  JEJAK_FILTER_MOVE_CONFIRMATIONS: int(2, 1, 10),
  JEJAK_FILTER_MOVE_CONFIRM_WINDOW_MS: int(60_000, 1_000, 3_600_000),
  JEJAK_FILTER_MOVE_CONFIRM_RADIUS_M: int(150, 1, 100_000),
  JEJAK_FILTER_MOVE_CONFIRM_MIN_DISPLACEMENT_M: int(40, 0, 100_000),
  JEJAK_FILTER_MOVE_MIN_SATELLITES: int(5, 0, 64),
  JEJAK_TRANSIT_MOVING_SPEED_KMH: z.coerce.number().min(0).max(100).default(5),
  JEJAK_TRANSIT_PARK_AFTER_MS: int(300_000, 0, 86_400_000),
  JEJAK_TRANSIT_DISCONNECT_AFTER_MS: int(600_000, 10_000, 604_800_000),
  JEJAK_TRIP_MIN_PARKING_MS: int(300_000, 0, 86_400_000),
  JEJAK_TRIP_MIN_KM: z.coerce.number().min(0).max(100).default(0.3),
  JEJAK_TRIP_MIN_MS: int(120_000, 0, 86_400_000),
  JEJAK_TRIP_MIN_DISPLACEMENT_M: int(100, 0, 100_000),
  JEJAK_RECOMPUTE_DELAY_MS: int(10_000, 0, 3_600_000),
  JEJAK_RECOMPUTE_MAX_WINDOW_MS: int(7 * 86_400_000, 3_600_000, 92 * 86_400_000),
  JEJAK_GEOFENCE_EXIT_MARGIN_M: int(15, 0, 1_000),
  // Rule evaluation (ADR 0046): hysteresis margins and the minimum hold before a rule flips.
  JEJAK_RULE_SPEED_MARGIN_KMH: z.coerce.number().min(0).max(100).default(5),
  JEJAK_RULE_ACCELERATE_MARGIN_KMH_S: z.coerce.number().min(0).max(100).default(2),
  JEJAK_RULE_MIN_HOLD_MS: int(10_000, 0, 3_600_000),
  JEJAK_RULE_MIN_HOLD_FIXES: int(3, 1, 100),
  JEJAK_SESSION_TTL_HOURS: int(12, 1, 24 * 90),
  JEJAK_COOKIE_SECURE: bool(false),
  JEJAK_LOGIN_MAX_PER_MINUTE: int(10, 1, 10_000),
  /** Calls one API token may make a minute (ADR 0087). */
  JEJAK_API_TOKEN_MAX_PER_MINUTE: int(600, 1, 1_000_000),
  JEJAK_LOGIN_BACKOFF_AFTER: int(20, 1, 10_000),
  JEJAK_LOGIN_BACKOFF_MAX_SECONDS: int(60, 1, 3_600),
  JEJAK_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JEJAK_REGION: z.string().min(1).default('MY'),
  JEJAK_TIME_ZONE: timeZone(),
  JEJAK_GEOCODER_URL: z.url({ protocol: /^https?$/ }).optional(),
  JEJAK_GEOCODER_TIMEOUT_MS: int(1_500, 100, 30_000),
  JEJAK_GEOCODER_MAX_PER_SECOND: int(1, 1, 1_000),
  JEJAK_WEB_DIST: z.string().min(1).default('apps/web/dist'),
  JEJAK_SMTP_HOST: z.string().min(1).optional(),
  JEJAK_SMTP_PORT: int(587, 1, 65535),
  JEJAK_SMTP_SECURE: bool(false),
  JEJAK_SMTP_USER: z.string().min(1).optional(),
  JEJAK_SMTP_PASSWORD: z.string().min(1).optional(),
  JEJAK_MAIL_FROM: z.string().min(3).default('Jejak <no-reply@jejak.local>'),
  JEJAK_RESET_TOKEN_TTL_MINUTES: int(60, 5, 7 * 24 * 60),
  // Notification deliveries (ADR 0047): attempts, backoff base, claim lease, how often the
  // queue is looked at, and after how long an event without fan-out is recovered.
  JEJAK_NOTIFY_MAX_ATTEMPTS: int(5, 1, 20),
  JEJAK_NOTIFY_RETRY_BASE_MS: int(30_000, 100, 3_600_000),
  JEJAK_NOTIFY_LEASE_MS: int(120_000, 1_000, 3_600_000),
  JEJAK_NOTIFY_POLL_MS: int(1_000, 100, 60_000),
  JEJAK_NOTIFY_RECOVER_AFTER_MS: int(5_000, 1_000, 600_000),
  // Abuse limits of outgoing messages (issue 27 item 2, ADR 0083): a per-account daily quota for each
  // paid channel, counted in the database, and how long an outside recipient's confirmation link
  // works and how soon it may be sent again.
  JEJAK_NOTIFY_DAILY_EMAILS: int(500, 0, 1_000_000),
  JEJAK_NOTIFY_DAILY_SMS: int(200, 0, 1_000_000),
  JEJAK_NOTIFY_DAILY_CALLS: int(100, 0, 1_000_000),
  JEJAK_RECIPIENT_CONFIRM_TTL_HOURS: int(72, 1, 30 * 24),
  JEJAK_RECIPIENT_CONFIRM_RESEND_MINUTES: int(10, 1, 24 * 60),
  JEJAK_PACKAGE_SWEEP_MS: int(60_000, 1_000, 86_400_000),
  // Webhooks (issue 28 item 2, ADR 0089): attempts and backoff of one delivery, failures in a row
  // that pause an endpoint, answer timeout, private addresses and http:// allowed (tests, closed
  // networks), and an extra CA (PEM file) trusted beside the system's.
  JEJAK_WEBHOOK_MAX_ATTEMPTS: int(8, 1, 30),
  JEJAK_WEBHOOK_RETRY_BASE_MS: int(30_000, 10, 3_600_000),
  JEJAK_WEBHOOK_PAUSE_AFTER: int(20, 1, 10_000),
  // Maintenance reminders (issue 28 item 8, ADR 0092): how far ahead a service counts as due soon.
  JEJAK_MAINTENANCE_WARN_KM: int(500, 0, 100_000),
  JEJAK_MAINTENANCE_WARN_HOURS: int(25, 0, 10_000),
  JEJAK_MAINTENANCE_WARN_DAYS: int(14, 0, 365),
  JEJAK_MAINTENANCE_SWEEP_MS: int(3_600_000, 1_000, 86_400_000),
  JEJAK_WEBHOOK_TIMEOUT_MS: int(10_000, 100, 60_000),
  JEJAK_WEBHOOK_ALLOW_PRIVATE: bool(false),
  JEJAK_WEBHOOK_CA_FILE: z.string().min(1).optional(),
  // SMS and voice calls (issue 12, ADR 0048): the local provider (no network; scripted answers)
  // or Twilio through its SDK. JEJAK_TWILIO_BASE_URL points the SDK at another host (a stand-in).
  JEJAK_NOTIFY_PROVIDER: z.enum(['local', 'twilio']).default('local'),
  JEJAK_TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  JEJAK_TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  JEJAK_TWILIO_FROM: z.string().min(1).optional(),
  JEJAK_TWILIO_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The address Twilio reaches our webhooks at (default JEJAK_PUBLIC_URL); signatures cover it. */
  JEJAK_TWILIO_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The local provider's script: `number=no-answer|hangup|press:{digit}`, comma-separated. */
  JEJAK_NOTIFY_LOCAL_ANSWERS: z.string().default(''),
  /** How long the local provider's calls take to end. */
  JEJAK_NOTIFY_LOCAL_DELAY_MS: int(1_500, 0, 600_000),
  JEJAK_ESCALATION_ACK_KEY: z
    .string()
    .regex(/^[0-9*#]$/, 'must be one keypad key')
    .default('1'),
  JEJAK_ESCALATION_RING_SECONDS: int(30, 1, 600),
  /** Extra wait past the ring time for an outcome before a call counts as unanswered. */
  JEJAK_ESCALATION_OUTCOME_MARGIN_SECONDS: int(60, 1, 3_600),
  /** Rounds through the recipients before a chain fails. */
  JEJAK_ESCALATION_ROUNDS: int(1, 1, 10),
  JEJAK_ESCALATION_SWEEP_MS: int(2_000, 100, 600_000),
  // The console's basemap (issue 14, docs/config.md): a MapLibre style URL ('offline' for the
  // bundled map only), or raster tiles that take its place; live-traffic tiles add the toggle.
  JEJAK_MAP_STYLE_URL: z
    .union([z.literal('offline'), z.url({ protocol: /^https?$/ })])
    .default('https://tiles.openfreemap.org/styles/liberty'),
  /** The street style of the console's dark scheme; 'offline' keeps the offline map in dark. */
  JEJAK_MAP_DARK_STYLE_URL: z
    .union([z.literal('offline'), z.url({ protocol: /^https?$/ })])
    .default('https://tiles.openfreemap.org/styles/dark'),
  JEJAK_MAP_RASTER_TILES: tileTemplate().optional(),
  JEJAK_MAP_RASTER_ATTRIBUTION: z.string().max(500).default('© OpenStreetMap contributors'),
  JEJAK_MAP_TRAFFIC_TILES: tileTemplate().optional(),
  JEJAK_MAP_TRAFFIC_ATTRIBUTION: z.string().max(500).default(''),
  /**
   * A PMTiles archive of the Protomaps basemap (docs/offline-map.md): the street map the server
   * serves itself, in place of the style or raster tiles, so no map request leaves the site.
   */
  JEJAK_MAP_PMTILES: z.string().min(1).optional(),
  /** Hosts a configured style loads from besides its own (its tiles, glyphs or sprites elsewhere). */
  JEJAK_MAP_ORIGINS: origins(),
  JEJAK_DEMO: bool(true),
  JEJAK_DEMO_PASSWORD: z.string().min(8).max(200).default('demo1234'),
  JEJAK_DEMO_INTERVAL_MS: int(5_000, 100, 600_000),
} as const;

/** `JEJAK_<PROTOCOL>_PORT` for every protocol of the registry; -1 turns its listener off. */
export function protocolPortKey(protocolId: string): string {
  return `JEJAK_${protocolId.toUpperCase()}_PORT`;
}

const PROTOCOL_PORT_KEYS = Object.fromEntries(
  PROTOCOLS.map((p) => [protocolPortKey(p.id), int(p.defaultPort, -1, 65535)]),
) as Record<string, ReturnType<typeof int>>;

export const ConfigSchema = z.object({ ...CONFIG_KEYS, ...PROTOCOL_PORT_KEYS });
export type Config = z.infer<z.ZodObject<typeof CONFIG_KEYS>> & Partial<Record<`JEJAK_${string}_PORT`, number>>;
