import { ConfigError, loadConfig } from './config/load.ts';
import type { Config } from './config/schema.ts';
import { startJejak } from './app.ts';
import { createInProcessBus } from './bus/bus.ts';
import { createNatsBus } from './bus/nats-bus.ts';
import { runCreateAdmin } from './admin/create-admin-cli.ts';
import { runCheckConfig } from './config/check-config-cli.ts';
import { runBackup, runRestore } from './ops/backup-cli.ts';
import { unknownConfigKeys, unknownKeyMessage } from './config/unknown-keys.ts';
import { DEMO_USERS, DEMO_VEHICLES } from './demo/demo-fleet.ts';
import { demoSimulations } from './demo/demo-simulation.ts';
import { createProcessLogger } from './roles/logger.ts';
import { NODE_ROLES, startNode, type NodeRole } from './roles/nodes.ts';
import { createNodeIdentity, type RoleOptions } from './roles/shared.ts';

const USAGE = `Usage: jejak [start|gateway|api|scheduler] [--no-demo]
       jejak create-admin --email … --name … --contact … --address …   (password on standard input)
       jejak check-config
       jejak backup FILE | jejak restore FILE

  start       every role in one process (the default), with the demo fleet and its simulator
  gateway     device gateways and the pipeline behind them
  api         the API, the live channel and the console
  scheduler   timed jobs: package expiry, escalation calls, partitions, expired sessions, and
              the recomputes and disconnect sweep of devices no live gateway node holds,
              notification deliveries and retries
  create-admin  an administrator for a new installation (docs/deploy.md, "First users")
  check-config  what is wrong with the configuration: invalid values, unknown JEJAK_* keys
  backup      a consistent copy of the embedded database, taken while it runs
  restore     the embedded database from such a copy, into an empty JEJAK_DATA_DIR
  --no-demo   no demo fleet and no simulator (start)

gateway, api and scheduler run as many copies as needed on one PostgreSQL (DATABASE_URL),
reaching each other through NATS (NATS_URL). See docs/decisions/0059-roles.md.
Configuration comes from the environment: see docs/config.md.`;

type Role = 'start' | NodeRole;

interface Running {
  lines: string[];
  stop(): Promise<void>;
}

function parseArgs(argv: string[]): { role: Role; noDemo: boolean } | 'help' {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  const roles = argv.filter((a) => a === 'start' || NODE_ROLES.includes(a as NodeRole)) as Role[];
  const unknown = argv.filter((a) => a !== '--no-demo' && !roles.includes(a as Role));
  if (unknown.length > 0 || roles.length > 1) {
    console.error(
      `${unknown.length > 0 ? `Unknown argument(s): ${unknown.join(' ')}` : 'One role at a time'}\n\n${USAGE}`,
    );
    process.exit(2);
  }
  return { role: roles[0] ?? 'start', noDemo: argv.includes('--no-demo') };
}

/** A role of its own needs what the other nodes share: PostgreSQL and NATS (ADR 0059). */
function scaleOutProblems(role: NodeRole, config: Config): string[] {
  const problems: string[] = [];
  if (!config.DATABASE_URL)
    problems.push(
      `jejak ${role} needs PostgreSQL: set DATABASE_URL. The embedded database (PGlite) serves one process only: run \`jejak start\` for that.`,
    );
  if (!config.NATS_URL)
    problems.push(
      `jejak ${role} needs NATS: set NATS_URL. Separate role processes reach each other through it: run \`jejak start\` for one process.`,
    );
  return problems;
}

/**
 * The process's one log, made before anything else: Fastify and every role write to it, and a
 * failure from here on (configuration, database, migrations, a port in use) is logged before the
 * process exits, never lost (ADR 0067).
 */
const log = createProcessLogger();

