import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { PROTOCOLS } from '@jejak/protocols';
import { startJejak, type RunningJejak, type StartOptions } from '../src/app.ts';
import { loadConfig } from '../src/config/load.ts';
import { createScratchPostgres } from '../../../tools/scratch-postgres.ts';
import { createGeofenceTemplateRepo } from '../src/storage/repos/fleet/geofence-template-repo.ts';
import { pgliteTemplate } from './pglite-template.ts';

export type DbKind = 'pglite' | 'postgres';

/** The PostgreSQL server the tests make their scratch databases on. */
export const PG_ADMIN_URL = process.env.JEJAK_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whether the PostgreSQL tier runs: always in CI (and fails loudly there if the server is down). */
export async function postgresAvailable(): Promise<boolean> {
  if (process.env.CI) return true;
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    console.warn(`PostgreSQL not reachable at ${PG_ADMIN_URL}: skipping the PostgreSQL tier`);
    return false;
  }
}

export async function dbKinds(): Promise<DbKind[]> {
  return (await postgresAvailable()) ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestServer {
  app: RunningJejak;
  baseUrl: string;
  gt06Port: number;
  stop(): Promise<void>;
}

/** The configuration of a test server: every port chosen by the OS, quiet, quick commits. */
export function testConfig(env: Record<string, string>) {
  return loadConfig({
    JEJAK_HTTP_PORT: '0',
    // Every gateway on a port the OS picks, so test servers never collide.
    ...Object.fromEntries(PROTOCOLS.map((p) => [`JEJAK_${p.id.toUpperCase()}_PORT`, '0'])),
    JEJAK_GATEWAY_HOST: '127.0.0.1',
    JEJAK_LOG_LEVEL: 'silent',
    JEJAK_WEB_DIST: '/nonexistent',
    JEJAK_STORE_FLUSH_MS: '5',
    // Tests run offline: the street map is asked for only where a test serves one.
    JEJAK_MAP_STYLE_URL: 'offline',
    ...env,
  });
}

/** A real server on ports chosen by the OS, with the demo fleet seeded and no simulator. */
export async function startTestServer(
  kind: DbKind,
  env: Record<string, string> = {},
  now?: () => number,
  start: Pick<StartOptions, 'hasher'> = {},
): Promise<TestServer> {
  const pgDb = kind === 'postgres' ? await createScratchPostgres(PG_ADMIN_URL, 'jejak_test') : null;
  const config = testConfig({ ...(pgDb ? { DATABASE_URL: pgDb.url } : {}), ...env });
  const template = pgDb ? {} : { pgliteTemplate: await pgliteTemplate() };
  const app = await startJejak(config, { inMemoryDb: true, ...template, ...(now ? { now } : {}), ...start });
  return {
    app,
    baseUrl: app.httpUrl,
    gt06Port: app.gatewayPorts.gt06 ?? 0,
    async stop() {
      await app.stop();
      await pgDb?.drop();
    },
  };
}

export interface RestartableServer extends TestServer {
  /** Stops the server as a shutdown does and starts a new one on the same database. */
  restart(env?: Record<string, string>): Promise<void>;
}

/**
 * A test server whose database outlives it (a PGlite data directory, or a scratch PostgreSQL
 * database), so a test can restart it; `app`, `baseUrl` and `gt06Port` follow the new one.
 */
export async function startRestartableServer(
  kind: DbKind,
  env: Record<string, string> = {},
): Promise<RestartableServer> {
  const pgDb = kind === 'postgres' ? await createScratchPostgres(PG_ADMIN_URL, 'jejak_test') : null;
  const dataDir = pgDb ? null : mkdtempSync(join(tmpdir(), 'jejak-restart-'));
  const base: Record<string, string> = pgDb ? { DATABASE_URL: pgDb.url } : { JEJAK_DATA_DIR: dataDir ?? '' };
  const template = dataDir ? { pgliteTemplate: await pgliteTemplate() } : {};
  let app = await startJejak(testConfig({ ...base, ...env }), template);
  return {
    get app() {
      return app;
    },
    get baseUrl() {
      return app.httpUrl;
    },
    get gt06Port() {
      return app.gatewayPorts.gt06 ?? 0;
    },
    async restart(next: Record<string, string> = env) {
      await app.stop();
      app = await startJejak(testConfig({ ...base, ...next }), template);
    },
    async stop() {
      await app.stop();
      await pgDb?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A cookie-keeping API client, as the console uses the API. */
export function apiClient(baseUrl: string) {
  let cookie: string | null = null;
  return {
    get cookie() {
      return cookie;
    },
    async post(
      path: string,
      body: unknown = {},
    ): Promise<{ status: number; body: Record<string, unknown>; setCookie: string | null }> {
      const res = await fetch(`${baseUrl}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const setCookie = res.headers.get('set-cookie');
      if (setCookie) cookie = setCookie.split(';')[0] ?? null;
      // A file (a bulk template) is summed up by its type, so callers that walk every route can compare answers.
      const type = res.headers.get('content-type') ?? '';
      const answer = type.startsWith('application/json')
        ? ((await res.json()) as Record<string, unknown>)
        : { file: type, bytes: (await res.arrayBuffer()).byteLength > 0 };
      return { status: res.status, body: answer, setCookie };
    },
    async login(email: string, password = 'demo1234') {
      const r = await this.post('/auth/login', { email, password });
      if (r.status !== 200) throw new Error(`login ${email} failed: ${JSON.stringify(r.body)}`);
      return r.body.user as { uid: string; userRole: string; userHierarchy: string };
    },
  };
}

/** The vid of owner2's vehicle with the GT06 tracker `imei`, signing `client` in as owner2. */
export async function vidOf(client: ReturnType<typeof apiClient>, imei: string): Promise<string | undefined> {
  const me = await client.login('owner2@demo.jejak.my');
  const h = await client.post('/user/gethierarchy', { uid: me.uid });
  return (h.body.vehicles as { vid: string; dvid: string }[]).find((v) => v.dvid === `GPS100#${imei}`)?.vid;
}

export interface TestVehicle {
  model: string;
  imei: string;
  /** A demo user's e-mail: the owner of the device and the vehicle. */
  ownerEmail: string;
  plate: string;
  name: string;
}

/** Registers a tracker (`{model}#{imei}`) and the vehicle it is fitted to; returns the vid. */
export async function registerVehicle(app: RunningJejak, v: TestVehicle, nowMs = Date.now()): Promise<string> {
  const { db } = app.database;
  const owner = await db.selectFrom('users').select('uid').where('user_email', '=', v.ownerEmail).executeTakeFirst();
  if (!owner) throw new Error(`no user ${v.ownerEmail}`);
  const dvid = `${v.model}#${v.imei}`;
  const vid = randomUUID();
  await db
    .insertInto('devices')
    .values({ dvid, model: v.model, imei: v.imei, uid: owner.uid, sim_card: '', created_at: nowMs, is_alive: false })
    .execute();
  await db
    .insertInto('vehicles')
    .values({
      vid,
      dvid,
      uid: owner.uid,
      vehicle_plate: v.plate,
      vehicle_display_name: v.name,
      vehicle_type: 'Truck',
      vehicle_model: '',
      transit_status: null,
      transit_from: null,
      updated_at: null,
      stopped_since: null,
      created_at: nowMs,
    })
    .execute();
  await createGeofenceTemplateRepo(db).linkToUngroup(vid, owner.uid, nowMs);
  return vid;
}

/** Registers a device of `model` under the demo owner2 (no vehicle); returns its dvid. */
export async function registerDevice(app: RunningJejak, model: string, imei: string): Promise<string> {
  const db = app.database.db;
  const owner = await sql<{ uid: string }>`select uid from users where user_email = 'owner2@demo.jejak.my'`.execute(db);
  const dvid = `${model}#${imei}`;
  await sql`insert into devices (dvid, model, imei, uid, created_at) values (${dvid}, ${model}, ${imei}, ${owner.rows[0]?.uid ?? ''}, ${Date.now()})`.execute(
    db,
  );
  return dvid;
}

/**
 * Waits until the device's late data was recomputed: its `late_since` mark, stored with the late
 * rows, is cleared in the commit of the replayed state. Call it after the late fixes were acked.
 */
export async function recomputeSettled(app: RunningJejak, dvid: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await sql<{ late_since: number | null }>`
      select late_since from pipeline_states where dvid = ${dvid}`.execute(app.database.db);
    if ((row.rows[0]?.late_since ?? null) === null) return;
    if (Date.now() > deadline) throw new Error(`the recompute of ${dvid} did not run within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
