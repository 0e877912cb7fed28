/**
 * npm run bench:store — the ingest store alone (no sockets, no pipeline): batches shaped like
 * the pipeline's (one device-log and one vehicle-log row per fix, the touched devices and
 * vehicles updated) written as fast as the store takes them. Prints rows/s and the main
 * thread's busy share, so the database's cost is seen apart from the gateway's.
 * Options: --db pglite|postgres  --devices N  --batch B  --concurrent C  --seconds S
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../../apps/server/src/config/load.ts';
import { openPGlite, openPostgres, type DatabaseHandle } from '../../apps/server/src/storage/db/database.ts';
import { createIngestStore } from '../../apps/server/src/storage/ingest/ingest-store.ts';
import { type IngestBatch } from '../../apps/server/src/storage/ingest/rows.ts';
import { migrate } from '../../apps/server/src/storage/db/migrate.ts';
import { maintainPartitions } from '../../apps/server/src/storage/db/partitions.ts';
import { createScratchPostgres } from '../scratch-postgres.ts';
import { seedBenchFleet } from './bench-fleet.ts';
import { cpuMeter } from './cpu.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    devices: { type: 'string', default: '500' },
    batch: { type: 'string', default: '2000' },
    concurrent: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '10' },
  },
});
const DB = values.db === 'postgres' ? 'postgres' : 'pglite';
const DEVICES = Number(values.devices);
const BATCH = Number(values.batch);
const CONCURRENT = DB === 'postgres' ? Number(values.concurrent) : 1;
const SECONDS = Number(values.seconds);
const PG_URL = process.env.JEJAK_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function open(): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  if (DB === 'postgres') {
    const scratch = await createScratchPostgres(PG_URL, 'jejak_bench');
    const handle = await openPostgres(scratch.url, CONCURRENT + 1, () => undefined);
    return {
      handle,
      cleanup: async () => {
        await handle.close();
        await scratch.drop();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'jejak-bench-store-'));
  const handle = await openPGlite(dir, { sharedBuffersMb: loadConfig(process.env).JEJAK_PGLITE_SHARED_BUFFERS_MB });
  return {
    handle,
    cleanup: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A pipeline state of a vehicle on the move, of the size the pipeline writes (pipeline/state/resume.ts). */
function pipelineState(t0: number, n: number): string {
  const fix = { deviceTimeMs: t0 + n * 1000, lat: 3.1 + n / 1e6, lon: 101.6 };
  const point = {
    timeMs: fix.deviceTimeMs,
    lat: fix.lat,
    lon: fix.lon,
    speedKmh: 42,
    status: 'MOVING',
    mileageKm: n / 100,
  };
  const parking = {
    tripStatus: 'PARKING',
    startTime: t0,
    endTime: t0 + 600_000,
    totalDistance: 0,
    topSpeed: 0,
    totalMovingDuration: 0,
    totalIdlingDuration: 0,
  };
  return JSON.stringify({
    v: 1,
    vid: null,
    filter: { last: fix, jumps: [], moving: true, moveRun: null },
    odometer: { mileageKm: n / 100, last: fix },
    segmenter: {
      open: { status: 'MOVING', start: point, last: point, topSpeed: 80, speedSum: 4200, samples: 100, fuelUsed: 0 },
    },
    trips: { last: parking, pending: [t0 + 600_000, t0 + 900_000] },
    fuel: {},
  });
}

