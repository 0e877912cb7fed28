import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_MODELS, type DeviceGroup, type DeviceModel } from '@jejak/contract';
import {
  encodeGl200Fri,
  encodeGps103Position,
  encodeJt808Location,
  encodeH02Position,
  encodeLogin,
  encodeMeitrackAAA,
  encodeRuptelaRecords,
  encodeSuntechStt,
  encodeTeltonikaImei,
  osmandRequest,
  PROTOCOLS,
} from '@jejak/protocols';
import { signIn, type Client, type Me } from './accounts-fixture.ts';
import { connectDevice } from './device-client.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Registering a device through the API makes the gateway accept that tracker at once, with no
 * restart, for every model Management offers: each is refused before the call and accepted
 * after it, over the protocol's real transport.
 */

type Outcome = 'accepted' | 'refused';

/** Waits for `settled` to give an outcome (at most 5 s). */
async function until(settled: () => Promise<Outcome | null>): Promise<Outcome | 'undecided'> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const outcome = await settled();
    if (outcome) return outcome;
    await new Promise((r) => setTimeout(r, 25));
  }
  return 'undecided';
}

const FIX = { lat: 3.0567, lon: 101.5851, speedKmh: 40, course: 90, valid: true };

describe('a device registered through the API is accepted by the gateway at once', () => {
  let server: TestServer;
  let dist: { c: Client; me: Me };
  beforeAll(async () => {
    server = await startTestServer('pglite');
    dist = await signIn(server.baseUrl, 'distributor');
  });
  afterAll(async () => {
    await server?.stop();
  });

  const port = (key: string) => server.app.gatewayPorts[key] ?? 0;

  /** A line-protocol report over TCP: refused when the server hangs up, accepted once stored. */
  async function tcpReport(key: string, bytes: Uint8Array, dvid: string): Promise<Outcome | 'undecided'> {
    const socket = net.connect(port(key), '127.0.0.1');
    let closed = false;
    socket.on('close', () => (closed = true));
    socket.on('error', () => undefined);
    await new Promise((r) => socket.once('connect', r));
    socket.write(bytes);
    const outcome = await until(async () => {
      if ((await lastRecord(dvid)) !== null) return 'accepted';
      return closed ? 'refused' : null;
    });
    socket.destroy();
    return outcome;
  }

  async function lastRecord(dvid: string): Promise<number | null> {
    const row = await server.app.database.db
      .selectFrom('device_logs')
      .select('created_at')
      .where('dvid', '=', dvid)
      .executeTakeFirst();
    return row?.created_at ?? null;
  }

  const speak: Record<DeviceModel, (imei: string, dvid: string) => Promise<Outcome | 'undecided'>> = {
    async GPS100(imei) {
      const device = await connectDevice(port('gt06'));
      device.write(encodeLogin(imei, 1));
      const outcome = await device.ack(1).then(
        (): Outcome => 'accepted',
        (): Outcome => 'refused',
      );
      device.close();
      return outcome;
    },
    async TEL100(imei) {
      const socket = net.connect(port('teltonika'), '127.0.0.1');
      socket.on('error', () => undefined);
      const reply = new Promise<number | undefined>((resolve) => socket.once('data', (d: Buffer) => resolve(d[0])));
      await new Promise((r) => socket.once('connect', r));
      socket.write(encodeTeltonikaImei(imei));
      const first = await reply;
      socket.destroy();
      return first === 0x01 ? 'accepted' : 'refused';
    },
    H02: (imei, dvid) => tcpReport('h02', encodeH02Position({ id: imei, timeMs: Date.now() - 60_000, ...FIX }), dvid),
    async OSMAND(imei) {
      const request = osmandRequest({ id: imei, timeMs: Date.now() - 60_000, ...FIX });
      const res = await fetch(`http://127.0.0.1:${port('osmand/http')}${request.uri}`, { method: 'POST' });
      await res.text();
      return res.status === 200 ? 'accepted' : 'refused';
    },
    MT90: (imei, dvid) =>
      tcpReport('meitrack', encodeMeitrackAAA({ imei, satellites: 9, timeMs: Date.now() - 60_000, ...FIX }), dvid),
    GL300: (imei, dvid) => tcpReport('gl200', encodeGl200Fri({ imei, timeMs: Date.now() - 60_000, ...FIX }), dvid),
    TK103: (imei, dvid) =>
      tcpReport('gps103', encodeGps103Position({ imei, timeMs: Date.now() - 60_000, ...FIX }), dvid),
    ST300: (imei, dvid) =>
      tcpReport('suntech', encodeSuntechStt({ id: imei, timeMs: Date.now() - 60_000, ...FIX }), dvid),
    JT808: (imei, dvid) =>
      tcpReport('jt808', encodeJt808Location({ phone: imei, serial: 1, time: Date.now() - 60_000, ...FIX }), dvid),
    FMPRO4: (imei, dvid) =>
      tcpReport('ruptela', encodeRuptelaRecords(imei, [{ timeMs: Date.now() - 60_000, ...FIX }]), dvid),
  };

  const IMEIS: Record<DeviceModel, string> = {
    GPS100: '359710040000123',
    TEL100: '352093080000123',
    H02: '4209910123',
    OSMAND: '60129990123',
    MT90: '353358010000123',
    GL300: '860599010000123',
    TK103: '359586010000123',
    FMPRO4: '864547010000123',
    ST300: '0907010123',
    JT808: '13912340123',
  };

  it('offers exactly the models the protocol table speaks', () => {
    expect([...DEVICE_MODELS].sort()).toEqual(PROTOCOLS.flatMap((p) => p.models).sort());
  });

  it.each(DEVICE_MODELS)('%s: refused before /device/add, accepted right after it', async (model) => {
    const imei = IMEIS[model];
    const dvid = `${model}#${imei}`;
    expect(await speak[model](imei, dvid)).toBe('refused');
    const unknown = () =>
      server.app.database.db.selectFrom('unknown_devices').select('imei').where('imei', '=', imei).execute();
    expect(await unknown()).toHaveLength(1);
    const added = await dist.c.post('/device/add', {
      dgid: null,
      device: { imei, model, simCard: '', brand: '', uid: dist.me.uid },
    });
    expect(added.status).toBe(200);
    // Off the platform's unknown-device list, which is for trackers nobody registered.
    expect(await unknown()).toHaveLength(0);
    expect(await speak[model](imei, dvid)).toBe('accepted');
    // The stored record shows on the Devices tab: its package and the server time it came in.
    const stored = await lastRecord(dvid);
    expect(stored).not.toBeNull();
    const groups = (await dist.c.post('/device/group/get', { uid: dist.me.uid, dgids: [] })).body
      .deviceGroups as DeviceGroup[];
    const shown = groups[0]?.devices.find((d) => d.dvid === dvid);
    expect(shown?.package).not.toBeNull();
    expect(shown?.updatedAt).toBeGreaterThanOrEqual(stored ?? 0);
  });
});
