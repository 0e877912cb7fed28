import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { GAUGES, type GatewayCounters } from '../gateway/counters.ts';
import type { CommitObserver } from '../pipeline/commit/commit.ts';

/** The state a scrape reads where it lives: nothing is counted twice. */
export interface MetricSources {
  gateway?: {
    counters: GatewayCounters;
    /** Open connections (TCP), remotes (UDP) or keep-alive connections (HTTP) per listener. */
    listeners: () => { protocol: string; transport: string; connections: number }[];
    /** Device-log rows in the open batch, and sealed batches committing now. */
    pipeline: () => { openRows: number; committing: number };
  };
  live?: () => number;
  database?: () => { total: number; idle: number; waiting: number };
}

/** camelCase → snake_case, for the gateway counters' names. */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * One registry per process (tests run several servers in one): prom-client's defaults (event-loop
 * lag, memory, CPU) and Jejak's own, every name beginning `jejak_` (ADR 0084). Counters the
 * process keeps elsewhere (the gateway's) are read at each scrape, never kept twice.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'jejak_' });
  const registers = [registry];

  const positions = new Counter({
    name: 'jejak_positions_stored_total',
    help: 'Positions (gps#latest and gps#memory device-log rows) committed to the store',
    registers,
  });
  const commitSeconds = new Histogram({
    name: 'jejak_store_commit_seconds',
    help: 'Time to commit one batch of the pipeline',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const batchRows = new Histogram({
    name: 'jejak_store_batch_rows',
    help: 'Device-log rows per committed batch',
    buckets: [1, 5, 10, 50, 100, 500, 1000, 5000, 10000],
    registers,
  });
  const commitFailures = new Counter({
    name: 'jejak_store_commit_failures_total',
    help: 'Batches whose commit failed (each device is then tried alone)',
    registers,
  });
  const http = new Histogram({
    name: 'jejak_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status, with their latency',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const notifications = new Counter({
    name: 'jejak_notifications_total',
    help: 'Notification delivery attempts by channel and outcome (sent, retrying, failed)',
    labelNames: ['channel', 'outcome'] as const,
    registers,
  });

  const commit: CommitObserver = {
    committed({ positions: stored, rows, seconds }) {
      positions.inc(stored);
      commitSeconds.observe(seconds);
      batchRows.observe(rows);
    },
    failed: () => commitFailures.inc(),
  };

  return {
    registry,
    commit,
    httpRequest(method: string, route: string, statusCode: number, seconds: number): void {
      http.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    notificationAttempt(channel: string, outcome: 'sent' | 'retrying' | 'failed'): void {
      notifications.inc({ channel, outcome });
    },
    /** Adds what this process's roles hold; called by each role as it starts. */
    observe(sources: MetricSources): void {
      if (sources.gateway) observeGateway(registers, sources.gateway);
      const { live, database } = sources;
      if (live)
        new Gauge({
          name: 'jejak_live_sockets',
          help: 'Open live-channel WebSockets',
          registers,
          collect() {
            this.set(live());
          },
        });
      if (database) observeDatabase(registers, database);
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

function observeGateway(registers: Registry[], gateway: NonNullable<MetricSources['gateway']>): void {
  const { counters } = gateway;
  for (const key of Object.keys(counters) as (keyof GatewayCounters)[]) {
    const help = `Gateway counter ${key} (apps/server/src/gateway/counters.ts)`;
    if ((GAUGES as readonly string[]).includes(key))
      new Gauge({
        name: `jejak_gateway_${snake(key)}`,
        help,
        registers,
        collect() {
          this.set(counters[key]);
        },
      });
    else
      new Counter({
        name: `jejak_gateway_${snake(key)}_total`,
        help,
        registers,
        collect() {
          // The gateway keeps the count; the scrape reports it as it stands.
          this.reset();
          this.inc(counters[key]);
        },
      });
  }
  new Gauge({
    name: 'jejak_gateway_open_connections',
    help: 'Open tracker connections (TCP, HTTP) or remembered remotes (UDP) per protocol',
    labelNames: ['protocol', 'transport'] as const,
    registers,
    collect() {
      this.reset();
      for (const l of gateway.listeners()) this.set({ protocol: l.protocol, transport: l.transport }, l.connections);
    },
  });
  new Gauge({
    name: 'jejak_pipeline_queue',
    help: 'The pipeline queue: device-log rows waiting in the open batch, batches committing',
    labelNames: ['stage'] as const,
    registers,
    collect() {
      const { openRows, committing } = gateway.pipeline();
      this.set({ stage: 'open_batch_rows' }, openRows);
      this.set({ stage: 'committing_batches' }, committing);
    },
  });
}

function observeDatabase(registers: Registry[], read: NonNullable<MetricSources['database']>): void {
  new Gauge({
    name: 'jejak_db_pool_connections',
    help: 'Database connections by state (PGlite: one, busy while a query runs)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const { total, idle } = read();
      this.set({ state: 'total' }, total);
      this.set({ state: 'idle' }, idle);
    },
  });
  new Gauge({
    name: 'jejak_db_pool_waiting',
    help: 'Queries waiting for a database connection',
    registers,
    collect() {
      this.set(read().waiting);
    },
  });
}
