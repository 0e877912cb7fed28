import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FUEL_TANK, type FuelProfile } from '@jejak/domain';
import {
  decodeTeltonikaAck,
  encodeCodec8Packet,
  encodeTeltonikaImei,
  type TeltonikaRecordInput,
} from '@jejak/protocols';
import { createFleetRepo } from '../src/storage/fleet-repo.ts';
import { apiClient, startTestServer, type TestServer } from './harness.ts';

const IMEI = '352093081239990';
const DVID = `TEL100#${IMEI}`;
/** A 200 L tank read by a 0–10 V dipstick on analog input 1: 50 mV a litre. */
const PROFILE: FuelProfile = { fuel: { ...DEFAULT_FUEL_TANK, fuelCapacity: 200 } };
const mv = (litres: number) => Math.round(litres * 50);

/** A Teltonika tracker over real TCP: the IMEI handshake, then records one packet at a time. */
async function connectTeltonika(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = Buffer.alloc(0);
  let wake: (() => void) | null = null;
  socket.on('data', (d) => {
    received = Buffer.concat([received, d]);
    wake?.();
  });
  socket.on('error', () => undefined);
  const next = async (bytes: number): Promise<Buffer> => {
    while (received.length < bytes) await new Promise<void>((r) => (wake = r));
    const out = received.subarray(0, bytes);
    received = received.subarray(bytes);
    return out;
  };
  socket.write(encodeTeltonikaImei(IMEI));
  expect((await next(1))[0]).toBe(0x01);
  return {
    /** Sends the records and waits for the server's acknowledgement (sent once they are stored). */
    async send(records: TeltonikaRecordInput[]): Promise<void> {
      socket.write(encodeCodec8Packet(records));
      expect(decodeTeltonikaAck(await next(4))).toBe(records.length);
    },
    close: () => socket.destroy(),
  };
}

describe('fuel from a Teltonika level sensor, end to end', () => {
  let server: TestServer;
  let vid: string;
  beforeAll(async () => {
    server = await startTestServer('pglite', { JEJAK_TELTONIKA_PORT: '0' });
    const db = server.app.database.db;
    const owner2 = await sql<{ uid: string }>`select uid from users where user_email = 'owner2@demo.jejak.my'`.execute(
      db,
    );
    const uid = owner2.rows[0]?.uid ?? '';
    const now = Date.now();
    vid = randomUUID();
    await sql`insert into devices (dvid, model, imei, uid, created_at) values (${DVID}, 'TEL100', ${IMEI}, ${uid}, ${now})`.execute(
      db,
    );
    await sql`insert into vehicles (vid, dvid, uid, vehicle_plate, vehicle_display_name, vehicle_type, created_at)
      values (${vid}, ${DVID}, ${uid}, 'BFT 2026', 'Tangki Ujian', 'Truck', ${now})`.execute(db);
    expect(await createFleetRepo(db).setVehicleFuelProfile(vid, PROFILE)).toBe(true);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('stores litres in the device log and the fuel burnt of a drive, smoothing the slosh away', async () => {
    const t0 = Date.now() - 3_600_000;
    const at = (i: number) => t0 + i * 30_000;
    const record = (i: number, litres: number, moving: boolean): TeltonikaRecordInput => ({
      timeMs: at(i),
      lat: 3.05 + (moving ? i * 0.002 : 0),
      lon: 101.55,
      altitude: 40,
      course: 0,
      satellites: 11,
      speedKmh: moving ? 48 : 0,
      io: { ignition: moving, fuelAdcMv: mv(litres) },
    });
    // Parked with 150 L; a 10-minute drive burning 4 L while the sensor sloshes ±3 L; parked again.
    const truth = (i: number) => (i < 5 ? 150 : i < 25 ? 150 - (i - 4) * 0.2 : 146);
    const slosh = (i: number) => (i >= 5 && i < 25 ? (i % 2 === 0 ? 3 : -3) : 0);
    const device = await connectTeltonika(server.app.gatewayPorts.teltonika ?? 0);
    for (let i = 0; i < 31; i++) await device.send([record(i, truth(i) + slosh(i), i >= 5 && i < 25)]);
    device.close();

    const api = apiClient(server.baseUrl);
    await api.login('owner2@demo.jejak.my');
    const logs = await api.post('/deviceLog/getdvidtimeframe', { dvid: DVID, startTime: t0, endTime: Date.now() + 1 });
    const rows = logs.body.logs as { devicePackage: string; deviceTime: number; fuel: unknown }[];
    const fixes = rows.filter((r) => r.devicePackage === 'gps#latest');
    expect(fixes.map((r) => r.fuel)).toEqual(Array.from({ length: 31 }, (_, i) => truth(i) + slosh(i)));
    expect(rows.find((r) => r.devicePackage === 'auth')?.fuel).toBeNull();

    const transits = await api.post('/transitRecord/timeFrame', { vid, startTime: t0, endTime: at(31) });
    const records = transits.body.transitRecords as { transitStatus: string; totalFuel: number }[];
    expect(records.map((r) => r.transitStatus)).toEqual(['PARKING', 'MOVING']);
    expect(records[0]?.totalFuel).toBe(0);
    // 4 L really burnt; summing the raw readings' falls would make the ±3 L slosh about 60 L.
    expect(Math.abs((records[1]?.totalFuel ?? Number.NaN) - 4)).toBeLessThanOrEqual(1);

    const hierarchy = await api.post('/user/gethierarchy', { uid: (await api.login('owner2@demo.jejak.my')).uid });
    const vehicle = (hierarchy.body.vehicles as { vid: string; fuelProfile: unknown }[]).find((v) => v.vid === vid);
    expect(vehicle?.fuelProfile).toEqual(PROFILE);
  });
});
