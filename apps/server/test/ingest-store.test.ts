import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestStore, type IngestStore } from '../src/storage/ingest/ingest-store.ts';
import { type DeviceLogRow } from '../src/storage/ingest/rows.ts';
import { jsonRecords } from '../src/storage/db/json-records.ts';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { dbKinds, startTestServer, type TestServer } from './harness.ts';

const kinds = await dbKinds();
const DVID = `GPS100#${demoImei(7)}`;
const T = Date.UTC(2026, 10, 21, 2, 0, 0);

function log(deviceTime: number, pkg: DeviceLogRow['package']): DeviceLogRow {
  return {
    dvid: DVID,
    deviceTime,
    package: pkg,
    packageTime: deviceTime,
    createdAt: deviceTime + 500,
    lat: 3.1,
    lon: 101.6,
    speed: 30,
    altitude: null,
    heading: 90,
    fuel: pkg === 'heartbeat' ? null : 123.45,
    gpsStatus: true,
    engineStatus: true,
    isAlive: true,
    deviceMessage: null,
    attributes: { sat: 9 },
  };
}

function deviceState(lat: number, lastSeenAt: number) {
  return {
    dvid: DVID,
    lat,
    lon: 101.6,
    heading: 0,
    speed: 10,
    deviceTime: lastSeenAt,
    gpsStatus: true,
    engineStatus: true,
    isAlive: true,
    lastSeenAt,
    noGPSAt: null,
  };
}

