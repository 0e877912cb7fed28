import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { dayOptions, playScenario, simulateFleetDay } from '@jejak/simulator';

export const SCENARIO_USAGE = `Usage: npm run simulate -- --scenario day [options]
Simulates a working day of a mixed GT06/Teltonika fleet (drift, tunnels, lost links, refuels,
drains), writes its ground truth as JSON, then sends the trackers' records over real sockets as
fast as the server acknowledges (the devices must be registered: GPS100#imei, TEL100#imei).
  --date <yyyy-mm-dd>          the day, in Asia/Kuala_Lumpur (default yesterday)
  --vehicles <n>               fleet size (default 10; even indexes GT06, odd Teltonika)
  --seed <n>                   vehicle i is seeded with seed + i (default 1)
  --truth <file>               where the truth goes (default scenario-truth.json)
  --host <host>                gateway host (default 127.0.0.1)
  --gt06-port <port>           default 5023
  --teltonika-port <port>      default 5027
  --gt06-imei-base <imei>      default 359710049100000
  --teltonika-imei-base <imei> default 352093089100000
  --dry-run                    write the truth only; send nothing`;

/** Kuala Lumpur is UTC+8 all year. */
const KL_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

function dayStart(date: string | undefined, nowMs: number): number {
  if (date === undefined) return Math.floor((nowMs + KL_OFFSET_MS) / DAY_MS) * DAY_MS - DAY_MS - KL_OFFSET_MS;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || !Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== date)
    throw new Error(`--date must be a real yyyy-mm-dd day, got ${date}`);
  return ms - KL_OFFSET_MS;
}

function count(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min}, got ${value}`);
  return n;
}

function imeiBase(name: string, value: string | undefined): string | undefined {
  if (value !== undefined && !/^\d{15}$/.test(value)) throw new Error(`--${name} must be 15 digits, got ${value}`);
  return value;
}

export async function runScenarioCli(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      scenario: { type: 'string' },
      date: { type: 'string' },
      vehicles: { type: 'string' },
      seed: { type: 'string' },
      truth: { type: 'string', default: 'scenario-truth.json' },
      host: { type: 'string', default: '127.0.0.1' },
      'gt06-port': { type: 'string' },
      'teltonika-port': { type: 'string' },
      'gt06-imei-base': { type: 'string' },
      'teltonika-imei-base': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  if (values.scenario !== 'day') throw new Error(`unknown scenario ${values.scenario ?? ''} (only "day")`);
  const day = dayOptions(dayStart(values.date, Date.now()));
  const seed = count('seed', values.seed, 1, 0);
  const gt06Base = imeiBase('gt06-imei-base', values['gt06-imei-base']);
  const teltonikaBase = imeiBase('teltonika-imei-base', values['teltonika-imei-base']);
  const fleet = simulateFleetDay(
    {
      vehicles: count('vehicles', values.vehicles, 10, 1),
      seed,
      ...(gt06Base ? { gt06ImeiBase: gt06Base } : {}),
      ...(teltonikaBase ? { teltonikaImeiBase: teltonikaBase } : {}),
    },
    day,
  );
  const truth = { scenario: 'day', seed, sampling: day.sampling, vehicles: fleet.map((v) => v.truth) };
  writeFileSync(values.truth, `${JSON.stringify(truth, null, 2)}\n`);
  for (const { spec, truth: t } of fleet) {
    console.log(
      `${spec.model}#${spec.imei}  ${spec.name.padEnd(13)} ${String(t.records).padStart(5)} records  ` +
        `${t.trips.length} trips  ${t.mileageKm.toFixed(1)} km  refuels ${t.refuels.length}  drains ${t.drains.length}`,
    );
  }
  console.log(`truth written to ${values.truth}`);
  if (values['dry-run']) return;
  const target = {
    host: values.host,
    gt06Port: count('gt06-port', values['gt06-port'], 5023, 1),
    teltonikaPort: count('teltonika-port', values['teltonika-port'], 5027, 1),
  };
  const result = await playScenario(target, fleet, {
    onProgress: (s) => console.log(`acked ${s.acked}  pending ${s.pending}  reconnects ${s.reconnects}`),
  });
  console.log(`sent: ${result.stats.acked} records acknowledged in ${(result.wallMs / 1000).toFixed(1)} s`);
}
