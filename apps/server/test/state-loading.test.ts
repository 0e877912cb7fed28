import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_FIX_FILTER,
  DEFAULT_SEGMENTER,
  DEFAULT_GEOFENCE_CONFIG,
  readStoredProfile,
  DEFAULT_TRANSIT_CONFIG,
  destinationPoint,
  type GeoPoint,
} from '@jejak/domain';
import type { NormalizedMessage } from '@jejak/protocols';
import { createInProcessBus, type Bus } from '../src/bus/bus.ts';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { demoDvid } from '../src/demo/seed.ts';
import { createPipeline } from '../src/pipeline/pipeline.ts';
import { loadStates, type StateSources } from '../src/pipeline/state/state-loader.ts';
import type { Db } from '../src/storage/db/database.ts';
import { createFleetRepo, type FleetRepo } from '../src/storage/repos/fleet/fleet-repo.ts';
import { createIngestStore } from '../src/storage/ingest/ingest-store.ts';
import { toDevice, toVehicle } from '../src/storage/repos/mappers.ts';
import { toTransitValue, toTripValue } from '../src/storage/ingest/record-mappers.ts';
import { createGeofenceRepo } from '../src/storage/repos/fleet/geofence-repo.ts';
import { createRecomputeStore } from '../src/storage/ingest/recompute-store.ts';
import { dbKinds, registerDevice, startTestServer, type TestServer } from './harness.ts';

const MIN = 60_000;

/** Enough of a stored pipeline state (pipeline/state/resume.ts) to find its pending transit records. */
interface StoredTrips {
  trips: { pending: number[] };
}
const KLANG: GeoPoint = { lat: 3.0449, lon: 101.4456 };

/** A parking, a drive, an idle and a parking again, one fix a minute (as in restart.test.ts). */
function drive(t0: number): NormalizedMessage[] {
  const msgs: NormalizedMessage[] = [];
  let at = KLANG;
  const add = (speedKmh: number, acc: boolean, km = 0) => {
    at = destinationPoint(at, 90, km);
    msgs.push({
      kind: 'position',
      deviceTimeMs: t0 + (msgs.length + 1) * MIN,
      valid: true,
      latitude: at.lat,
      longitude: at.lon,
      speedKmh,
      satellites: 9,
      attributes: { ignition: acc, adc1: 5 - msgs.length / 20 },
    });
  };
  for (let m = 1; m <= 6; m++) add(0, false);
  for (const speed of [20, 40, 55, 70, 62, 58, 45, 50, 52, 38]) add(speed, true, speed / 60);
  for (let m = 0; m < 3; m++) add(0, true);
  for (let m = 0; m < 10; m++) add(0, false);
  add(20, true, 0.05);
  add(45, true, 0.75);
  return msgs;
}

/** Counts the calls of each function of `target`. */
function counted<T extends object>(target: T, calls: Map<string, number>): T {
  return new Proxy(target, {
    get(t, key, receiver) {
      const value: unknown = Reflect.get(t, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        calls.set(String(key), (calls.get(String(key)) ?? 0) + 1);
        return (value as (...a: unknown[]) => unknown).apply(t, args);
      };
    },
  });
}

/** The store and fleet reads of a state load, counting their calls and the queries they run. */
function countingSources(db: Db) {
  const calls = new Map<string, number>();
  let queries = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      queries++;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  const countingDb = db.withPlugin(plugin);
  return {
    calls,
    queries: () => queries,
    store: counted(createIngestStore(countingDb), calls),
    fleet: counted(createFleetRepo(countingDb), calls),
  };
}

/**
 * The reads as they were made before they were batched, one device or vehicle per query: what
 * the batched reads must give.
 */
