import { ConfigError, loadConfig } from './config/load.ts';
import { startJejak } from './app.ts';
import { DEMO_USERS } from './demo/demo-fleet.ts';
import {
  DEMO_SOS_EVERY_MS,
  DEMO_SOS_VEHICLE,
  DEMO_SPEEDER_CRUISE_FACTOR,
  DEMO_SPEEDER_VEHICLE,
} from './demo/demo-rules.ts';
import { demoImeis } from './demo/seed.ts';

const USAGE = `Usage: jejak [start] [--no-demo]

Starts every role in one process: device gateways, pipeline, API, live channel and scheduler.
  --no-demo   no demo fleet and no simulator
Configuration comes from the environment: see docs/config.md.`;

async function main(argv: string[]): Promise<void> {
  const args = argv.filter((a) => a !== 'start');
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const unknown = args.filter((a) => a !== '--no-demo');
  if (unknown.length > 0) {
    console.error(`Unknown argument(s): ${unknown.join(' ')}\n\n${USAGE}`);
    process.exit(2);
  }
  let config;
  try {
    config = loadConfig(process.env, args.includes('--no-demo') ? { JEJAK_DEMO: false } : {});
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const running = await startJejak(config);
  let stopSimulator: (() => Promise<void>) | null = null;
  if (config.JEJAK_DEMO) {
    const { startSimulator } = await import('@jejak/simulator');
    const sim = startSimulator({
      host: '127.0.0.1',
      port: running.gatewayPorts.gt06 ?? 5023,
      devices: demoImeis().map((imei, i) => ({
        imei,
        seed: i + 1,
        ...(i === DEMO_SOS_VEHICLE ? { sosEveryMs: DEMO_SOS_EVERY_MS } : {}),
        ...(i === DEMO_SPEEDER_VEHICLE ? { cruiseFactor: DEMO_SPEEDER_CRUISE_FACTOR } : {}),
      })),
      intervalMs: config.JEJAK_DEMO_INTERVAL_MS,
    });
    stopSimulator = () => sim.stop();
  }

  const lines = [
    '',
    `Jejak is running: ${running.httpUrl}`,
    `  database: ${running.database.kind}${running.database.kind === 'pglite' ? ` in ${config.JEJAK_DATA_DIR}` : ''}`,
    `  gateways: ${Object.entries(running.gatewayPorts)
      .map(([key, port]) => {
        const [id, transport = 'tcp'] = key.split('/');
        return `${id} on ${transport.toUpperCase()} ${port}`;
      })
      .join(', ')}`,
  ];
  if (config.JEJAK_DEMO) {
    lines.push(
      `  demo fleet${running.seeded ? ' (seeded now)' : ''}, simulator driving ${demoImeis().length} vehicles`,
    );
    lines.push(
      '  sign in as (password ' + (process.env.JEJAK_DEMO_PASSWORD ? 'from JEJAK_DEMO_PASSWORD' : 'demo1234') + '):',
    );
    for (const u of DEMO_USERS)
      lines.push(`    ${u.email.padEnd(28)} ${u.role}${u.stages.includes('V2') ? '' : ' (V1 only)'}`);
  }
  console.log(lines.join('\n') + '\n');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.http.log.info({ signal }, 'shutting down');
    await stopSimulator?.();
    await running.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error('Jejak failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
