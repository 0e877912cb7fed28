import http from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { HttpRequestInput } from '@jejak/protocols';
import type { AddressEntry, AddressGate } from './address-gate.ts';
import { createDeviceChannel, type GatewayContext } from './device-channel.ts';
import { createSourceReader, type SourceAddress, type TrustedProxies } from './proxy-source.ts';
import { createRefusals, type ListenerOptions, type RunningListener } from './tcp-gateway.ts';

export interface HttpListenerOptions extends ListenerOptions {
  /** The per-address limits, shared by every TCP and HTTP listener (ADR 0034). */
  addresses: AddressGate;
  /** Load balancers that put a PROXY protocol header before a connection's bytes (ADR 0064). */
  proxies: TrustedProxies;
}

const MAX_BODY_BYTES = 64 * 1024;
const STATUS = { 'unknown-device': 404, malformed: 400, 'store-failed': 503, replaced: 409, claimed: 409 } as const;
/** As node answers them when nobody listens for `clientError`; anything else is 400. */
const CLIENT_ERROR_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * An HTTP listener for protocols of phone tracker apps (OsmAnd): each request is decoded,
 * stored, and answered 200 only once its data is committed; 400 for bad requests, 404 for
 * unknown devices, 503 when the data could not be stored (the app retries), 429 when its
 * address sends faster than allowed. Connections are held to the per-address limits of TCP.
 */
export async function startHttpGateway(ctx: GatewayContext, opts: HttpListenerOptions): Promise<RunningListener> {
  const { counters } = ctx;
  const refuse = createRefusals(ctx);
  // The source and its address's limits, looked up once per connection.
  const entries = new WeakMap<Duplex, AddressEntry>();
  const sources = new WeakMap<Duplex, SourceAddress>();
  const peerOf = (socket: Duplex) => {
    const source = sources.get(socket);
    return { address: source?.address ?? '?', peer: `${source?.address ?? '?'}:${source?.port ?? '?'}` };
  };
  /** A request refused before it reached the decoder: counted as a bad frame and by its status. */
  function refused(socket: Duplex, status: number, code?: string): void {
    counters.badFrames++;
    if (status === 413) counters.httpBodyTooLarge++;
    else if (status === 431) counters.httpHeadersTooLarge++;
    else counters.httpBadRequests++;
    const { peer } = peerOf(socket);
    ctx.log.warn(
      { protocol: ctx.protocol.id, peer, reason: `HTTP ${status}${code ? ` (${code})` : ''}` },
      'bad frame, closing',
    );
  }

  const server = http.createServer((req, res) => {
    let answered = false;
    const answer = (status: number, body: Uint8Array | string) => {
      if (answered) return;
      answered = true;
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'keep-alive' });
      res.end(body);
    };
    const entry = entries.get(req.socket);
    if (entry && !opts.addresses.message(entry)) {
      counters.messagesThrottled++;
      answer(429, 'too many requests');
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        if (!answered) refused(req.socket, 413);
        answer(413, 'request too large');
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (answered) return;
      const raw = Buffer.concat(chunks);
      const request: HttpRequestInput = {
        method: req.method ?? 'GET',
        uri: req.url ?? '/',
        headers: Object.fromEntries(
          Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
        ),
        body: raw.toString('utf8'),
      };
      const { peer, address } = peerOf(req.socket);
      const channel = createDeviceChannel(ctx, {
        peer,
        addressKey: address,
        claims: false,
        send: (reply) => answer(200, reply),
        close: (reason, detail) => answer(STATUS[reason], detail),
      });
      const session = ctx.protocol.createSession({ transport: 'http' });
      const result = session.decodeHttp
        ? session.decodeHttp(request, { receivedAtMs: ctx.now() })
        : { messages: [], reply: null, error: 'not an HTTP protocol', warnings: [] };
      void channel
        .handle(result, raw)
        .then((handled) => handled.done)
        .then((outcome) => answer(outcome === 'ignored' ? 400 : 200, ''))
        .catch((err: unknown) => {
          ctx.log.warn({ protocol: ctx.protocol.id, err: String(err) }, 'http gateway failure');
          answer(500, 'internal error');
        });
    });
  });
  // Node's own connection listener (its HTTP parser) waits until the source is known: behind a
  // trusted proxy, the PROXY protocol header comes first and is not HTTP.
  const parsers = server.listeners('connection') as ((socket: Socket) => void)[];
  let open = 0;
  const readSource = createSourceReader(ctx, opts.proxies);
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) =>
    readSource(socket, (source) => {
      const entry = opts.addresses.connect(source.address);
      if (typeof entry === 'string') return refuse(socket, entry, source.address);
      sources.set(socket, source);
      entries.set(socket, entry);
      open++;
      socket.once('close', () => {
        open--;
        opts.addresses.disconnect(entry);
      });
      for (const parse of parsers) parse.call(server, socket);
    }),
  );
  server.keepAliveTimeout = opts.idleTimeoutMs;
  // Requests node's parser refuses never reach the handler: answered here as node would, and counted.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE' && socket.writable) {
      const status = CLIENT_ERROR_STATUS[err.code ?? ''] ?? 400;
      refused(socket, status, err.code);
      socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\nconnection: close\r\n\r\n`);
    }
    socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : opts.port,
    connections: () => open,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