/** Fixes round-robin over the devices, each device's time one second on per fix. */
function batchMaker(dvids: string[], vids: string[]) {
  const t0 = Date.now() - 86_400_000;
  let n = 0;
  return (): IngestBatch => {
    const batch: Required<IngestBatch> = {
      logs: [],
      vehicleLogs: [],
      parkedLogs: [],
      devices: [],
      vehicles: [],
      transits: [],
      trips: [],
      states: [],
      geofenceRecords: [],
      geofenceProfiles: [],
      events: [],
      signals: [],
      storedEvids: new Set(),
      owners: [],
    };
    const touched = new Set<number>();
    for (let i = 0; i < BATCH; i++, n++) {
      const d = n % dvids.length;
      const time = t0 + Math.floor(n / dvids.length) * 1000;
      const lat = 3.1 + (d % 100) / 1000 + (n % 7) / 100_000;
      const lon = 101.6 + Math.floor(d / 100) / 1000;
      batch.logs.push({
        dvid: dvids[d] ?? '',
        deviceTime: time,
        package: 'gps#latest',
        packageTime: time,
        createdAt: Date.now(),
        lat,
        lon,
        speed: 42,
        altitude: null,
        heading: 90,
        fuel: null,
        gpsStatus: true,
        engineStatus: true,
        isAlive: true,
        deviceMessage: null,
        attributes: { ignition: true },
      });
      const vid = vids[d] ?? '';
      batch.vehicleLogs.push({
        vid,
        vehicleTime: time,
        createdAt: Date.now(),
        lat,
        lon,
        speed: 42,
        address: null,
        tripStatus: 'TRANSIT',
        tripFrom: t0,
        transitStatus: 'MOVING',
        transitFrom: t0,
        mileage: n / 100,
      });
      touched.add(d);
    }
    for (const d of touched) {
      batch.devices.push({
        dvid: dvids[d] ?? '',
        lat: 3.1,
        lon: 101.6,
        heading: 90,
        speed: 42,
        deviceTime: t0,
        gpsStatus: true,
        engineStatus: true,
        isAlive: true,
        lastSeenAt: Date.now(),
        noGPSAt: null,
      });
      batch.vehicles.push({
        vid: vids[d] ?? '',
        transitStatus: 'MOVING',
        transitFrom: t0,
        updatedAt: Date.now(),
        stoppedSince: null,
        mileageKm: n / 100,
      });
      batch.states.push({ dvid: dvids[d] ?? '', seq: n, state: pipelineState(t0, n), lateSince: null });
    }
    return batch;
  };
}

const { handle, cleanup } = await open();
await migrate(handle.db);
await maintainPartitions(handle.db, Date.now());
const imeis = await seedBenchFleet(handle.db, DEVICES);
const dvids = imeis.map((i) => `GPS100#${i}`);
const vehicles = await sql<{ vid: string; dvid: string }>`select vid, dvid from vehicles`.execute(handle.db);
const vidOf = new Map(vehicles.rows.map((v) => [v.dvid, v.vid]));
const next = batchMaker(
  dvids,
  dvids.map((d) => vidOf.get(d) ?? ''),
);
const store = createIngestStore(handle.db, { lockRows: DB === 'postgres' });

let rows = 0;
let busyMs = 0;
const stopAt = performance.now() + SECONDS * 1000;
const t0 = performance.now();
const elu0 = performance.eventLoopUtilization();
const cpu = await cpuMeter(handle.db, DB === 'postgres');
await Promise.all(
  Array.from({ length: CONCURRENT }, async () => {
    while (performance.now() < stopAt) {
      const b = next();
      const s = performance.now();
      await store.write(b);
      busyMs += performance.now() - s;
      rows += b.logs.length;
    }
  }),
);
const elapsed = (performance.now() - t0) / 1000;
const elu = performance.eventLoopUtilization(elu0);
const used = cpu.read();
const perFix = (cpuS: number) => Math.round((cpuS * 1e6) / Math.max(1, rows));
console.log(
  `store (${DB}, ${DEVICES} devices, batch ${BATCH}, ${CONCURRENT} concurrent): ${rows} fixes in ${elapsed.toFixed(1)} s = ` +
    `${Math.round(rows / elapsed)} fixes/s; ${(busyMs / (rows / BATCH)).toFixed(1)} ms a batch; ` +
    `main thread busy ${Math.round(elu.utilization * 100)} %; CPU per fix: main thread ${perFix(used.mainS)} µs, ` +
    `other threads ${perFix(used.ownS - used.mainS)} µs` +
    (DB === 'postgres' ? `, PostgreSQL backends ${perFix(used.postgresS)} µs` : '') +
    `; load average ${used.load1.toFixed(1)}`,
);
await cleanup();
