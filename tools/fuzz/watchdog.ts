import { Worker } from 'node:worker_threads';

/**
 * The server runs in the fuzzer's process, so a decoder stuck in a loop would freeze every
 * timeout of the run with it. A worker thread watches a heartbeat of the main thread; if it stops
 * for `stallMs`, the worker prints the last frames sent (hex) to stderr and kills the process.
 */
const SLOTS = 16;
const SLOT_BYTES = 4096;
const HEADER_INTS = 4; // heartbeat ms, next slot, spare, spare
const SLOT_HEADER_INTS = 2; // length + 1 (0: empty slot), spare

const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { sab, slots, slotBytes, headerInts, slotHeaderInts, stallMs, startedAt, label } = workerData;
const header = new Int32Array(sab, 0, headerInts);
const slotStride = slotHeaderInts * 4 + slotBytes;
setInterval(() => {
  const quiet = Date.now() - startedAt - Atomics.load(header, 0);
  if (quiet < stallMs) return;
  const lines = ['fuzz watchdog: the main thread has not run for ' + quiet + ' ms during ' + label + '; last frames sent, oldest first:'];
  const next = Atomics.load(header, 1);
  for (let k = 0; k < slots; k++) {
    const slot = (next + k) % slots;
    const base = headerInts * 4 + slot * slotStride;
    const stored = new Int32Array(sab, base, 1)[0];
    if (stored === 0) continue;
    const length = stored - 1;
    lines.push('  ' + Buffer.from(new Uint8Array(sab, base + slotHeaderInts * 4, Math.min(length, slotBytes))).toString('hex'));
  }
  fs.writeSync(2, lines.join('\\n') + '\\n');
  process.kill(process.pid, 'SIGKILL');
}, 250);
`;

export interface Watchdog {
  /** Remembers a frame about to be sent (the last ${SLOTS} are printed on a stall). */
  record(bytes: Uint8Array): void;
  stop(): Promise<void>;
}

export function startWatchdog(stallMs: number, label: string): Watchdog {
  const slotStride = SLOT_HEADER_INTS * 4 + SLOT_BYTES;
  const sab = new SharedArrayBuffer(HEADER_INTS * 4 + SLOTS * slotStride);
  const header = new Int32Array(sab, 0, HEADER_INTS);
  const startedAt = Date.now();
  const beat = () => Atomics.store(header, 0, Date.now() - startedAt);
  beat();
  const timer = setInterval(beat, 100);
  timer.unref();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      sab,
      slots: SLOTS,
      slotBytes: SLOT_BYTES,
      headerInts: HEADER_INTS,
      slotHeaderInts: SLOT_HEADER_INTS,
      stallMs,
      startedAt,
      label,
    },
  });
  worker.unref();
  return {
    record(bytes) {
      const slot = Atomics.load(header, 1);
      const base = HEADER_INTS * 4 + slot * slotStride;
      const length = Math.min(bytes.length, SLOT_BYTES);
      new Uint8Array(sab, base + SLOT_HEADER_INTS * 4, length).set(bytes.subarray(0, length));
      new Int32Array(sab, base, 1)[0] = bytes.length + 1;
      Atomics.store(header, 1, (slot + 1) % SLOTS);
    },
    async stop() {
      clearInterval(timer);
      await worker.terminate();
    },
  };
}
