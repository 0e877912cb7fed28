import net from 'node:net';
import {
  createGt06Framer,
  createGt06Session,
  createTeltonikaFramer,
  createTeltonikaSession,
  type Framer,
  type NormalizedMessage,
  type ProtocolSession,
} from '@jejak/protocols';

/** For the simulator's tests: a message as a tiny server received it, on its nth connection. */
export interface Received {
  connection: number;
  message: NormalizedMessage;
}

export interface TinyServerOptions {
  /** Whether replies that confirm data are sent on this connection (logins always are). */
  ack?: (connection: number) => boolean;
  /** Refuse logins on this connection (the reply is sent only if the session made one). */
  refuse?: (connection: number) => boolean;
}

/**
 * A tiny tracker server: real TCP, the real framer and decoder of one protocol. Replies go out
 * at once (the real gateway sends them after commit); held ones can be released by hand.
 */
export async function startTinyServer(
  createFramer: () => Framer,
  createSession: () => ProtocolSession,
  options: TinyServerOptions = {},
) {
  const received: Received[] = [];
  const sockets = new Set<net.Socket>();
  const held: { socket: net.Socket; reply: Uint8Array }[] = [];
  let connections = 0;
  const server = net.createServer((socket) => {
    const connection = ++connections;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const framer = createFramer();
    const session = createSession();
    socket.on('data', (chunk) => {
      const { frames, error } = framer.push(chunk);
      if (error) throw new Error(error);
      for (const frame of frames) {
        const result = session.decode(frame);
        if (result.error) throw new Error(result.error);
        const isLogin = result.messages.some((m) => m.kind === 'login');
        if (isLogin && options.refuse?.(connection)) {
          socket.end(Uint8Array.of(0x00));
          continue;
        }
        for (const message of result.messages) received.push({ connection, message });
        if (!result.reply) continue;
        if (isLogin || (options.ack?.(connection) ?? true)) socket.write(result.reply);
        else held.push({ socket, reply: result.reply });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    received,
    held,
    connections: () => connections,
    dropAll: () => sockets.forEach((s) => s.destroy()),
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}

export type TinyServer = Awaited<ReturnType<typeof startTinyServer>>;

export function startGt06Server(ack?: (connection: number) => boolean): Promise<TinyServer> {
  return startTinyServer(createGt06Framer, () => createGt06Session(), ack ? { ack } : {});
}

export function startTeltonikaServer(options: TinyServerOptions = {}): Promise<TinyServer> {
  return startTinyServer(createTeltonikaFramer, () => createTeltonikaSession(), options);
}

export async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Positions a tiny server received from one IMEI, in arrival order. */
export const positionsOf = (received: Received[], imei: string): NormalizedMessage[] =>
  received.filter((r) => r.message.kind === 'position' && r.message.imei === imei).map((r) => r.message);
