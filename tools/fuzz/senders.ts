import dgram from 'node:dgram';
import net from 'node:net';
import type { Corpus } from './corpus.ts';
import { generateFrame } from './mutate.ts';
import { createRng, streamSeed } from './rng.ts';

/**
 * The three ways frames reach the server, over real sockets on 127.0.0.1. A stream is one TCP
 * connection, one UDP socket or one run of HTTP requests, with its own Rng (seed, stream index):
 * it sends a burst of frames and ends. Every wait has a timeout, so a stream always ends. Each
 * stream is handed to `onStreamEnd` with a way to send its frames again (triage.ts). HTTP is in
 * senders-http.ts.
 */
export const HOST = '127.0.0.1';

export interface SendStats {
  frames: number;
  bytes: number;
  /** TCP connections, UDP sockets, or HTTP requests. */
  connections: number;
  /** TCP: connections the server refused (a bad frame, an unknown device) or closed before we did. */
  refusedByServer: number;
  connectFailures: number;
  /** Socket operations that did not finish within their timeout. */
  timeouts: number;
  replyBytes: number;
  /** HTTP: responses by status ('none' = connection closed without one). */
  statuses: Record<string, number>;
}

/** A stream in flight, as the server sees it (by peer address). */
export interface OpenStream {
  frames: Uint8Array[];
  /** The server logged that it refused this peer (bad frame, unknown device): stop sending. */
  refused: boolean;
}

/** A finished stream: what it sent, and how to send (some of) it again on a fresh stream. */
export interface StreamRecord {
  startedAtMs: number;
  endedAtMs: number;
  /** As sent, an identifying packet first on some TCP streams. */
  frames: Uint8Array[];
  /** HTTP: the response status ('none' when the connection closed without one). */
  status?: string;
  resend(frames: Uint8Array[], ctx: SendContext): Promise<void>;
}

export interface SendContext {
  port: number;
  seed: number;
  corpus: Corpus;
  /** Frames still to send; streams take from it. */
  budget: { left: number };
  deadline: number;
  maxBurst: number;
  opTimeoutMs: number;
  /** How long a stream waits, after its burst, for the server to close it. */
  lingerMs: number;
  stats: SendStats;
  /** Open streams by the peer address the server sees ("127.0.0.1:port"). */
  streams: Map<string, OpenStream>;
  record(bytes: Uint8Array): void;
  onStreamEnd(stream: StreamRecord): void;
}

export function newSendStats(): SendStats {
  return {
    frames: 0,
    bytes: 0,
    connections: 0,
    refusedByServer: 0,
    connectFailures: 0,
    timeouts: 0,
    replyBytes: 0,
    statuses: {},
  };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Takes one frame from the budget, or none when it is spent or the run is past its deadline. */
export function take(ctx: SendContext): boolean {
  if (ctx.budget.left <= 0 || Date.now() > ctx.deadline) return false;
  ctx.budget.left--;
  return true;
}

export function count(ctx: SendContext, bytes: Uint8Array): void {
  ctx.record(bytes);
  ctx.stats.frames++;
  ctx.stats.bytes += bytes.length;
}

/** Waits for one of `events` or `ms`; true if an event came first. */
export function waitFor(emitter: NodeJS.EventEmitter, events: string[], ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      for (const e of events) emitter.off(e, onEvent);
      resolve(ok);
    };
    const onEvent = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    for (const e of events) emitter.once(e, onEvent);
  });
}

/**
 * One TCP connection, fed by `next` until it returns null or the server closes the connection;
 * each frame is written whole or split in two. `identity`, if any, goes first. Returns the frames
 * sent, identity included.
 */
