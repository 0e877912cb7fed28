import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeLogin, osmandRequest } from '@jejak/protocols';
import { connectDevice } from '../../test/device-client.ts';
import { registerDevice, startTestServer, type TestServer } from '../../test/harness.ts';
import type { GatewayCounters } from './counters.ts';

/** Raw bytes to a port; resolves with the status code of the answer ('none' if the server closed without one). */
async function rawHttp(port: number, bytes: string | Buffer): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
  socket.on('error', () => undefined);
  await new Promise((r) => socket.once('connect', r));
  socket.write(bytes);
  await new Promise((r) => socket.once('close', r));
  return /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 'none';
}

describe('refused input is counted by the gateway', () => {
  let server: TestServer;
  let httpPort: number;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    httpPort = server.app.gatewayPorts['osmand/http'] ?? 0;
  });
  afterAll(async () => {
    await server?.stop();
  });
  const delta = (before: GatewayCounters) => {
    const now = server.app.counters;
    return (key: keyof GatewayCounters) => now[key] - before[key];
  };

  it('counts HTTP requests refused with 413, 431 and 400, as bad frames too', async () => {
    const before = { ...server.app.counters };
    const body = 'x'.repeat(70 * 1024);
    const big = `POST /?id=1 HTTP/1.1\r\nhost: x\r\ncontent-length: ${body.length}\r\n\r\n${body}`;
    expect(await rawHttp(httpPort, big)).toBe('413');
    const header = `GET /?id=1 HTTP/1.1\r\nhost: x\r\nx-pad: ${'y'.repeat(20 * 1024)}\r\n\r\n`;
    expect(await rawHttp(httpPort, header)).toBe('431');
    expect(await rawHttp(httpPort, 'HELLO THERE\r\n\r\n')).toBe('400');
    const d = delta(before);
    expect([d('httpBodyTooLarge'), d('httpHeadersTooLarge'), d('httpBadRequests'), d('badFrames')]).toEqual([
      1, 1, 1, 3,
    ]);
  });

  describe('when a commit fails', () => {
    const REFUSED = ['352093081239991', '60123459991'];
    beforeAll(async () => {
      // The database refuses these devices' rows, as it would on a full disk or a broken constraint.
      const db = server.app.database.db;
      await sql
        .raw(
          `create function refuse_test_rows() returns trigger language plpgsql as $$
           begin
             if new.dvid in ('GPS100#${REFUSED[0]}', 'OSMAND#${REFUSED[1]}') then raise exception 'refused by the test'; end if;
             return new;
           end $$`,
        )
        .execute(db);
      await sql`create trigger refuse_test_rows before insert on device_logs for each row execute function refuse_test_rows()`.execute(
        db,
      );
      await registerDevice(server.app, 'GPS100', REFUSED[0] ?? '');
      await registerDevice(server.app, 'OSMAND', REFUSED[1] ?? '');
    });

    it('counts a TCP connection closed because its data could not be stored', async () => {
      const before = { ...server.app.counters };
      const device = await connectDevice(server.gt06Port);
      device.write(encodeLogin(REFUSED[0] ?? '', 1));
      await device.closedPromise;
      expect(device.acks).toEqual([]);
      expect(delta(before)('storeFailedCloses')).toBe(1);
    });

    it('counts an HTTP request answered 503 because its data could not be stored', async () => {
      const before = { ...server.app.counters };
      const request = osmandRequest({
        id: REFUSED[1] ?? '',
        timeMs: Date.now() - 5000,
        lat: 3.1478,
        lon: 101.6953,
        speedKmh: 36,
        course: 45,
      });
      const res = await fetch(`http://127.0.0.1:${httpPort}${request.uri}`, { method: 'POST' });
      expect(res.status).toBe(503);
      expect(delta(before)('storeFailedCloses')).toBe(1);
    });
  });
});