function oneByOne(db: Db): StateSources {
  const each = async <T>(keys: Iterable<string>, read: (key: string) => Promise<T | undefined>) => {
    const found = new Map<string, T>();
    for (const key of keys) {
      const value = await read(key);
      if (value !== undefined) found.set(key, value);
    }
    return found;
  };
  return {
    fleet: {
      devicesByDvid: (dvids) =>
        each(dvids, async (dvid) => {
          const row = await db.selectFrom('devices').selectAll().where('dvid', '=', dvid).executeTakeFirst();
          return row && { device: toDevice(row), lastSeenAtMs: row.last_seen_at };
        }),
      vehiclesByDvid: (dvids) =>
        each(dvids, async (dvid) => {
          const row = await db.selectFrom('vehicles').selectAll().where('dvid', '=', dvid).executeTakeFirst();
          return (
            row && {
              ...toVehicle(row),
              stoppedSince: row.stopped_since,
              geofenceState: readStoredProfile(row.geofence_profile),
            }
          );
        }),
    },
    store: {
      pipelineStates: (dvids) =>
        each(dvids, async (dvid) => {
          const row = await db
            .selectFrom('pipeline_states')
            .select(['seq', 'state', 'late_since'])
            .where('dvid', '=', dvid)
            .executeTakeFirst();
          const lateSince = row?.late_since == null ? null : Number(row.late_since);
          return row && { seq: Number(row.seq), state: row.state, lateSince };
        }),
      transitRecordsAt: (startTimes) =>
        each(startTimes.keys(), async (vid) => {
          const rows = await db
            .selectFrom('transit_records')
            .selectAll()
            .where('vid', '=', vid)
            .where('start_time', 'in', [...(startTimes.get(vid) ?? [])])
            .orderBy('start_time')
            .execute();
          return rows.length > 0 ? rows.flatMap(toTransitValue) : undefined;
        }),
      tripTrackers: (vids) =>
        each(vids, async (vid) => {
          const last = await db
            .selectFrom('trip_records')
            .selectAll()
            .where('vid', '=', vid)
            .where('trip_status', '=', 'PARKING')
            .orderBy('start_time', 'desc')
            .limit(1)
            .executeTakeFirst();
          const records = await db
            .selectFrom('transit_records')
            .selectAll()
            .where('vid', '=', vid)
            .where('start_time', '>=', last?.start_time ?? 0)
            .orderBy('start_time')
            .limit(10_000)
            .execute();
          return { pending: records.flatMap(toTransitValue), last: last ? toTripValue(last) : null };
        }),
    },
  };
}

