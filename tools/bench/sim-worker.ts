/**
 * Runs the simulator on its own thread (the second core), so the benchmark measures the
 * server rather than the load generator. Send times are posted back in batches.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startSimulator, type SendEvent } from '@jejak/simulator';
import { threadCpuS } from './cpu.ts';

interface WorkerInput {
  port: number;
  imeis: string[];
  intervalMs: number;
  fullRateWindow: number | null;
  seconds: number;
  protocol: 'gt06' | 'teltonika';
  records: number;
}

const input = workerData as WorkerInput;
const cpu0 = threadCpuS();
let batch: [string, number, number][] = [];
const sim = startSimulator({
  host: '127.0.0.1',
  port: input.port,
  devices: input.imeis.map((imei, i) => ({ imei, seed: i + 1 })),
  intervalMs: input.intervalMs,
  heartbeatEveryMs: 0,
  protocol: input.protocol,
  recordsPerPacket: input.records,
  ...(input.fullRateWindow ? { fullRate: { window: input.fullRateWindow } } : {}),
  // Send times matter to the latency phase only; full rate would spend the thread posting them.
  ...(input.fullRateWindow
    ? {}
    : {
        onSend: (e: SendEvent) => {
          if (!e.resend) batch.push([e.imei, e.deviceTimeMs, e.sentAtMs]);
        },
      }),
});
const flush = setInterval(() => {
  if (batch.length === 0) return;
  parentPort?.postMessage({ sends: batch });
  batch = [];
}, 200);
setTimeout(() => {
  void sim.stop().then(() => {
    clearInterval(flush);
    parentPort?.postMessage({ sends: batch, done: { ...sim.stats(), cpuS: threadCpuS() - cpu0 } });
  });
}, input.seconds * 1000);
