/**
 * npm run bench:ingest-cpu — CPU per fix of the server's own steps on a fixed workload, without
 * sockets, database or load generator, so a change can be judged on a machine busy with other
 * work (wall-clock rates there are noise; CPU time on a fixed workload much less so).
 * Steps measured, each over the same frames every round:
 *   decode: GT06 0x22 frames (as the simulator sends them) through the framer and a session;
 *   copy:   a device-log and a vehicle-log row per fix in COPY's text format (storage/ingest/log-writer.ts),
 *           in batches of 2,000 rows;
 *   days:   the local days a transit record touches (storage/ingest/day-stats.ts, per record written).
 * Prints, per step, the median and the lowest of the rounds' process CPU (all threads: GC
 * helpers included) in µs per fix. Options: --devices N  --fixes K (per device)  --rounds R
 */
import { parseArgs } from 'node:util';
import {
  createGt06Framer,
  createGt06Session,
  encodeGps22,
  encodeLogin,
  type NormalizedMessage,
} from '@jejak/protocols';
import type { DeviceLogRow, VehicleLogRow } from '../../apps/server/src/storage/ingest/rows.ts';
import { wholeDaysOver } from '../../apps/server/src/storage/ingest/day-stats.ts';
import { copyInto } from '../../apps/server/src/storage/db/copy.ts';
import { deviceLogLine, vehicleLogLine } from '../../apps/server/src/storage/ingest/log-writer.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000' },
    fixes: { type: 'string', default: '16' },
    rounds: { type: 'string', default: '25' },
  },
});
const DEVICES = Number(values.devices);
const FIXES = Number(values.fixes);
const ROUNDS = Number(values.rounds);
const T0 = Date.UTC(2026, 10, 27, 6, 0, 0);
const BATCH = 2_000;

/** Each device's login frame and its fixes along a short track, as the simulator makes them. */
function frames(): { login: Uint8Array; fixes: Uint8Array[] }[] {
  return Array.from({ length: DEVICES }, (_, d) => ({
    login: encodeLogin(String(868_000_000_000_000 + d), 1),
    fixes: Array.from({ length: FIXES }, (_, k) =>
      encodeGps22(
        {
          timeMs: T0 + k * 1000,
          lat: 3.1 + d * 1e-3 + k * 1e-5,
          lon: 101.6 + k * 1e-5,
          speedKmh: 40 + (k % 7),
          course: (d * 7 + k) % 360,
          satellites: 9,
          valid: true,
          acc: true,
          reupload: false,
        },
        k + 2,
      ),
    ),
  }));
}

/** Framer and session per device, as a connection holds them; every fix decoded. */
function decodeAll(input: ReturnType<typeof frames>): NormalizedMessage[] {
  const out: NormalizedMessage[] = [];
  for (const dev of input) {
    const framer = createGt06Framer();
    const session = createGt06Session();
    session.decode(dev.login);
    for (const chunk of dev.fixes)
      for (const frame of framer.push(chunk).frames) {
        const r = session.decode(frame, { receivedAtMs: T0 });
        for (const m of r.messages) out.push(m);
      }
  }
  return out;
}

/** The rows the pipeline makes of a fix (pipeline/path.ts, pipeline/rows.ts), in shape. */
function rowsOf(messages: NormalizedMessage[]): { logs: DeviceLogRow[]; vehicleLogs: VehicleLogRow[] } {
  const logs = messages.map((m): DeviceLogRow => ({
    dvid: `GPS100#${m.imei ?? ''}`,
    deviceTime: m.deviceTimeMs ?? T0,
    package: 'gps#latest',
    packageTime: m.deviceTimeMs ?? null,
    createdAt: T0,
    lat: m.latitude ?? null,
    lon: m.longitude ?? null,
    speed: m.speedKmh ?? null,
    altitude: null,
    heading: m.course ?? null,
    fuel: null,
    gpsStatus: true,
    engineStatus: true,
    isAlive: true,
    deviceMessage: null,
    attributes: { ...m.attributes, satellites: m.satellites ?? 0 },
  }));
  const vehicleLogs = logs.map((l): VehicleLogRow => ({
    vid: `veh-${l.dvid}`,
    vehicleTime: l.deviceTime,
    createdAt: T0,
    lat: l.lat ?? 0,
    lon: l.lon ?? 0,
    speed: l.speed ?? 0,
    address: 'Jalan Ampang, Kuala Lumpur',
    tripStatus: 'MOVING',
    tripFrom: T0,
    transitStatus: 'MOVING',
    transitFrom: T0,
    mileage: 12.345,
  }));
  return { logs, vehicleLogs };
}

/** Process CPU µs per fix of `work` over `rounds` rounds: median and lowest. */
function measure(fixes: number, work: () => unknown): { median: number; min: number } {
  for (let i = 0; i < 3; i++) work();
  const perFix: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const c0 = process.cpuUsage();
    work();
    const c = process.cpuUsage(c0);
    perFix.push((c.user + c.system) / fixes);
  }
  perFix.sort((a, b) => a - b);
  return { median: perFix[Math.floor(perFix.length / 2)] ?? NaN, min: perFix[0] ?? NaN };
}

const input = frames();
const messages = decodeAll(input);
const fixes = messages.length;
if (fixes !== DEVICES * FIXES) throw new Error(`decoded ${fixes} fixes, expected ${DEVICES * FIXES}`);
const { logs, vehicleLogs } = rowsOf(messages);
// One transit record per 30 fixes, as the bench's simulated tracks close them (order of magnitude).
const spans = Array.from({ length: Math.ceil(fixes / 30) }, (_, i) => ({
  startTime: T0 + i * 60_000,
  endTime: T0 + i * 60_000 + 600_000,
}));

const results: [string, { median: number; min: number }][] = [
  ['decode', measure(fixes, () => decodeAll(input))],
  [
    'copy',
    // In batches of the store's default size (JEJAK_STORE_BATCH_MAX), all held to the round's end
    // as batches in flight wait for their commits.
    measure(fixes, () =>
      Array.from({ length: Math.ceil(fixes / BATCH) }, (_, b) => [
        copyInto('device_logs', ['x'], logs.slice(b * BATCH, (b + 1) * BATCH), deviceLogLine),
        copyInto('vehicle_logs', ['x'], vehicleLogs.slice(b * BATCH, (b + 1) * BATCH), vehicleLogLine),
      ]),
    ),
  ],
  ['days', measure(fixes, () => spans.map((s) => wholeDaysOver(s, 'Asia/Kuala_Lumpur')))],
];
console.log(`ingest steps, ${DEVICES} devices × ${FIXES} fixes, ${ROUNDS} rounds: process CPU µs per fix`);
for (const [step, r] of results)
  console.log(`  ${step.padEnd(7)} median ${r.median.toFixed(2).padStart(6)}   lowest ${r.min.toFixed(2).padStart(6)}`);
