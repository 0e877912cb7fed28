import { readFileSync } from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { hexToBytes, protocolById, type Transport } from '@jejak/protocols';
import type { RunningJejak } from '../../apps/server/src/app.ts';
import { GAUGES, type GatewayCounters } from '../../apps/server/src/gateway/counters.ts';
import { loadCorpus, type Corpus } from './corpus.ts';
import { registerFuzzDevices } from './fleet.ts';
import { observeServer, type Observer } from './observe.ts';
import { gt06LoginOk, probeId, protocolOk, startCanary, versionOk, type CanaryStats } from './probes.ts';
import { httpStream, sendRaw } from './senders-http.ts';
import { newSendStats, playTcp, playUdp, tcpStream, udpStream, type SendContext, type SendStats } from './senders.ts';
import type { Finding } from './triage.ts';
import { startWatchdog, type Watchdog } from './watchdog.ts';

/**
 * The fuzz server's configuration: the fuzzer, its probes and its canary all speak from
 * 127.0.0.1, so the per-address limits (ADR 0034) would turn the probes away with the fuzzer.
 * They are lifted here; the fuzz run measures the decoders and the process-wide bounds, and
 * apps/server/test/gateway-trust.test.ts the per-address ones.
 */
export const FUZZ_SERVER_ENV: Record<string, string> = {
  JEJAK_GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: '10000000',
  JEJAK_GATEWAY_CONNECT_BURST_PER_ADDRESS: '10000000',
  JEJAK_GATEWAY_CONNECTS_PER_MINUTE_PER_ADDRESS: '100000000',
  JEJAK_GATEWAY_MESSAGE_BURST_PER_ADDRESS: '100000000',
  JEJAK_GATEWAY_MESSAGES_PER_MINUTE_PER_ADDRESS: '1000000000',
  JEJAK_GATEWAY_UNKNOWN_PER_ADDRESS: '1000000',
};

/**
 * One fuzz run: `frames` hostile frames of one protocol over one transport, over real sockets to
 * a running server, with bounded concurrency; then: did the server survive, is it still serving,
 * did it count what it refused, and did its memory come back down?
 */
export interface FuzzOptions {
  server: RunningJejak;
  protocol: string;
  transport: Transport;
  frames: number;
  seed: number;
  /** Streams in flight at once: TCP connections, UDP sockets, HTTP sockets. */
  connections: number;
  /**
   * Most frames per stream (TCP connection, UDP socket, HTTP keep-alive run). Default 4: a TCP
   * connection seldom survives its second fuzz frame, and the bytes sent after the one it is
   * refused for are never read.
   */
  maxBurst?: number;
  /** Timeout of every socket operation. Default 5 s. */
  opTimeoutMs?: number;
  /** The run stops sending after this long. Default: 10 min + 10 ms per frame. */
  deadlineMs?: number;
  /**
   * The run stops sending when no frame went out for this long (every stream stuck in its
   * timeouts), and a main thread frozen this long kills the process, printing the last frames.
   * Default 60 s.
   */
  stallMs?: number;
  /** Find the frames behind failed commits after the run (slow: replays). Default true. */
  triage?: boolean;
}

export interface MemorySample {
  rssMb: number;
  heapUsedMb: number;
}

/** Counter increases over a run; gauges left out. */
export type CounterDeltas = Omit<GatewayCounters, (typeof GAUGES)[number]>;

export interface FuzzResult {
  protocol: string;
  transport: Transport;
  seed: number;
  sent: SendStats;
  /** Sending, from the first frame to the last. */
  elapsedMs: number;
  /** Then until the pipeline had committed everything (the server has no backpressure on UDP). */
  drainMs: number;
  /** The pipeline had not caught up after DRAIN_TIMEOUT_MS. */
  drainTimedOut: boolean;
  /** Over sending and draining. */
  framesPerSecond: number;
  /** Counter deltas over the run (triage replays excluded). */
  counters: CounterDeltas;
  /**
   * Frames the server decoded: accepted + bad + unsupported. Fewer than sent: bytes after a
   * refused frame are dropped with the connection, a stream cut anywhere frames differently, and
   * UDP datagrams are dropped past the pending limit. Over HTTP, bad includes requests refused
   * unparsed (400, 413, 431), and one raw input can hold more than one request.
   */
  decoded: number;
  /** UDP datagrams the kernel dropped for a full receive buffer over the run (system-wide; Linux). */
  udpKernelDrops: number | null;
  /** Before (after a GC), highest seen while sending, after, and after a GC. */
  memory: { before: MemorySample; peak: MemorySample; after: MemorySample; afterGc: MemorySample; gc: boolean };
  /** Growth of heapUsed after GC (or of rss, without a GC), MB. */
  growthMb: number;
  eventLoopMaxMs: number;
  canary: CanaryStats;
  probes: { version: boolean; gt06Login: boolean; protocol: boolean | null };
  /** Server log lines that mean trouble, counted by kind. */
  trouble: Record<string, number>;
  findings: Finding[];
  uncaught: string[];
  /** Sending stopped before every frame went out: no progress for `stallMs`, or the deadline passed. */
  timedOut: boolean;
  alive: boolean;
}

