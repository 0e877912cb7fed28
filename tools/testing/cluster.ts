import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seedDemoFleet } from '../../apps/server/src/demo/seed.ts';
import { openPostgres } from '../../apps/server/src/storage/db/database.ts';
import { createUsersRepo } from '../../apps/server/src/storage/repos/accounts/users-repo.ts';
import { createScratchPostgres } from '../scratch-postgres.ts';
import { exited, freePort, serverAnswers, serverEnv, startServerProcess, waitFor } from '../server-process.ts';
import { startNatsServer } from './nats-server.ts';

const HAPROXY = '/usr/sbin/haproxy';
/**
 * HAProxy's own address towards the nodes (its `source`), the only one they trust as a proxy
 * (JEJAK_TRUSTED_PROXIES): a test reaching a node directly from 127.0.0.1 is an ordinary client.
 */
export const PROXY_ADDRESS = '127.0.0.2';

export type ClusterRole = 'gateway' | 'api' | 'scheduler';

export interface ClusterNode {
  /** `api-1`, `gateway-2`, `scheduler-1`: also the HAProxy server name. */
  name: string;
  role: ClusterRole;
  httpPort: number;
  /** The node's own GT06 and OsmAnd ports (gateway nodes only). */
  gt06Port: number | null;
  osmandPort: number | null;
  process: ChildProcess;
}

export interface Cluster {
  /** HAProxy's HTTP front (the console's and the API's address). */
  url: string;
  /** HAProxy's GT06 and OsmAnd fronts (the trackers' addresses). */
  gt06Port: number;
  osmandPort: number;
  databaseUrl: string;
  nodes: ClusterNode[];
  node(name: string): ClusterNode;
  /** Signals a node's process and resolves once it has ended. */
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  /** Stops NATS and starts it again on the same port and store. */
  restartNats(): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  adminUrl: string;
  gateways: number;
  apis: number;
  schedulers: number;
  /** Extra environment for every node (notification provider, sweep periods, ...). */
  env?: Record<string, string>;
  /** The built console (apps/web/dist) served by the api nodes; off unless given. */
  webDist?: string;
}

/**
 * A Jejak cluster on loopback for failure tests: a scratch PostgreSQL database with the demo
 * fleet, a nats-server of its own, gateway, api and scheduler nodes as real processes on free
 * ports, and HAProxy in front of them with a generated configuration (HTTP and the live
 * WebSocket to the api nodes, GT06 as TCP to the gateway nodes, health checked every 500 ms).
 * Scheduler nodes start one after the other, so the first one is the elected leader.
 */