describe.each(await dbKinds())('loading device states on %s', (kind) => {
  let server: TestServer;
  let db: Db;
  const dvidOf = demoDvid;
  /** Demo devices 0–11 stopped at different points of the drive; 12–13 never sent anything. */
  const sent = Array.from({ length: 12 }, (_, i) => dvidOf(i));
  const silent = [dvidOf(12), dvidOf(13)];
  const unregistered = 'GPS100#000000000000001';
  let withoutVehicle = '';
  let rewritten: string | undefined;
  let all: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, { JEJAK_RECOMPUTE_DELAY_MS: '3600000' });
    db = server.app.database.db;
    withoutVehicle = await registerDevice(server.app, 'GPS100', '359710049999991');
    const t0 = Math.floor((Date.now() - 3 * 3_600_000) / MIN) * MIN;
    const pipeline = server.app.pipeline;
    await Promise.all(
      [...sent, withoutVehicle].map(async (dvid, i) => {
        // Each its own times, and stopped at its own point of the drive.
        const msgs = drive(t0 - i * 7 * MIN);
        for (const m of msgs.slice(0, 4 + ((i * 3) % msgs.length))) await pipeline.submit(dvid, m);
      }),
    );
    // Late data waiting for its recompute: the state carries the mark.
    const late = { ...drive(t0)[0], deviceTimeMs: t0 - 30_000, memory: true } as NormalizedMessage;
    await pipeline.submit(sent[1] ?? '', late);
    await pipeline.drain();
    // Another vehicle's mileage than the stored state's: the state is stale and not used.
    await sql`update vehicles set mileage_km = mileage_km + 5 where dvid = ${sent[10] ?? ''}`.execute(db);
    // A pending transit record rewritten since the state was stored: the state is stale too.
    const stored = await createIngestStore(db).pipelineStates(sent);
    rewritten = sent.find(
      (dvid, i) =>
        i > 1 && i < 10 && (JSON.parse(stored.get(dvid)?.state ?? '{}') as StoredTrips).trips.pending.length > 1,
    );
    const pending = (JSON.parse(stored.get(rewritten ?? '')?.state ?? '{}') as StoredTrips).trips.pending;
    await sql`delete from transit_records where start_time = ${pending[0]}
      and vid = (select vid from vehicles where dvid = ${rewritten})`.execute(db);
    all = [...sent, ...silent, withoutVehicle, unregistered];
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('reads the states of many devices with one query per table and step, as one-by-one reads did', async () => {
    const src = countingSources(db);
    const together = await loadStates(src, all);
    // Devices, vehicles, pipeline states; pending transit records and trip trackers (two
    // queries); the trip trackers of the states whose records were rewritten.
    expect(src.queries()).toBe(8);
    expect(Object.fromEntries(src.calls)).toEqual({
      devicesByDvid: 1,
      vehiclesByDvid: 1,
      pipelineStates: 1,
      transitRecordsAt: 1,
      tripTrackers: 2,
    });

    expect(together).toEqual(await loadStates(oneByOne(db), all));
    expect([...together.keys()].sort()).toEqual(all.filter((d) => d !== unregistered).sort());

    // The cases the batch must keep apart are all there.
    const states = [...together.values()];
    const resumed = states.filter((s) => s.saved.json !== null);
    expect(resumed.some((s) => s.trips.pending.length > 0)).toBe(true);
    expect(resumed.some((s) => s.trips.last !== null)).toBe(true);
    expect(together.get(sent[10] ?? '')?.saved.json).toBeNull();
    expect(together.get(sent[10] ?? '')?.trips.last).not.toBeNull();
    expect(rewritten).toBeDefined();
    expect(together.get(rewritten ?? '')?.saved.json).toBeNull();
    expect(together.get(sent[1] ?? '')?.lateSinceMs).not.toBeNull();
    expect(states.filter((s) => s.lateSinceMs !== null)).toHaveLength(1);
    expect(together.get(withoutVehicle)?.vehicle).toBeNull();
    for (const dvid of silent) expect(together.get(dvid)?.saved).toEqual({ seq: 0, json: null, lateSinceMs: null });
  });

  it('finds devices by IMEI in one query, among the given models only', async () => {
    const fleet = createFleetRepo(db);
    const found = await fleet.devicesByImei([demoImei(0), demoImei(5), '359710049999991', '123'], ['GPS100']);
    expect(new Map([...found].map(([imei, d]) => [imei, d.dvid]))).toEqual(
      new Map([
        [demoImei(0), dvidOf(0)],
        [demoImei(5), dvidOf(5)],
        ['359710049999991', withoutVehicle],
      ]),
    );
    expect((await fleet.devicesByImei([demoImei(0)], ['OSMAND'])).size).toBe(0);
  });

  it('loads the states of devices whose first messages arrive together in one read; an unknown one alone fails', async () => {
    const src = countingSources(db);
    const errors: unknown[] = [];
    const pipeline = createPipeline({
      store: src.store,
      fleet: src.fleet,
      bus: createInProcessBus(() => undefined),
      transit: DEFAULT_TRANSIT_CONFIG,
      filter: DEFAULT_FIX_FILTER,
      segmenter: DEFAULT_SEGMENTER,
      geofence: DEFAULT_GEOFENCE_CONFIG,
      geofences: createGeofenceRepo(db),
      recompute: { store: createRecomputeStore(db), delayMs: 3_600_000, maxWindowMs: 7 * 86_400_000 },
      flushMs: 5,
      batchMax: 2000,
      concurrentCommits: 1,
      now: () => Date.now(),
      onError: (err) => errors.push(err),
    });
    const heartbeat: NormalizedMessage = { kind: 'heartbeat', attributes: {} };
    const results = await Promise.allSettled(all.map((dvid) => pipeline.submit(dvid, heartbeat)));
    expect(results.map((r) => r.status)).toEqual(all.map((d) => (d === unregistered ? 'rejected' : 'fulfilled')));
    const refused = results[all.indexOf(unregistered)];
    expect(refused?.status === 'rejected' && String(refused.reason)).toMatch(/not registered/);
    expect(src.calls.get('devicesByDvid')).toBe(1);
    expect(pipeline.loadedDevices()).toBe(all.length - 1);
    await pipeline.close();
    expect(errors).toEqual([]);
  });
  /** A pipeline of its own on the test's database, with this bus and fleet. */
  function pipelineOn(bus: Bus, fleet: FleetRepo = createFleetRepo(db)) {
    return createPipeline({
      store: createIngestStore(db),
      fleet,
      bus,
      transit: DEFAULT_TRANSIT_CONFIG,
      filter: DEFAULT_FIX_FILTER,
      segmenter: DEFAULT_SEGMENTER,
      geofence: DEFAULT_GEOFENCE_CONFIG,
      geofences: createGeofenceRepo(db),
      recompute: { store: createRecomputeStore(db), delayMs: 3_600_000, maxWindowMs: 7 * 86_400_000 },
      flushMs: 5,
      batchMax: 2000,
      concurrentCommits: 1,
      now: () => Date.now(),
      onError: () => undefined,
    });
  }

  /** Fits a vehicle to `dvid` in the store, announcing nothing. */
  async function fitVehicle(dvid: string, vid: string, plate: string): Promise<void> {
    const owner = await db.selectFrom('devices').select('uid').where('dvid', '=', dvid).executeTakeFirstOrThrow();
    await db
      .insertInto('vehicles')
      .values({
        vid,
        dvid,
        uid: owner.uid,
        vehicle_plate: plate,
        vehicle_display_name: `Fitted ${plate}`,
        vehicle_type: 'Truck',
        vehicle_model: '',
        created_at: Date.now(),
        fuel_profile: JSON.stringify({
          fuel: {
            portNumber: 0,
            fuelCapacity: 0,
            fuelLevelMin: 0,
            fuelLevelMax: 10,
            fuelLevelOperator: 'V',
            fuelSensorType: 'dipstick',
          },
        }),
      })
      .execute();
  }

  it('a vehicle fitted while the device state loads is attached: the stale load is read again', async () => {
    const fleet = createFleetRepo(db);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    let reads = 0;
    const bus = createInProcessBus(() => undefined);
    const pipeline = pipelineOn(bus, {
      ...fleet,
      // The first read sees the device without a vehicle, and answers only after the vehicle is fitted.
      vehiclesByDvid: async (dvids) => {
        const found = await fleet.vehiclesByDvid(dvids);
        if (reads++ === 0) await gate;
        return found;
      },
    });
    const first = pipeline.submit(withoutVehicle, { kind: 'heartbeat', attributes: {} });
    await expect.poll(() => reads).toBe(1);
    const vid = `fitted-${kind}`;
    await fitVehicle(withoutVehicle, vid, 'WFT 1');
    bus.publish('vehicle.changed', { dvids: [withoutVehicle] });
    release();
    await first;
    const at = drive(Date.now() - 10 * MIN).at(-1) as NormalizedMessage;
    await pipeline.submit(withoutVehicle, { ...at, deviceTimeMs: Date.now() - MIN });
    await pipeline.close();
    expect(reads).toBe(2);
    const logs = await db.selectFrom('vehicle_logs').select('vid').where('vid', '=', vid).execute();
    expect(logs.length).toBeGreaterThan(0);
  });
  it('a vehicle fitted while this node was cut from the bus is attached once the bus resumes', async () => {
    const dvid = await registerDevice(server.app, 'GPS100', '359710049999993');
    const bus = createInProcessBus(() => undefined);
    const pipeline = pipelineOn(bus);
    const fixes = drive(Date.now() - 20 * MIN);
    await pipeline.submit(dvid, { kind: 'heartbeat', attributes: {} });
    const vid = `resumed-${kind}`;
    // Fitted through another node's API; its vehicle.changed was lost with the cut.
    await fitVehicle(dvid, vid, 'WFT 2');
    const logged = async () =>
      (await db.selectFrom('vehicle_logs').select('vid').where('vid', '=', vid).execute()).length;
    // Committed on submit: the state held from before the fitting has no vehicle.
    await pipeline.submit(dvid, fixes[0] as NormalizedMessage);
    expect(await logged()).toBe(0);
    bus.publish('bus.resumed', { afterMs: 3_000 });
    for (const fix of fixes.slice(1, 4)) await pipeline.submit(dvid, fix);
    await pipeline.close();
    expect(await logged()).toBeGreaterThan(0);
  });
});
