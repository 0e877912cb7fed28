import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_TEXTS } from '@jejak/contract';
import { encodeGps22, encodeLogin } from '@jejak/protocols';
import { JejakApiError, JejakClient, walkthrough } from '../../../docs/api-client-example.ts';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { connectDevice } from './device-client.ts';
import { until } from './escalation-fixture.ts';
import { startTestServer, type TestServer } from './harness.ts';

/** docs/api-client-example.ts, run as docs/api.md tells, against a real server: it cannot rot. */
describe('the API client example of docs/api.md', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('signs in with the cookie, reads the fleet and prints a live position of a tracker', async () => {
    const lines: string[] = [];
    let finish = () => {};
    const stop = new Promise<void>((resolve) => (finish = resolve));
    const run = walkthrough(server.baseUrl, 'owner2@demo.jejak.my', 'demo1234', stop, (line) => lines.push(line));
    await until(
      () => lines.at(-1) ?? '',
      (last) => last.startsWith('following '),
    );
    expect(lines[0]).toBe('signed in as Klang Valley Cold Chain Sdn Bhd (fleetOwner), times in Asia/Kuala_Lumpur');
    // Demo vehicles 12–19 are owner2's: each listed, and each followed.
    expect(lines.at(-1)).toBe('following 8 trackers');
    const listed = lines.slice(1, -1);
    expect(listed).toHaveLength(8);
    expect(listed.filter((line) => !/^[A-Z][A-Z0-9 ]+: .+, (no data yet|[A-Z]+)$/.test(line))).toEqual([]);

    const imei = demoImei(12);
    const tracker = await connectDevice(server.gt06Port);
    tracker.write(encodeLogin(imei, 1));
    await tracker.ack(1);
    const fix = { lat: 3.0449, lon: 101.4456, speedKmh: 42, course: 90, satellites: 9, valid: true };
    tracker.write(encodeGps22({ ...fix, timeMs: Date.now() - 5_000, reupload: false, acc: true }, 2));
    await tracker.ack(2);
    await until(
      () => lines,
      (all) => all.includes(`dev#GPS100#${imei} at 3.0449, 101.4456, 42 km/h`),
    );
    tracker.close();
    finish();
    await run;
  });

  it('turns failures into typed errors: an unknown vehicle, and a token the server does not know', async () => {
    const client = await JejakClient.signIn(server.baseUrl, 'owner2@demo.jejak.my', 'demo1234');
    const unknown = client.call('transitRecords', { vid: 'no-such-vehicle', startTime: 0, endTime: 60_000 });
    await expect(unknown).rejects.toThrow(JejakApiError);
    await expect(unknown).rejects.toMatchObject({ status: 404, errorType: 'NotFound' });
    const stranger = JejakClient.withToken(server.baseUrl, 'not-a-token');
    await expect(stranger.call('session')).rejects.toMatchObject({ status: 401, message: API_TOKEN_TEXTS.invalid });
    // A public call needs nothing.
    expect((await stranger.call('version')).version).toMatch(/^\d+\.\d+\.\d+/);
  });
});
