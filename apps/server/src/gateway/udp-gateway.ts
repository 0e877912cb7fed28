import dgram from 'node:dgram';
import type { ProtocolSession } from '@jejak/protocols';
import { createDeviceChannel, type DeviceChannel, type GatewayContext } from './device-channel.ts';
import type { ListenerOptions, RunningListener } from './tcp-gateway.ts';

interface Remote {
  session: ProtocolSession;
  channel: DeviceChannel;
  work: Promise<unknown>;
  lastSeenMs: number;
}

/**
 * A UDP listener for one protocol: each datagram is one frame; each remote address has its own
 * session and channel, forgotten after the idle timeout. Replies go back to the sender.
 */
export async function startUdpGateway(ctx: GatewayContext, opts: ListenerOptions): Promise<RunningListener> {
  const socket = dgram.createSocket('udp4');
  const remotes = new Map<string, Remote>();

  function remoteFor(address: string, port: number): Remote {
    const key = `${address}:${port}`;
    let remote = remotes.get(key);
    if (remote && !remote.channel.closed) return remote;
    const channel = createDeviceChannel(ctx, {
      peer: key,
      send: (reply) => socket.send(reply, port, address),
      close: () => remotes.delete(key),
    });
    remote = {
      session: ctx.protocol.createSession({ transport: 'udp' }),
      channel,
      work: Promise.resolve(),
      lastSeenMs: 0,
    };
    remotes.set(key, remote);
    return remote;
  }

  socket.on('message', (datagram, info) => {
    const remote = remoteFor(info.address, info.port);
    remote.lastSeenMs = ctx.now();
    const frame = new Uint8Array(datagram);
    remote.work = remote.work
      .then(() => remote.channel.handle(remote.session.decode(frame, { receivedAtMs: ctx.now() }), frame))
      .catch((err: unknown) => remote.channel.reject(`internal: ${String(err)}`, frame));
  });
  socket.on('error', (err) => ctx.log.warn({ protocol: ctx.protocol.id, err: String(err) }, 'udp socket error'));

  const sweep = setInterval(
    () => {
      const cutoff = ctx.now() - opts.idleTimeoutMs;
      for (const [key, remote] of remotes) {
        if (remote.lastSeenMs >= cutoff) continue;
        remote.channel.sessionEvent('event#session#timeout', 'idle');
        remote.channel.markClosed();
        remotes.delete(key);
      }
    },
    Math.min(60_000, opts.idleTimeoutMs),
  );

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(opts.port, opts.host, () => resolve());
  });
  return {
    port: socket.address().port,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweep);
        socket.close(() => resolve());
      }),
  };
}