/** A GC on demand: `global.gc` under --expose-gc, otherwise the same function, exposed at run time. */
export function forceGc(): boolean {
  let gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) {
    try {
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as () => void;
    } catch {
      return false;
    }
  }
  gc();
  gc();
  return true;
}

/** Linux's count of UDP datagrams dropped for a full receive buffer, or null where there is none. */
function udpReceiveBufferErrors(): number | null {
  try {
    const [names, values] = readFileSync('/proc/net/snmp', 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('Udp:'))
      .map((l) => l.trim().split(/\s+/));
    const at = names?.indexOf('RcvbufErrors') ?? -1;
    return at < 0 ? null : Number(values?.[at]);
  } catch {
    return null;
  }
}

export function memorySample(): MemorySample {
  const m = process.memoryUsage();
  return { rssMb: m.rss / 2 ** 20, heapUsedMb: m.heapUsed / 2 ** 20 };
}

/** How long the pipeline may take to catch up after the last frame (UDP and HTTP have no backpressure). */
const DRAIN_TIMEOUT_MS = 300_000;
const PEAK_SAMPLE_MS = 250;
const DEFAULT_STALL_MS = 60_000;

interface Target {
  port: number;
  portKey: string;
  corpus: Corpus;
  probeDvid: string;
}

/** The gateway to fuzz, its corpus, and the devices registered for it. */
async function prepare(app: RunningJejak, protocolId: string, transport: Transport): Promise<Target> {
  const protocol = protocolById(protocolId);
  if (!protocol?.transports.includes(transport)) throw new Error(`no ${protocolId} over ${transport}`);
  const portKey = transport === 'tcp' ? protocolId : `${protocolId}/${transport}`;
  const port = app.gatewayPorts[portKey];
  if (port === undefined) throw new Error(`the server has no ${portKey} gateway`);
  const corpus = loadCorpus(protocol, transport);
  const probeDvid = await registerFuzzDevices(app, protocol, corpus.ids, probeId(protocolId));
  return { port, portKey, corpus, probeDvid };
}

/**
 * `connections` workers, each running one stream after another until the budget is spent, the
 * deadline passes, or nothing has been sent for `stallMs`.
 */
async function sendAll(ctx: SendContext, transport: Transport, connections: number, stallMs: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let next = 0;
  let sentBefore = -1;
  const progress = setInterval(() => {
    if (ctx.stats.frames === sentBefore) ctx.deadline = 0;
    sentBefore = ctx.stats.frames;
  }, stallMs);
  const worker = async () => {
    while (ctx.budget.left > 0 && Date.now() <= ctx.deadline) {
      const index = next++;
      if (transport === 'tcp') await tcpStream(ctx, index);
      else if (transport === 'udp') await udpStream(ctx, index);
      else await httpStream(ctx, index, agent);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, connections) }, worker));
  } finally {
    clearInterval(progress);
    agent.destroy();
  }
}

function counterDeltas(from: GatewayCounters, to: GatewayCounters): CounterDeltas {
  const deltas = { ...to };
  for (const key of Object.keys(to) as (keyof GatewayCounters)[]) deltas[key] = to[key] - from[key];
  for (const gauge of GAUGES) delete (deltas as Partial<GatewayCounters>)[gauge];
  return deltas;
}

interface Baseline {
  gc: boolean;
  memory: MemorySample;
  counters: GatewayCounters;
  udpDrops: number | null;
}

function baseline(app: RunningJejak): Baseline {
  const gc = forceGc();
  return { gc, memory: memorySample(), counters: { ...app.counters }, udpDrops: udpReceiveBufferErrors() };
}

interface Sending {
  ctx: SendContext;
  elapsedMs: number;
  drainMs: number;
  drainTimedOut: boolean;
  canary: CanaryStats;
  eventLoopMaxMs: number;
  peak: MemorySample;
}

/** Sends every frame with a canary device reporting alongside, then waits for the pipeline to catch up. */
async function send(opts: FuzzOptions, target: Target, observer: Observer, watchdog: Watchdog): Promise<Sending> {
  const ctx: SendContext = {
    port: target.port,
    seed: opts.seed,
    corpus: target.corpus,
    budget: { left: opts.frames },
    deadline: Date.now() + (opts.deadlineMs ?? 600_000 + 10 * opts.frames),
    maxBurst: opts.maxBurst ?? 4,
    opTimeoutMs: opts.opTimeoutMs ?? 5000,
    lingerMs: 30,
    stats: newSendStats(),
    streams: observer.streams,
    record: (b) => watchdog.record(b),
    onStreamEnd: (s) => observer.onStreamEnd(s),
  };
  const peak = memorySample();
  const sampler = setInterval(() => {
    const m = memorySample();
    peak.rssMb = Math.max(peak.rssMb, m.rssMb);
    peak.heapUsedMb = Math.max(peak.heapUsedMb, m.heapUsedMb);
  }, PEAK_SAMPLE_MS);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const canary = startCanary(opts.server);
  let canaryStats: CanaryStats | null = null;
  loop.enable();
  try {
    const startedAt = performance.now();
    await sendAll(ctx, opts.transport, opts.connections, opts.stallMs ?? DEFAULT_STALL_MS);
    const elapsedMs = performance.now() - startedAt;
    loop.disable();
    canaryStats = await canary.stop();
    const drainStartedAt = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([
      opts.server.pipeline.drain().then(() => true),
      new Promise<false>((r) => (timer = setTimeout(() => r(false), DRAIN_TIMEOUT_MS))),
    ]);
    clearTimeout(timer);
    const drainMs = performance.now() - drainStartedAt;
    return {
      ctx,
      elapsedMs,
      drainMs,
      drainTimedOut: !drained,
      canary: canaryStats,
      eventLoopMaxMs: loop.max / 1e6,
      peak,
    };
  } finally {
    clearInterval(sampler);
    loop.disable();
    if (!canaryStats) await canary.stop();
  }
}

