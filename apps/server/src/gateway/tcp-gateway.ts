import net from 'node:net';
import type { AddressGate, AddressRefusal } from './address-gate.ts';
import { createDeviceChannel, type GatewayContext } from './device-channel.ts';
import type { FlowGate, Refusal } from './flow-gate.ts';
import { createLogThrottle } from './log-throttle.ts';
import { createSourceReader, type SourceAddress, type TrustedProxies } from './proxy-source.ts';

export interface ListenerOptions {
  host: string;
  port: number;
  idleTimeoutMs: number;
}

export interface TcpListenerOptions extends ListenerOptions {
  /**
   * Frames of one connection read but not yet answered (decoded, submitted, committed) past
   * which the socket stops reading until half of them are done: the kernel's window then
   * slows the sender, and a flood (or a protocol without acknowledgements) cannot fill memory.
   */
  maxUnansweredFrames: number;
  /** The process-wide limits, shared by every TCP listener: unanswered frames, open connections. */
  flow: FlowGate;
  /** The per-address limits, shared by every TCP and HTTP listener (ADR 0034). */
  addresses: AddressGate;
  /** Load balancers that put a PROXY protocol header before a connection's bytes (ADR 0064). */
  proxies: TrustedProxies;
}

export interface RunningListener {
  port: number;
  /** Open connections (TCP, HTTP) or remembered remotes (UDP) now. */
  connections(): number;
  close(): Promise<void>;
}

/** Refusals are logged at most this often per listener, with how many there were since. */
const REFUSAL_LOG_EVERY_MS = 10_000;

const REFUSAL_MESSAGES: Record<Refusal | AddressRefusal, string> = {
  busy: 'new connections refused: too many frames waiting to be stored',
  full: 'new connections refused: too many open connections',
  'address-full': 'new connections refused: too many open connections from one address',
  'address-rate': 'new connections refused: one address connects too fast',
};

/** Closes a new connection before reading from it: nothing of it was taken, so nothing is lost. */
export function refuseUnread(socket: net.Socket): void {
  socket.on('error', () => undefined);
  socket.destroy();
}

/** Counts and logs (at most every 10 s, with the number left out) connections refused on arrival. */
export function createRefusals(ctx: GatewayContext) {
  const { protocol, counters } = ctx;
  const throttle = createLogThrottle(REFUSAL_LOG_EVERY_MS);
  return (socket: net.Socket, reason: Refusal | AddressRefusal, address: string) => {
    refuseUnread(socket);
    if (reason === 'busy') counters.tcpRefusedBusy++;
    else if (reason === 'full') counters.tcpRefusedFull++;
    else if (reason === 'address-full') counters.refusedAddressFull++;
    else counters.refusedAddressRate++;
    const suppressed = throttle.pass();
    if (suppressed === null) return;
    ctx.log.info(
      {
        protocol: protocol.id,
        reason,
        address,
        suppressed,
        connections: counters.connections,
      },
      REFUSAL_MESSAGES[reason],
    );
  };
}

/** A TCP listener for one protocol: each connection has its own framer, session and channel. */
export async function startTcpGateway(ctx: GatewayContext, opts: TcpListenerOptions): Promise<RunningListener> {
  const { protocol, counters } = ctx;
  const sockets = new Set<net.Socket>();
  const refuse = createRefusals(ctx);
  const readSource = createSourceReader(ctx, opts.proxies);

  const serve = (socket: net.Socket, source: SourceAddress) => {
    // One lookup per connection: the address's limits, before the process-wide ones.
    const { address } = source;
    const entry = opts.addresses.connect(address);
    if (typeof entry === 'string') return refuse(socket, entry, address);
    const refusal = opts.flow.admit();
    if (refusal) {
      opts.addresses.disconnect(entry);
      return refuse(socket, refusal, address);
    }
    sockets.add(socket);
    const framer = protocol.createFramer();
    const session = protocol.createSession({ transport: 'tcp' });
    const channel = createDeviceChannel(ctx, {
      peer: `${address}:${source.port ?? '?'}`,
      addressKey: address,
      claims: true,
      configure: (settings) => {
        if (!session.configure) return false;
        session.configure(settings);
        return true;
      },
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
    let unanswered = 0;
    let cancelWait: (() => void) | null = null;
    const tryResume = () => {
      cancelWait = null;
      if (!socket.isPaused() || socket.destroyed || unanswered > opts.maxUnansweredFrames / 2) return;
      if (opts.flow.shut) cancelWait = opts.flow.whenOpen(tryResume);
      else socket.resume();
    };
    const answered = () => {
      unanswered--;
      opts.flow.answered();
      if (cancelWait === null) tryResume();
    };
    socket.setTimeout(opts.idleTimeoutMs, () => {
      channel.sessionEvent('event#session#timeout', 'idle');
      channel.markClosed();
      socket.destroy();
    });
    socket.on('data', (chunk) => {
      if (channel.closed) return;
      const { frames, error } = framer.push(chunk);
      for (const frame of frames) {
        unanswered++;
        opts.flow.taken();
        // The next frame waits for this one's identification and submission, not its commit.
        work = work.then(async () => {
          let done: Promise<unknown> | null = null;
          try {
            if (!channel.closed)
              done = (
                await channel.handle(session.decode(frame, { receivedAtMs: ctx.now() }), frame, () =>
                  session.decode(frame, { receivedAtMs: ctx.now() }),
                )
              ).done;
          } finally {
            // Every frame counted is answered exactly once, whatever happened to it.
            if (done) void done.finally(answered);
            else answered();
          }
        });
      }
      if ((unanswered >= opts.maxUnansweredFrames || opts.flow.shut) && !socket.isPaused()) {
        counters.tcpPauses++;
        socket.pause();
        if (unanswered < opts.maxUnansweredFrames && cancelWait === null) cancelWait = opts.flow.whenOpen(tryResume);
      }
      if (error) work = work.then(() => channel.reject(error, chunk));
      work = work.catch((err: unknown) => channel.reject(`internal: ${String(err)}`, chunk));
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      cancelWait?.();
      cancelWait = null;
      sockets.delete(socket);
      opts.flow.released();
      opts.addresses.disconnect(entry);
      channel.transportEnded();
      // Frames already read are still stored: the peer hung up, but its data is here, and an
      // H02 tracker, never acknowledged, will not send it again. Only the replies stop.
      if (!channel.closed) channel.sessionEvent('event#session#close', null);
    });
  };
  const server = net.createServer((socket) => readSource(socket, (source) => serve(socket, source)));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  // A failed accept (out of file descriptors, say) loses that one connection, not the process.
  server.on('error', (err) => ctx.log.warn({ protocol: protocol.id, err: String(err) }, 'tcp listener error'));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : opts.port,
    connections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
