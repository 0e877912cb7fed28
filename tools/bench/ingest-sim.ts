import { Worker } from 'node:worker_threads';

export type IngestProtocol = 'gt06' | 'teltonika';

/** What a simulator run did: packets sent and acknowledged, reconnects, its thread's CPU seconds. */
export interface SimulatorStats {
  sent: number;
  acked: number;
  reconnects: number;
  cpuS: number;
}

export interface SimulatorRun {
  port: number;
  imeis: string[];
  /** Packets in flight per device at full rate; null for one fix a second per device. */
  fullRateWindow: number | null;
  seconds: number;
  protocol: IngestProtocol;
  records: number;
}

/**
 * Every simulated tracker connects from 127.0.0.1: the per-address limits (ADR 0034) would count
 * them as one host. The bench measures ingest, so they are lifted (--env sets them otherwise).
 */
export const LIFTED_ADDRESS_LIMITS: Record<string, string> = {
  JEJAK_GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: '10000000',
  JEJAK_GATEWAY_CONNECT_BURST_PER_ADDRESS: '10000000',
  JEJAK_GATEWAY_MESSAGE_BURST_PER_ADDRESS: '100000000',
  JEJAK_GATEWAY_MESSAGES_PER_MINUTE_PER_ADDRESS: '1000000000',
};

/** `--env KEY=VALUE` pairs as an environment. */
export const envPairs = (pairs: string[]): Record<string, string> =>
  Object.fromEntries(pairs.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));

/** The simulator on a worker thread of its own; `onSends` gets its send times in batches. */
export function runSimulator(
  run: SimulatorRun,
  onSends: (s: [string, number, number][]) => void = () => undefined,
): Promise<SimulatorStats> {
  return new Promise((resolve, reject) => {
    // Workers do not inherit tsx's loader: register it inside, then load the TypeScript worker.
    const entry = JSON.stringify(new URL('./sim-worker.ts', import.meta.url).href);
    const boot = `import('tsx/esm/api').then((t) => { t.register(); return import(${entry}); })`;
    const worker = new Worker(boot, { eval: true, workerData: { ...run, intervalMs: 1000 } });
    worker.on('message', (m: { sends: [string, number, number][]; done?: SimulatorStats }) => {
      onSends(m.sends);
      if (m.done) {
        resolve(m.done);
        void worker.terminate();
      }
    });
    worker.on('error', reject);
  });
}
