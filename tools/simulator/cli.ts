import { parseArgs } from 'node:util';
import { runScenarioCli, SCENARIO_USAGE } from './scenario-cli.ts';
import { startSimulator } from '@jejak/simulator';

const USAGE = `Usage: npx tsx tools/simulator/cli.ts [options]
  --host <host>          gateway host (default 127.0.0.1)
  --port <port>          GT06 port (default 5023)
  --devices <n>          number of trackers (default 20)
  --interval <ms>        device time between fixes (default 5000)
  --imei-base <imei>     first IMEI; device i gets base + i (default 359710040000000)
  --seed-base <n>        device i's route seed is base + i (default 1)
  --speed-factor <x>     run simulated time x times faster (default 1)
  --full-rate <k>        benchmark mode: k fixes in flight per device, next on each ack
  --heartbeat <ms>       wall time between heartbeats, 0 = none (default 60000)
Runs until Ctrl-C.

${SCENARIO_USAGE}`;

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number, got ${value}`);
  return n;
}

function imeis(base: string, count: number): string[] {
  if (!/^\d{15}$/.test(base)) throw new Error(`--imei-base must be 15 digits, got ${base}`);
  return Array.from({ length: count }, (_, i) => String(BigInt(base) + BigInt(i)).padStart(15, '0'));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.some((a) => a === '--scenario' || a.startsWith('--scenario='))) {
    await runScenarioCli(args);
    return;
  }
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string' },
      devices: { type: 'string' },
      interval: { type: 'string' },
      'imei-base': { type: 'string', default: '359710040000000' },
      'seed-base': { type: 'string' },
      'speed-factor': { type: 'string' },
      'full-rate': { type: 'string' },
      heartbeat: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const count = positive('devices', values.devices, 20);
  const seedBase = positive('seed-base', values['seed-base'], 1);
  const window = values['full-rate'] === undefined ? undefined : positive('full-rate', values['full-rate'], 1);
  const sim = startSimulator({
    host: values.host,
    port: positive('port', values.port, 5023),
    devices: imeis(values['imei-base'], count).map((imei, i) => ({ imei, seed: seedBase + i })),
    intervalMs: positive('interval', values.interval, 5000),
    speedFactor: positive('speed-factor', values['speed-factor'], 1) || 1,
    heartbeatEveryMs: positive('heartbeat', values.heartbeat, 60_000),
    ...(window ? { fullRate: { window } } : {}),
  });
  console.log(`simulating ${count} GT06 trackers → ${values.host}:${values.port ?? 5023} (Ctrl-C to stop)`);
  const report = setInterval(() => {
    const s = sim.stats();
    console.log(
      `connected ${s.connected}/${s.devices}  sent ${s.sent}  acked ${s.acked}  pending ${s.pending}  reconnects ${s.reconnects}`,
    );
  }, 10_000);
  const shutdown = () => {
    clearInterval(report);
    void sim.stop().then(() => {
      console.log('stopped', sim.stats());
      process.exit(0);
    });
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  console.error(USAGE);
  process.exit(1);
});