export async function runFuzz(opts: FuzzOptions): Promise<FuzzResult> {
  const { server: app, protocol, transport, seed } = opts;
  const target = await prepare(app, protocol, transport);
  const observer = observeServer(app);
  const watchdog = startWatchdog(opts.stallMs ?? DEFAULT_STALL_MS, `${target.portKey} seed ${seed}`);
  try {
    const start = baseline(app);
    const sending = await send(opts, target, observer, watchdog);
    const probes = {
      version: await versionOk(app),
      gt06Login: await gt06LoginOk(app),
      protocol: await protocolOk(app, protocol, transport, target.probeDvid),
    };
    const counters = counterDeltas(start.counters, app.counters);
    const udpDrops = udpReceiveBufferErrors();
    const after = memorySample();
    if (opts.triage !== false) observer.findings.push(...(await observer.triage.run(sending.ctx)));
    // What the run itself holds (streams kept for triage) must not count as the server's growth.
    observer.release();
    forceGc();
    const afterGc = memorySample();
    const { ctx, elapsedMs, drainMs, drainTimedOut } = sending;
    return {
      protocol,
      transport,
      seed,
      sent: ctx.stats,
      elapsedMs,
      drainMs,
      drainTimedOut,
      framesPerSecond: ctx.stats.frames / ((elapsedMs + drainMs) / 1000),
      counters,
      decoded: counters.frames + counters.badFrames + counters.unsupportedFrames,
      udpKernelDrops: start.udpDrops === null || udpDrops === null ? null : udpDrops - start.udpDrops,
      memory: { before: start.memory, peak: sending.peak, after, afterGc, gc: start.gc },
      growthMb: start.gc ? afterGc.heapUsedMb - start.memory.heapUsedMb : afterGc.rssMb - start.memory.rssMb,
      eventLoopMaxMs: sending.eventLoopMaxMs,
      canary: sending.canary,
      probes,
      trouble: observer.trouble,
      findings: observer.findings,
      uncaught: observer.uncaught,
      timedOut: ctx.budget.left > 0,
      alive: observer.uncaught.length === 0 && probes.version && probes.gt06Login && probes.protocol !== false,
    };
  } finally {
    await watchdog.stop();
    observer.stop();
  }
}

export interface ReplayResult {
  counters: CounterDeltas;
  trouble: Record<string, number>;
  findings: Finding[];
  uncaught: string[];
}

/**
 * Sends the given frames (hex), in order, on one fresh stream (one connection, one UDP socket,
 * or one request per frame over HTTP), waits for the pipeline, and says what the server made of
 * them: `npm run fuzz -- --protocol h02/udp --replay <hex>[,<hex>…]`.
 */
export async function replayFrames(
  app: RunningJejak,
  protocol: string,
  transport: Transport,
  framesHex: string[],
): Promise<ReplayResult> {
  const target = await prepare(app, protocol, transport);
  const observer = observeServer(app);
  try {
    const startCounters = { ...app.counters };
    const ctx: SendContext = {
      port: target.port,
      seed: 0,
      corpus: target.corpus,
      budget: { left: Infinity },
      deadline: Infinity,
      maxBurst: 1,
      opTimeoutMs: 5000,
      lingerMs: 1000,
      stats: newSendStats(),
      streams: observer.streams,
      record: () => undefined,
      onStreamEnd: () => undefined,
    };
    const frames = framesHex.map((h) => hexToBytes(h));
    await replayOn(ctx, transport, frames);
    await app.pipeline.drain();
    return {
      counters: counterDeltas(startCounters, app.counters),
      trouble: observer.trouble,
      findings: observer.findings,
      uncaught: observer.uncaught,
    };
  } finally {
    observer.stop();
  }
}

/** Sends `frames` in order on one fresh stream of `transport` (HTTP: each frame is a whole request, sent raw). */
async function replayOn(ctx: SendContext, transport: Transport, frames: Uint8Array[]): Promise<void> {
  const queue = [...frames];
  if (transport === 'tcp')
    await playTcp(
      ctx,
      null,
      () => queue.shift() ?? null,
      () => null,
    );
  else if (transport === 'udp') await playUdp(ctx, () => queue.shift() ?? null);
  else for (const f of frames) await sendRaw(ctx, f);
}
