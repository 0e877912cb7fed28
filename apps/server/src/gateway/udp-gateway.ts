import dgram from 'node:dgram';
import type { ProtocolSession } from '@jejak/protocols';
import type { AddressEntry, AddressGate } from './address-gate.ts';
import { createDeviceChannel, type DeviceChannel, type GatewayContext } from './device-channel.ts';
import type { ListenerOptions, RunningListener } from './tcp-gateway.ts';

export interface UdpListenerOptions extends ListenerOptions {
  /** Most remote addresses remembered at once; the least recently heard is forgotten first. */
  maxRemotes: number;
  /**
   * Most messages (positions, events) of accepted datagrams not yet answered (committed, or
   * refused); past it new datagrams are dropped unread. A datagram counts one until decoded.
   */
  maxPending: number;
  /** The per-address datagram rate, shared with every listener (ADR 0034). */
  addresses: AddressGate;
}

interface Remote {
  key: string;
  /** Its address's limits, held while the remote is remembered. */
  entry: AddressEntry;
  session: ProtocolSession;
  channel: DeviceChannel;
  /** Datagrams handled one after another: each waits for the previous one's submission, not its commit. */
  work: Promise<unknown>;
  /** Datagrams on `work` not yet submitted. */
  queued: number;
  lastSeenMs: number;
}

/**
 * A UDP listener for one protocol: each datagram is one frame; each remote address has its own
 * session and channel. What it keeps is bounded, since any address can send (ADR 0022):
 * remotes are forgotten after the idle timeout or, past `maxRemotes`, least recently heard
 * first; and past `maxPending` messages waiting for their commit, new datagrams are dropped unread
 * (a tracker resends what was not acknowledged). Replies go back to the sender.
 */
export async function startUdpGateway(ctx: GatewayContext, opts: UdpListenerOptions): Promise<RunningListener> {
  const { counters } = ctx;
  const socket = dgram.createSocket('udp4');
  // In order of last datagram, oldest first: re-inserted on each one.
  const remotes = new Map<string, Remote>();
  // Work still running for remotes already forgotten: a new remote for the address goes after it.
  const draining = new Map<string, Promise<unknown>>();
  let pending = 0;

  function forget(remote: Remote): void {
    if (remotes.get(remote.key) !== remote) return;
    remotes.delete(remote.key);
    counters.udpRemotes--;
    opts.addresses.detach(remote.entry);
    if (remote.queued === 0) return;
    const { key, work } = remote;
    draining.set(key, work);
    void work.finally(() => {
      if (draining.get(key) === work) draining.delete(key);
    });
  }

  function remoteFor(address: string, port: number): Remote {
    const key = `${address}:${port}`;
    const known = remotes.get(key);
    if (known) {
      remotes.delete(key);
      remotes.set(key, known);
      return known;
    }
    const oldest = remotes.size >= opts.maxRemotes ? remotes.values().next().value : undefined;
    if (oldest) {
      forget(oldest);
      counters.udpRemotesEvicted++;
    }
    const remote: Remote = {
      key,
      entry: opts.addresses.attach(address),
      session: ctx.protocol.createSession({ transport: 'udp' }),
      channel: createDeviceChannel(ctx, {
        peer: key,
        // Forged source addresses are easy over UDP: counted apart from TCP (unknown-guard.ts).
        addressKey: `udp:${address}`,
        claims: false,
        send: (reply) => socket.send(reply, port, address),
        close: () => forget(remote),
      }),
      work: draining.get(key) ?? Promise.resolve(),
      queued: 0,
      lastSeenMs: 0,
    };
    remotes.set(key, remote);
    counters.udpRemotes++;
    return remote;
  }

  socket.on('message', (datagram, info) => {
    if (pending >= opts.maxPending) {
      counters.udpDatagramsDropped++;
      return;
    }
    const remote = remoteFor(info.address, info.port);
    remote.lastSeenMs = ctx.now();
    // The address's share: a bucket the remote already holds, no lookup per datagram.
    if (!opts.addresses.message(remote.entry)) {
      counters.messagesThrottled++;
      return;
    }
    // One until the datagram is decoded; then one per message in it, as the commits' work is.
    let held = 1;
    pending += held;
    const answered = () => void (pending -= held);
    remote.queued++;
    const frame = new Uint8Array(datagram);
    remote.work = remote.work
      .then(() => {
        const result = remote.session.decode(frame, { receivedAtMs: ctx.now() });
        const messages = Math.max(1, result.messages.length);
        pending += messages - held;
        held = messages;
        return remote.channel.handle(result, frame);
      })
      .then(
        (handled) => void handled.done.then(answered, answered),
        (err: unknown) => {
          answered();
          remote.channel.reject(`internal: ${String(err)}`, frame);
        },
      )
      .finally(() => remote.queued--);
  });
  socket.on('error', (err) => ctx.log.warn({ protocol: ctx.protocol.id, err: String(err) }, 'udp socket error'));

  const sweep = setInterval(
    () => {
      const cutoff = ctx.now() - opts.idleTimeoutMs;
      // Oldest first: the first remote heard since the cutoff ends the sweep.
      for (const remote of remotes.values()) {
        if (remote.lastSeenMs >= cutoff) break;
        remote.channel.sessionEvent('event#session#timeout', 'idle');
        remote.channel.markClosed();
        forget(remote);
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
    connections: () => remotes.size,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweep);
        for (const remote of remotes.values()) forget(remote);
        socket.close(() => resolve());
      }),
  };
}