export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const scratch = await createScratchPostgres(opts.adminUrl, 'jejak_cluster');
  const nats = await startNatsServer();
  const dir = mkdtempSync(path.join(tmpdir(), 'jejak-cluster-'));
  const nodes: ClusterNode[] = [];
  let haproxy: ChildProcess | null = null;
  const shared = {
    DATABASE_URL: scratch.url,
    NATS_URL: nats.url,
    JEJAK_TRUSTED_PROXIES: PROXY_ADDRESS,
    ...(opts.webDist ? { JEJAK_WEB_DIST: opts.webDist } : {}),
    ...opts.env,
  };
  const launch = async (role: ClusterRole, index: number): Promise<ClusterNode> => {
    const httpPort = await freePort();
    const [gt06Port, osmandPort] = role === 'gateway' ? [await freePort(), await freePort()] : [null, null];
    const gateways: Record<string, number> = gt06Port && osmandPort ? { gt06: gt06Port, osmand: osmandPort } : {};
    const env = { ...serverEnv(httpPort, gateways), ...shared };
    const process = startServerProcess(env, { role });
    const node = { name: `${role}-${index}`, role, httpPort, gt06Port, osmandPort, process };
    nodes.push(node);
    return node;
  };
  const started = (node: ClusterNode) => waitFor(() => serverAnswers(node.httpPort), 90_000, `${node.name} to start`);
  const cluster: Cluster = {
    url: '',
    gt06Port: 0,
    osmandPort: 0,
    databaseUrl: scratch.url,
    nodes,
    node(name) {
      const found = nodes.find((n) => n.name === name);
      if (!found) throw new Error(`no node ${name}`);
      return found;
    },
    async kill(name, signal = 'SIGKILL') {
      const { process } = cluster.node(name);
      process.kill(signal);
      await exited(process);
    },
    restartNats: () => nats.restart(),
    async stop() {
      for (const child of [...nodes.map((n) => n.process), haproxy]) {
        if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      await Promise.all([...nodes.map((n) => exited(n.process)), ...(haproxy ? [exited(haproxy)] : [])]);
      await nats.stop();
      await scratch.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    // The first node migrates the empty database; the others wait for it at their start.
    const first = await launch('api', 1);
    await started(first);
    const rest = [
      ...Array.from({ length: opts.apis - 1 }, (_, i) => launch('api', i + 2)),
      ...Array.from({ length: opts.gateways }, (_, i) => launch('gateway', i + 1)),
    ];
    await Promise.all((await Promise.all(rest)).map(started));
    for (let i = 1; i <= opts.schedulers; i++) {
      await started(await launch('scheduler', i));
      if (i === 1) await waitFor(() => schedulerLeads(scratch.url), 30_000, 'scheduler-1 to lead');
    }
    const handle = await openPostgres(scratch.url, 2, () => undefined);
    await seedDemoFleet(handle.db, createUsersRepo(handle.db), 'demo1234', Date.now());
    await handle.close();

    const ports = { http: await freePort(), gt06: await freePort(), osmand: await freePort() };
    const configFile = path.join(dir, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig(ports, nodes));
    haproxy = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
    cluster.url = `http://127.0.0.1:${ports.http}`;
    cluster.gt06Port = ports.gt06;
    cluster.osmandPort = ports.osmand;
    await waitFor(() => serverAnswers(ports.http), 15_000, 'HAProxy to answer');
    return cluster;
  } catch (err) {
    await cluster.stop();
    throw err;
  }
}

/** Whether a session holds the scheduler's advisory lock (ADR 0057) right now. */
export async function schedulerLeads(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const r = await client.query(
      `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where l.locktype = 'advisory' and l.granted and a.application_name = 'jejak-leader'
       and a.datname = current_database()`,
    );
    return (r.rows[0] as { n: number }).n > 0;
  } finally {
    await client.end();
  }
}

/**
 * HAProxy's configuration, as deploy/haproxy.cfg but on loopback ports and with fast checks:
 * a node is out after two failed checks 500 ms apart, back after one; a connection refused by
 * a dead node is retried on another one. Every response names the api node that served it
 * (X-Jejak-Node), so a test knows which node to kill. HAProxy reaches the nodes from
 * PROXY_ADDRESS and names each client: X-Forwarded-For to the api nodes, a PROXY protocol v2
 * header to the gateways.
 */
export function haproxyConfig(
  ports: { http: number; gt06: number; osmand: number },
  nodes: readonly ClusterNode[],
): string {
  const servers = (role: ClusterRole, port: (n: ClusterNode) => number, extra = '') =>
    nodes
      .filter((n) => n.role === role)
      .map((n) => `  server ${n.name} 127.0.0.1:${port(n)}${extra} check port ${n.httpPort} inter 500 fall 2 rise 1`)
      .join('\n');
  const trackers = (name: string, bind: number, port: (n: ClusterNode) => number) => `listen ${name}
  mode tcp
  bind 127.0.0.1:${bind}
  balance leastconn
  option httpchk GET /readyz
  http-check expect status 200
  default-server on-marked-down shutdown-sessions
${servers('gateway', port, ' send-proxy-v2')}
`;
  return `global
  maxconn 2000

defaults
  timeout connect 500ms
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  retries 3
  option redispatch 1
  source ${PROXY_ADDRESS}

frontend web
  mode http
  bind 127.0.0.1:${ports.http}
  default_backend api

backend api
  mode http
  balance leastconn
  option forwardfor
  option httpchk GET /readyz
  http-check expect status 200
  http-response set-header X-Jejak-Node %s
${servers('api', (n) => n.httpPort)}

${trackers('gt06', ports.gt06, (n) => n.gt06Port ?? 0)}
${trackers('osmand', ports.osmand, (n) => n.osmandPort ?? 0)}`;
}
