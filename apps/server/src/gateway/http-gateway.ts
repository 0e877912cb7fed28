import http from 'node:http';
import type { HttpRequestInput } from '@jejak/protocols';
import { createDeviceChannel, type GatewayContext } from './device-channel.ts';
import type { ListenerOptions, RunningListener } from './tcp-gateway.ts';

const MAX_BODY_BYTES = 64 * 1024;
const STATUS = { 'unknown-device': 404, malformed: 400, 'store-failed': 503 } as const;

/**
 * An HTTP listener for protocols of phone tracker apps (OsmAnd): each request is decoded,
 * stored, and answered 200 only once its data is committed; 400 for bad requests, 404 for
 * unknown devices, 503 when the data could not be stored (the app retries).
 */
export async function startHttpGateway(ctx: GatewayContext, opts: ListenerOptions): Promise<RunningListener> {
  const server = http.createServer((req, res) => {
    let answered = false;
    const answer = (status: number, body: Uint8Array | string) => {
      if (answered) return;
      answered = true;
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'keep-alive' });
      res.end(body);
    };
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
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
      const channel = createDeviceChannel(ctx, {
        peer: `${req.socket.remoteAddress ?? '?'}:${req.socket.remotePort ?? '?'}`,
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
  server.keepAliveTimeout = opts.idleTimeoutMs;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : opts.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
