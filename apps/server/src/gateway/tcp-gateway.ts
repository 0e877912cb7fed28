import net from 'node:net';
import { createDeviceChannel, type GatewayContext } from './device-channel.ts';

export interface ListenerOptions {
  host: string;
  port: number;
  idleTimeoutMs: number;
}

export interface RunningListener {
  port: number;
  close(): Promise<void>;
}

/** A TCP listener for one protocol: each connection has its own framer, session and channel. */
export async function startTcpGateway(ctx: GatewayContext, opts: ListenerOptions): Promise<RunningListener> {
  const { protocol, counters } = ctx;
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    counters.connections++;
    const framer = protocol.createFramer();
    const session = protocol.createSession({ transport: 'tcp' });
    const channel = createDeviceChannel(ctx, {
      peer: `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`,
      send: (reply) => {
        if (socket.destroyed) return;
        // The replies one commit releases leave in one write, not one system call each.
        if (socket.writableCorked === 0) {
          socket.cork();
          process.nextTick(() => socket.uncork());
        }
        socket.write(reply);
      },
      // A refused device gets its refusal flushed before the connection ends, and any
      // connection the replies already due.
      close: (reason) => {
        if (reason === 'unknown-device') {
          socket.end();
          return;
        }
        while (socket.writableCorked > 0) socket.uncork();
        socket.destroy();
      },
    });
    // Frames are handled one after another; replies wait for their commits inside the channel.
    let work: Promise<unknown> = Promise.resolve();

    socket.setTimeout(opts.idleTimeoutMs, () => {
      channel.sessionEvent('event#session#timeout', 'idle');
      channel.markClosed();
      socket.destroy();
    });
    socket.on('data', (chunk) => {
      if (channel.closed) return;
      const { frames, error } = framer.push(chunk);
      for (const frame of frames) {
        // The next frame waits for this one's identification and submission, not its commit.
        work = work.then(() =>
          channel.closed ? undefined : channel.handle(session.decode(frame, { receivedAtMs: ctx.now() }), frame),
        );
      }
      if (error) work = work.then(() => channel.reject(error, chunk));
      work = work.catch((err: unknown) => channel.reject(`internal: ${String(err)}`, chunk));
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      counters.connections--;
      if (!channel.closed) {
        channel.sessionEvent('event#session#close', null);
        channel.markClosed();
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : opts.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