export async function playTcp(
  ctx: SendContext,
  identity: Uint8Array | null,
  next: () => Uint8Array | null,
  split: (length: number) => number | null,
): Promise<Uint8Array[]> {
  const sent: Uint8Array[] = [];
  const socket = net.connect(ctx.port, HOST);
  socket.on('error', () => undefined);
  let connected = false;
  let closed = false;
  socket.once('connect', () => (connected = true));
  socket.on('close', () => (closed = true));
  await waitFor(socket, ['connect', 'close'], ctx.opTimeoutMs);
  if (!connected || closed) {
    socket.destroy();
    ctx.stats.connectFailures++;
    return sent;
  }
  ctx.stats.connections++;
  socket.on('data', (d: Buffer) => (ctx.stats.replyBytes += d.length));
  const peer = `${HOST}:${socket.localPort ?? 0}`;
  const open: OpenStream = { frames: sent, refused: false };
  ctx.streams.set(peer, open);
  // The server's log says it refused us before the close reaches this side: stop there too.
  const stopped = () => closed || open.refused;
  try {
    // The server handles a connection's frames in order, so the fuzz frames need not wait for
    // the identification to finish.
    if (identity) {
      sent.push(identity);
      socket.write(identity);
    }
    for (let bytes = stopped() ? null : next(); bytes; bytes = stopped() ? null : next()) {
      sent.push(bytes);
      const at = bytes.length > 1 ? split(bytes.length) : null;
      for (const part of at ? [bytes.subarray(0, at), bytes.subarray(at)] : [bytes]) {
        if (stopped()) break;
        if (!socket.write(part) && !(await waitFor(socket, ['drain', 'close'], ctx.opTimeoutMs))) ctx.stats.timeouts++;
        // Lets the server (same process) read and answer before the next write, so a connection
        // it refuses stops here instead of sending the rest of its burst into the void.
        await tick();
      }
    }
    if (!closed) await waitFor(socket, ['close'], ctx.lingerMs);
    if (stopped()) ctx.stats.refusedByServer++;
    return sent;
  } finally {
    socket.destroy();
    ctx.streams.delete(peer);
  }
}

/**
 * A TCP stream: on half of them a captured packet that identifies a registered device first, so
 * the mutated frames after it reach the decoders of an identified session.
 */
export async function tcpStream(ctx: SendContext, index: number): Promise<void> {
  const rng = createRng(streamSeed(ctx.seed, index));
  const corpus = ctx.corpus.frames;
  if (!corpus) throw new Error('no frame corpus for a TCP stream');
  const startedAtMs = Date.now();
  let left = rng.between(1, ctx.maxBurst);
  const identity = ctx.corpus.identities.length > 0 && rng.chance(0.5) ? rng.pick(ctx.corpus.identities) : null;
  const next = () => {
    if (left-- <= 0 || !take(ctx)) return null;
    const { bytes } = generateFrame(rng, corpus);
    count(ctx, bytes);
    return bytes;
  };
  const split = (length: number) => (rng.chance(0.2) ? rng.between(1, length - 1) : null);
  const frames = await playTcp(ctx, identity, next, split);
  if (frames.length === 0) return;
  ctx.onStreamEnd({
    startedAtMs,
    endedAtMs: Date.now(),
    frames,
    resend: (again, replayCtx) => {
      const queue = [...again];
      return playTcp(
        replayCtx,
        null,
        () => queue.shift() ?? null,
        () => null,
      ).then(() => undefined);
    },
  });
}

/** Datagrams from one fresh UDP socket, then a moment for late replies. */
export async function playUdp(ctx: SendContext, next: () => Uint8Array | null): Promise<Uint8Array[]> {
  const sent: Uint8Array[] = [];
  const socket = dgram.createSocket('udp4');
  socket.on('error', () => undefined);
  socket.on('message', (m) => (ctx.stats.replyBytes += m.length));
  socket.bind(0, HOST);
  if (!(await waitFor(socket, ['listening'], ctx.opTimeoutMs))) {
    ctx.stats.connectFailures++;
    socket.close();
    return sent;
  }
  ctx.stats.connections++;
  const peer = `${HOST}:${socket.address().port}`;
  // A refused UDP peer is forgotten by the server and the next datagram starts afresh: go on.
  ctx.streams.set(peer, { frames: sent, refused: false });
  try {
    for (let bytes = next(); bytes; bytes = next()) {
      sent.push(bytes);
      const datagram = bytes;
      const ok = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), ctx.opTimeoutMs);
        socket.send(datagram, ctx.port, HOST, (err) => {
          clearTimeout(timer);
          resolve(!err);
        });
      });
      if (!ok) ctx.stats.timeouts++;
      await tick();
    }
    await sleep(ctx.lingerMs);
    return sent;
  } finally {
    ctx.streams.delete(peer);
    socket.close();
  }
}

export async function udpStream(ctx: SendContext, index: number): Promise<void> {
  const rng = createRng(streamSeed(ctx.seed, index));
  const corpus = ctx.corpus.frames;
  if (!corpus) throw new Error('no frame corpus for a UDP stream');
  const startedAtMs = Date.now();
  let left = rng.between(1, ctx.maxBurst);
  const frames = await playUdp(ctx, () => {
    if (left-- <= 0 || !take(ctx)) return null;
    const { bytes } = generateFrame(rng, corpus);
    count(ctx, bytes);
    return bytes;
  });
  if (frames.length === 0) return;
  ctx.onStreamEnd({
    startedAtMs,
    endedAtMs: Date.now(),
    frames,
    resend: (again, replayCtx) => {
      const queue = [...again];
      return playUdp(replayCtx, () => queue.shift() ?? null).then(() => undefined);
    },
  });
}
