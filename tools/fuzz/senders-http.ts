import http from 'node:http';
import net from 'node:net';
import { generateRequest, type FuzzRequest, type HttpInput } from './mutate-http.ts';
import { createRng, streamSeed } from './rng.ts';
import { count, HOST, take, waitFor, type SendContext } from './senders.ts';

/** HTTP streams for the phone-app gateway: requests over node:http, and raw bytes over TCP. */

/** A run of HTTP requests on a keep-alive agent (or raw bytes on a bare connection); each is its own record. */
export async function httpStream(ctx: SendContext, index: number, agent: http.Agent): Promise<void> {
  const rng = createRng(streamSeed(ctx.seed, index));
  const corpus = ctx.corpus.http;
  if (!corpus) throw new Error('no HTTP corpus for an HTTP stream');
  const burst = rng.between(1, ctx.maxBurst);
  for (let i = 0; i < burst && take(ctx); i++) {
    const input = generateRequest(rng, corpus);
    const bytes = input.kind === 'raw' ? input.bytes : requestBytes(input.request);
    count(ctx, bytes);
    const startedAtMs = Date.now();
    const status = await sendHttp(ctx, input, bytes, agent);
    ctx.stats.statuses[status] = (ctx.stats.statuses[status] ?? 0) + 1;
    ctx.onStreamEnd({
      startedAtMs,
      endedAtMs: Date.now(),
      frames: [bytes],
      status,
      resend: (_again, replayCtx) => sendHttp(replayCtx, input, bytes, undefined).then(() => undefined),
    });
  }
}

function sendHttp(
  ctx: SendContext,
  input: HttpInput,
  bytes: Uint8Array,
  agent: http.Agent | undefined,
): Promise<string> {
  ctx.stats.connections++;
  return input.kind === 'raw' ? sendRaw(ctx, input.bytes) : sendRequest(ctx, input.request, bytes, agent);
}

/**
 * The request as it goes on the wire (near enough to what node:http sends): for reports, and
 * `--replay` sends exactly these bytes.
 */
function requestBytes(r: FuzzRequest): Uint8Array {
  const body = typeof r.body === 'string' ? Buffer.from(r.body, 'utf8') : Buffer.from(r.body);
  const headers = Object.entries({ host: HOST, ...r.headers, 'content-length': String(body.length) });
  const head = `${r.method} ${r.path} HTTP/1.1\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

function sendRequest(
  ctx: SendContext,
  r: FuzzRequest,
  bytes: Uint8Array,
  agent: http.Agent | undefined,
): Promise<string> {
  return new Promise((resolve) => {
    let peer: string | null = null;
    let req: http.ClientRequest | null = null;
    const finish = (status: string) => {
      clearTimeout(timer);
      if (peer) ctx.streams.delete(peer);
      resolve(status);
    };
    const timer = setTimeout(() => {
      ctx.stats.timeouts++;
      req?.destroy();
      finish('timeout');
    }, ctx.opTimeoutMs);
    try {
      req = http.request({ host: HOST, port: ctx.port, method: r.method, path: r.path, headers: r.headers, agent });
    } catch {
      // node:http will not put it on the wire (a method or header it refuses).
      finish('refused-by-client');
      return;
    }
    req.on('socket', (s: net.Socket) => {
      const register = () => {
        peer = `${HOST}:${s.localPort ?? 0}`;
        ctx.streams.set(peer, { frames: [bytes], refused: false });
      };
      if (s.localPort) register();
      else s.once('connect', register);
    });
    req.on('response', (res) => {
      res.on('data', (d: Buffer) => (ctx.stats.replyBytes += d.length));
      res.on('end', () => finish(String(res.statusCode ?? 'none')));
      res.on('error', () => finish('none'));
    });
    req.on('error', () => finish('none'));
    req.end(r.body);
  });
}

/** Raw bytes to the HTTP port, then our side closed: the status line's code, or 'none'. */
export async function sendRaw(ctx: SendContext, bytes: Uint8Array): Promise<string> {
  let received = '';
  let closed = false;
  const socket = net.connect(ctx.port, HOST);
  socket.on('error', () => undefined);
  socket.on('close', () => (closed = true));
  socket.on('data', (d: Buffer) => {
    ctx.stats.replyBytes += d.length;
    if (received.length < 64) received += d.toString('latin1', 0, 64);
  });
  await waitFor(socket, ['connect', 'close'], ctx.opTimeoutMs);
  if (closed || socket.connecting) {
    socket.destroy();
    ctx.stats.connectFailures++;
    return 'connect-failed';
  }
  const peer = `${HOST}:${socket.localPort ?? 0}`;
  ctx.streams.set(peer, { frames: [bytes], refused: false });
  try {
    socket.end(bytes);
    if (!closed && !(await waitFor(socket, ['close'], ctx.opTimeoutMs))) ctx.stats.timeouts++;
    return /^HTTP\/1\.[01] (\d{3})/.exec(received)?.[1] ?? 'none';
  } finally {
    socket.destroy();
    ctx.streams.delete(peer);
  }
}
