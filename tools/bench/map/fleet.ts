/**
 * bench:map's server and fleet: the real server in this process (embedded PGlite, the built
 * console), one fleet owner with N vehicles and devices seeded in bulk through the storage
 * code's tables, every device placed at a last known position so the console can draw it at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { PROTOCOLS } from '@jejak/protocols';
import { createRoute } from '@jejak/simulator';
import { startJejak, type RunningJejak } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config/load.ts';
import type { Db } from '../../../apps/server/src/storage/db/database.ts';
import { seedBenchFleet } from '../bench-fleet.ts';

export const BENCH_EMAIL = 'bench-owner@bench.jejak.my';
export const BENCH_PASSWORD = 'bench-password';
const WEB_DIST = resolve(import.meta.dirname, '../../../apps/web/dist');

/**
 * A last known position for every device (a fleet that has reported before): where the
 * simulator's route of that device (seed = its index + 1, as sim.ts drives it) starts, so its
 * first live fix is no jump for the pipeline's filter to hold back.
 */
async function placeDevices(db: Db, imeis: string[]): Promise<void> {
  const now = Date.now();
  for (let i = 0; i < imeis.length; i += 1000) {
    const rows = imeis.slice(i, i + 1000).map((imei, j) => {
      const fix = createRoute({ seed: i + j + 1, startTimeMs: now, intervalMs: 10_000 }).next();
      return sql`(${imei}, ${fix.lat}::float8, ${fix.lon}::float8, ${fix.course}::float8)`;
    });
    await sql`update devices d set lat = v.lat, lon = v.lon, heading = v.course, speed = 0,
        device_time = ${now}, gps_status = true, is_alive = true
      from (values ${sql.join(rows)}) as v(imei, lat, lon, course) where d.imei = v.imei`.execute(db);
  }
}

export interface MapBenchServer {
  app: RunningJejak;
  gt06Port: number;
  imeis: string[];
  seedS: number;
  stop: () => Promise<void>;
}

/** Starts a server holding `vehicles` vehicles of one owner, each with a last position in the Klang Valley. */
export async function startMapBenchServer(vehicles: number): Promise<MapBenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'jejak-bench-map-'));
  const app = await startJejak(
    loadConfig({
      JEJAK_HTTP_PORT: '0',
      ...Object.fromEntries(PROTOCOLS.map((p) => [`JEJAK_${p.id.toUpperCase()}_PORT`, '-1'])),
      JEJAK_GT06_PORT: '0',
      JEJAK_GATEWAY_HOST: '127.0.0.1',
      JEJAK_LOG_LEVEL: 'warn',
      JEJAK_DEMO: 'false',
      JEJAK_WEB_DIST: WEB_DIST,
      JEJAK_DATA_DIR: dir,
      // Every simulated tracker connects from 127.0.0.1: the per-address limits (ADR 0034) are lifted.
      JEJAK_GATEWAY_TCP_MAX_CONNECTIONS: String(vehicles + 1000),
      JEJAK_GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: '10000000',
      JEJAK_GATEWAY_CONNECT_BURST_PER_ADDRESS: '10000000',
      JEJAK_GATEWAY_CONNECTS_PER_MINUTE_PER_ADDRESS: '100000000',
      JEJAK_GATEWAY_MESSAGE_BURST_PER_ADDRESS: '100000000',
      JEJAK_GATEWAY_MESSAGES_PER_MINUTE_PER_ADDRESS: '1000000000',
      JEJAK_LOGIN_MAX_PER_MINUTE: '1000',
      // No network here: the offline basemap at once, not after the street style's 10 s timeout.
      JEJAK_MAP_STYLE_URL: 'offline',
    }),
  );
  const t0 = performance.now();
  const imeis = await seedBenchFleet(app.database.db, vehicles);
  await placeDevices(app.database.db, imeis);
  // The console's V2 stage: without it the owner sees the V1 screen, not the map.
  await sql`insert into user_stages (uid, stage, created_at)
    select uid, 'V2', 0 from users where user_email = ${BENCH_EMAIL}`.execute(app.database.db);
  const seedS = (performance.now() - t0) / 1000;
  return {
    app,
    gt06Port: app.gatewayPorts['gt06'] ?? 0,
    imeis,
    seedS,
    stop: async () => {
      await app.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
