import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceLog, DeviceLogsResponse } from '@jejak/contract';
import { dayOptions, playScenario, simulateFleetDay, type VehicleDay } from '@jejak/simulator';
import { apiClient, registerVehicle, startTestServer, type TestServer } from './harness.ts';

/**
 * The simulator's trackers against the real gateway: two hours of a GT06 and a Teltonika day,
 * each with its cellular link lost for a while, sent over real TCP; every record is stored
 * once, memory uploads are told apart, and the Teltonika IO arrives as named attributes.
 */

const HOUR = 3_600_000;
const DAY = dayOptions(Date.UTC(2026, 2, 1, 16));
const OWNER = 'owner2@demo.jejak.my';

/** The two hours around a vehicle's cellular outage. */
function aroundOutage(day: VehicleDay): VehicleDay {
  const outage = day.truth.outages.find((o) => o.kind === 'cellular');
  if (!outage) throw new Error(`${day.spec.name} never loses its link`);
  const from = outage.startMs - HOUR / 2;
  const to = from + 2 * HOUR;
  return { ...day, observations: day.observations.filter((o) => o.timeMs >= from && o.timeMs < to) };
}

const [gt06, teltonika] = simulateFleetDay({ vehicles: 2, seed: 1 }, DAY).map(aroundOutage);
if (!gt06 || !teltonika) throw new Error('fleet too small');

let server: TestServer;
const logs = new Map<string, DeviceLog[]>();

beforeAll(async () => {
  const wallStart = Date.now();
  const clock = () => DAY.startMs + DAY.durationMs + (Date.now() - wallStart);
  server = await startTestServer('pglite', { JEJAK_RECOMPUTE_DELAY_MS: '200' }, clock);
  for (const { spec } of [gt06, teltonika]) {
    await registerVehicle(server.app, { ...spec, ownerEmail: OWNER, plate: `RT ${spec.imei.slice(-4)}` });
  }
  const ports = {
    host: '127.0.0.1',
    gt06Port: server.gt06Port,
    teltonikaPort: server.app.gatewayPorts.teltonika ?? 0,
  };
  await playScenario(ports, [gt06, teltonika], { timeoutMs: 30_000 });
  const api = apiClient(server.baseUrl);
  await api.login(OWNER);
  for (const { spec, observations } of [gt06, teltonika]) {
    const dvid = `${spec.model}#${spec.imei}`;
    const window = { dvid, startTime: observations[0]?.timeMs ?? 0, endTime: (observations.at(-1)?.timeMs ?? 0) + 1 };
    const r = (await api.post('/deviceLog/getdvidtimeframe', window)).body as unknown as DeviceLogsResponse;
    logs.set(spec.imei, r.logs);
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const fixesOf = (imei: string) => (logs.get(imei) ?? []).filter((l) => l.devicePackage.startsWith('gps#'));

describe.each([
  ['GT06', () => gt06],
  ['Teltonika', () => teltonika],
])('%s tracker', (_name, day) => {
  it('has every record stored exactly once, in order', () => {
    const { spec, observations } = day();
    expect(fixesOf(spec.imei).map((l) => l.deviceTime)).toEqual(observations.map((o) => o.timeMs));
  });

  it('sends what it recorded offline when its link is back, with the original times', () => {
    const { spec, observations } = day();
    const offline = new Set(observations.filter((o) => o.offline).map((o) => o.timeMs));
    expect(offline.size).toBeGreaterThan(20);
    const stored = fixesOf(spec.imei).filter((l) => offline.has(l.deviceTime));
    expect(stored).toHaveLength(offline.size);
    // GT06 flags them as re-uploads (gps#memory); a Teltonika record carries no such flag.
    const memory = spec.model === 'GPS100' ? 'gps#memory' : 'gps#latest';
    expect(new Set(stored.map((l) => l.devicePackage))).toEqual(new Set([memory]));
  });
});

describe('Teltonika IO as named attributes', () => {
  it('reports ignition, movement, odometer, fuel sensor volts and supply voltage', () => {
    const byTime = new Map(fixesOf(teltonika.spec.imei).map((l) => [l.deviceTime, l]));
    const withIo = teltonika.observations.filter((o) => o.io);
    expect(withIo.length).toBe(teltonika.observations.length);
    for (const o of withIo) {
      const a = byTime.get(o.timeMs)?.attributes ?? {};
      expect(a.ignition).toBe(o.acc);
      expect(a.motion).toBe(o.io?.motion);
      expect(a.odometer).toBe(o.io?.odometerM);
      expect(a.adc1).toBe((o.io?.fuelAdcMv ?? NaN) / 1000);
      expect(a.power).toBeCloseTo(o.io?.power ?? NaN, 2);
    }
    expect(byTime.get(withIo[0]?.timeMs ?? 0)?.engineStatus).toBe(withIo[0]?.acc);
  });
});