async function main(argv: string[]): Promise<void> {
  const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
  const [command, ...rest] = argv;
  if (command === 'create-admin')
    process.exit(await runCreateAdmin(rest, process.env, { ...io, stdin: process.stdin }));
  if (command === 'check-config') process.exit(runCheckConfig(rest, process.env, io));
  if (command === 'backup') process.exit(await runBackup(rest, process.env, io));
  if (command === 'restore') process.exit(await runRestore(rest, process.env, io));
  const args = parseArgs(argv);
  if (args === 'help') {
    console.log(USAGE);
    return;
  }
  const { role, noDemo } = args;
  // Before the configuration is read: a misspelt key may be why it is invalid, or why a default holds.
  for (const unknown of unknownConfigKeys(process.env))
    log.warn({ key: unknown.key, closest: unknown.closest }, unknownKeyMessage(unknown));
  let config;
  try {
    // The demo fleet and its simulator belong to `start` only: a scaled-out fleet is a real one.
    config = loadConfig(process.env, noDemo || role !== 'start' ? { JEJAK_DEMO: false } : {});
  } catch (err) {
    if (err instanceof ConfigError) {
      log.fatal({ problems: err.problems }, err.message);
      process.exit(1);
    }
    throw err;
  }
  log.level = config.JEJAK_LOG_LEVEL;
  if (role !== 'start') {
    const problems = scaleOutProblems(role, config);
    if (problems.length > 0) {
      log.fatal({ problems }, problems.join('\n'));
      process.exit(1);
    }
  }

  // One name for this process: its NATS client's and its node's among the others (ADR 0062).
  const node = createNodeIdentity(role);
  // The one place that picks the bus (DESIGN §2): NATS when NATS_URL is set, else in-process.
  const onBusError = (err: unknown, context: string) => log.error({ err, context }, 'bus');
  const bus = config.NATS_URL
    ? await createNatsBus({
        url: config.NATS_URL,
        name: node.name,
        onError: onBusError,
      })
    : createInProcessBus(onBusError);
  const opts: RoleOptions = { bus, node, log };
  const running = role === 'start' ? await startAll(config, opts) : await startRole(role, config, opts);
  console.log(running.lines.join('\n') + '\n');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await running.stop();
    await bus.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

function gatewayLine(ports: Record<string, number>): string {
  return `  gateways: ${Object.entries(ports)
    .map(([key, port]) => {
      const [id, transport = 'tcp'] = key.split('/');
      return `${id} on ${transport.toUpperCase()} ${port}`;
    })
    .join(', ')}`;
}

async function startRole(role: NodeRole, config: Config, opts: RoleOptions): Promise<Running> {
  const node = await startNode(role, config, opts);
  const lines = ['', `Jejak ${role} is running: ${node.httpUrl}`, `  database: ${node.database.kind}`];
  if (role === 'gateway') lines.push(gatewayLine(node.gatewayPorts));
  return { lines, stop: () => node.stop() };
}

async function startAll(config: Config, opts: RoleOptions): Promise<Running> {
  const running = await startJejak(config, opts);
  let stopSimulator: (() => Promise<void>) | null = null;
  if (config.JEJAK_DEMO) {
    const { startSimulator } = await import('@jejak/simulator');
    const sims = demoSimulations({
      host: '127.0.0.1',
      gt06Port: running.gatewayPorts.gt06 ?? 5023,
      teltonikaPort: running.gatewayPorts.teltonika,
      intervalMs: config.JEJAK_DEMO_INTERVAL_MS,
    }).map((options) => startSimulator(options));
    stopSimulator = async () => {
      await Promise.all(sims.map((sim) => sim.stop()));
    };
  }

  const lines = [
    '',
    `Jejak is running: ${running.httpUrl}`,
    `  database: ${running.database.kind}${running.database.kind === 'pglite' ? ` in ${config.JEJAK_DATA_DIR}` : ''}`,
    gatewayLine(running.gatewayPorts),
  ];
  if (config.JEJAK_DEMO) {
    lines.push(
      `  demo fleet${running.seeded ? ' (seeded now)' : ''}, simulator driving ${DEMO_VEHICLES.length} vehicles` +
        ` (${DEMO_VEHICLES.filter((v) => v.fuelSensor).length} with fuel sensors over Teltonika)`,
    );
    lines.push(
      '  sign in as (password ' + (process.env.JEJAK_DEMO_PASSWORD ? 'from JEJAK_DEMO_PASSWORD' : 'demo1234') + '):',
    );
    for (const u of DEMO_USERS)
      lines.push(`    ${u.email.padEnd(28)} ${u.role}${u.stages.includes('V2') ? '' : ' (V1 only)'}`);
  }
  return {
    lines,
    async stop() {
      await stopSimulator?.();
      await running.stop();
    },
  };
}

main(process.argv.slice(2)).catch((err: unknown) => {
  log.fatal({ err }, `Jejak failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