describe.each(kinds)('ingest store on %s', (kind) => {
  let server: TestServer;
  let store: IngestStore;
  beforeAll(async () => {
    server = await startTestServer(kind);
    store = createIngestStore(server.app.database.db);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('reads a batch passed as JSON records back value for value', async () => {
    // Doubles with the longest texts, integers past 2^32, nulls, and text with quotes,
    // backslashes, tabs, newlines and non-ASCII: what the pipeline's rows hold.
    const rows = [
      { key: 'a "quoted" \\ back\tslash\nline', t: 1_764_230_400_123, x: 0.1 + 0.2, ok: true },
      { key: '{"state":{"s":"x\\"y"}} ·  Kuala Lumpur', t: null, x: -3.1390277777777778, ok: false },
      { key: '', t: 0, x: 5e-324, ok: null },
      { key: 'max', t: Number.MAX_SAFE_INTEGER, x: 1.7976931348623157e308, ok: true },
    ];
    const read = await sql<{ key: string; t: string | number | null; x: number; ok: boolean | null }>`
      select * from ${jsonRecords(rows, { key: 'text', t: 'int8', x: 'float8', ok: 'bool' })}`.execute(
      server.app.database.db,
    );
    expect(read.rows.map((r) => ({ ...r, t: r.t === null ? null : Number(r.t) }))).toEqual(rows);
  });

  it('stores each device log once, whatever is resent, across monthly partitions', async () => {
    const lastMonth = T - 31 * 86_400_000;
    await store.write({
      logs: [log(T, 'gps#latest'), log(T, 'heartbeat'), log(lastMonth, 'gps#memory')],
      devices: [],
      vehicles: [],
    });
    await store.write({
      logs: [log(T, 'gps#latest'), log(T, 'gps#memory'), log(lastMonth, 'gps#latest')],
      devices: [],
      vehicles: [],
    });
    const rows = await sql<{ package: string; device_time: number; attributes: unknown; fuel: unknown }>`
      select package, device_time, attributes, fuel from device_logs where dvid = ${DVID} order by device_time, package`.execute(
      server.app.database.db,
    );
    expect(rows.rows.map((r) => [r.device_time, r.package])).toEqual([
      [lastMonth, 'gps#memory'],
      [T, 'gps#latest'],
      [T, 'heartbeat'],
    ]);
    expect(rows.rows[1]?.attributes).toEqual({ sat: 9 });
    expect(rows.rows.map((r) => r.fuel)).toEqual([123.45, 123.45, null]);
  });

  it('takes the latest of a trip emitted twice in one batch (the last parking, grown)', async () => {
    const vid = (
      await sql<{ vid: string }>`select vid from vehicles where dvid = ${DVID}`.execute(server.app.database.db)
    ).rows[0]?.vid;
    expect(vid).toBeDefined();
    const parking = (endTime: number) => ({
      vid: vid ?? '',
      createdAt: endTime,
      tripStatus: 'PARKING' as const,
      startTime: T,
      endTime,
      totalDistance: 0,
      topSpeed: 0,
      totalMovingDuration: 0,
      totalIdlingDuration: 0,
    });
    await store.write({ logs: [], devices: [], vehicles: [], trips: [parking(T + 60_000), parking(T + 120_000)] });
    const rows = await sql<{
      end_time: number;
    }>`select end_time from trip_records where vid = ${vid}`.execute(server.app.database.db);
    expect(rows.rows).toEqual([{ end_time: T + 120_000 }]);
  });

  it('stores a fix once when one batch holds it both live and from memory', async () => {
    const t = T + 10_000;
    await store.write({ logs: [log(t, 'gps#latest'), log(t, 'gps#memory')], devices: [], vehicles: [] });
    await store.write({ logs: [log(t, 'gps#memory'), log(t + 1000, 'gps#memory')], devices: [], vehicles: [] });
    const rows = await sql<{ package: string; device_time: number }>`
      select package, device_time from device_logs where dvid = ${DVID} and device_time >= ${t}
      order by device_time`.execute(server.app.database.db);
    expect(rows.rows.map((r) => [r.device_time, r.package])).toEqual([
      [t, 'gps#latest'],
      [t + 1000, 'gps#memory'],
    ]);
  });

  it('stores by COPY a batch holding one key twice, once; a resend of it goes in by insert', async () => {
    const vid = (
      await sql<{ vid: string }>`select vid from vehicles where dvid = ${DVID}`.execute(server.app.database.db)
    ).rows[0]?.vid;
    if (!vid) throw new Error('demo vehicle missing');
    const t = T + 15_000;
    const vehicleLog = (speed: number) => ({
      vid,
      vehicleTime: t,
      createdAt: t + 500,
      lat: 3.1,
      lon: 101.6,
      speed,
      address: null,
      tripStatus: null,
      tripFrom: null,
      transitStatus: 'MOVING',
      transitFrom: T,
      mileage: 1,
    });
    // A tracker repeating itself: the same fix twice (once from memory), a heartbeat twice.
    const batch = {
      logs: [
        { ...log(t, 'gps#latest'), speed: 31 },
        log(t, 'heartbeat'),
        { ...log(t, 'gps#memory'), speed: 32 },
        { ...log(t, 'gps#latest'), speed: 33 },
        log(t, 'heartbeat'),
      ],
      vehicleLogs: [vehicleLog(31), vehicleLog(33)],
      devices: [],
      vehicles: [],
    };
    expect(await store.write(batch)).toBe('copy');
    expect(await store.write(batch)).toBe('insert');
    const logs = await sql<{ package: string; speed: number }>`
      select package, speed from device_logs where dvid = ${DVID} and device_time = ${t} order by package`.execute(
      server.app.database.db,
    );
    expect(logs.rows).toEqual([
      { package: 'gps#latest', speed: 31 },
      { package: 'heartbeat', speed: 30 },
    ]);
    const vehicleLogs = await sql<{ speed: number }>`
      select speed from vehicle_logs where vid = ${vid} and vehicle_time = ${t}`.execute(server.app.database.db);
    expect(vehicleLogs.rows).toEqual([{ speed: 31 }]);
  });

  it('stores text exactly as sent, whatever characters it holds', async () => {
    const t = T + 20_000;
    const text = 'tab\there\nnew line\r\\N back\\slash "quoted" \\t ünï 中文 🚚';
    await store.write({
      logs: [{ ...log(t, 'heartbeat'), deviceMessage: text, attributes: { note: text, n: 1.5, nested: { ok: true } } }],
      devices: [],
      vehicles: [],
    });
    const row = await sql<{ device_message: string; attributes: unknown }>`
      select device_message, attributes from device_logs where dvid = ${DVID} and device_time = ${t}`.execute(
      server.app.database.db,
    );
    expect(row.rows).toEqual([{ device_message: text, attributes: { note: text, n: 1.5, nested: { ok: true } } }]);
  });

  it('stores vehicle logs once, resent or not, by COPY or by insert', async () => {
    const vid = (
      await sql<{ vid: string }>`select vid from vehicles where dvid = ${DVID}`.execute(server.app.database.db)
    ).rows[0]?.vid;
    if (!vid) throw new Error('demo vehicle missing');
    const row = (vehicleTime: number) => ({
      vid,
      vehicleTime,
      createdAt: vehicleTime + 500,
      lat: 3.1,
      lon: 101.6,
      speed: 30,
      address: 'near Klang, Selangor',
      tripStatus: 'TRANSIT',
      tripFrom: T,
      transitStatus: 'MOVING',
      transitFrom: T,
      mileage: 12.5,
    });
    const t = T + 30_000;
    await store.write({ logs: [], vehicleLogs: [row(t)], devices: [], vehicles: [] });
    await store.write({ logs: [], vehicleLogs: [row(t), row(t + 1000)], devices: [], vehicles: [] });
    await store.write({ logs: [], vehicleLogs: [row(t + 1000), row(t + 2000)], devices: [], vehicles: [] }, false);
    const rows = await sql<{ vehicle_time: number; trip_status: string; trip_from: number }>`
      select vehicle_time, trip_status, trip_from from vehicle_logs where vid = ${vid} and vehicle_time >= ${t}
      order by vehicle_time`.execute(server.app.database.db);
    expect(rows.rows.map((r) => [r.vehicle_time, r.trip_status, r.trip_from])).toEqual([
      [t, 'TRANSIT', T],
      [t + 1000, 'TRANSIT', T],
      [t + 2000, 'TRANSIT', T],
    ]);
  });

  it('keeps the newest device state when batches commit out of order', async () => {
    await store.write({ logs: [], devices: [deviceState(3.2, T + 2000)], vehicles: [] });
    await store.write({ logs: [], devices: [deviceState(3.1, T + 1000)], vehicles: [] });
    const row = await sql<{
      lat: number;
      last_seen_at: number;
    }>`select lat, last_seen_at from devices where dvid = ${DVID}`.execute(server.app.database.db);
    expect(row.rows[0]).toEqual({ lat: 3.2, last_seen_at: T + 2000 });
  });

  it('keeps the newest pipeline state when batches commit out of order, and lists late data not recomputed', async () => {
    const state = (seq: number, lateSince: number | null) => ({
      dvid: DVID,
      seq,
      state: JSON.stringify({ v: 1, n: seq, text: 'a "quoted", {braced} \\ text' }),
      lateSince,
    });
    await store.write({ logs: [], devices: [], vehicles: [], states: [state(1, T)] });
    expect((await store.pipelineStates([DVID])).get(DVID)).toEqual({
      seq: 1,
      state: state(1, T).state,
      lateSince: T,
    });
    expect(await store.pendingRecomputes()).toContain(DVID);
    await store.write({ logs: [], devices: [], vehicles: [], states: [state(3, null)] });
    await store.write({ logs: [], devices: [], vehicles: [], states: [state(2, T)] });
    expect((await store.pipelineStates([DVID])).get(DVID)).toEqual({
      seq: 3,
      state: state(3, null).state,
      lateSince: null,
    });
    expect(await store.pendingRecomputes()).not.toContain(DVID);
  });

  it('writes nothing of a batch that fails', async () => {
    const bad = { ...log(T + 5000, 'gps#latest'), dvid: null as unknown as string };
    await expect(
      store.write({ logs: [log(T + 4000, 'gps#latest'), bad], devices: [], vehicles: [] }),
    ).rejects.toThrow();
    expect(await store.countLogs(DVID)).toBe(8);
  });
});
