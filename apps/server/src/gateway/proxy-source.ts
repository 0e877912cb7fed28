import net from 'node:net';
import { ipv4Of } from '../lib/address-group.ts';
import { hexDump, type GatewayContext } from './device-channel.ts';
import { createLogThrottle } from './log-throttle.ts';
import { parseProxyHeader } from './proxy-protocol.ts';

/** Where a tracker's connection comes from: its own peer, or the client a trusted proxy names. */
export interface SourceAddress {
  address: string;
  port: number | undefined;
}

/** Load balancers whose connections start with a PROXY protocol header (JEJAK_TRUSTED_PROXIES, ADR 0064). */
export interface TrustedProxies {
  readonly any: boolean;
  trusts(address: string | undefined): boolean;
}

/** A trusted proxy has this long to send its header; HAProxy sends it with the connection. */
const HEADER_TIMEOUT_MS = 5_000;
/** §2.2 of the protocol: the fixed 16 bytes and at most 65,535 of addresses and TLVs. */
const MAX_HEADER_BYTES = 16 + 0xffff;
const LOG_EVERY_MS = 10_000;

/** The trusted addresses and CIDRs (config/schema.ts checked each entry at boot). */
export function trustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return {
    any: entries.length > 0,
    trusts(address) {
      if (!address || entries.length === 0) return false;
      const v4 = ipv4Of(address);
      return v4 ? list.check(v4, 'ipv4') : list.check(address, 'ipv6');
    },
  };
}

/**
 * Finds a new connection's source, then calls `ready` with it. A connection from a trusted proxy
 * must start with a PROXY protocol header (v1 or v2): it is read off the socket, the bytes after
 * it are put back, and they flow again once `ready` has set up its own listeners. A
 * connection from anyone else is its own source and is not read here at all. A proxy that sends
 * no valid header in time is logged (throttled) and its connection closed.
 */
export function createSourceReader(
  ctx: Pick<GatewayContext, 'protocol' | 'counters' | 'log'>,
  proxies: TrustedProxies,
) {
  const throttle = createLogThrottle(LOG_EVERY_MS);
  const refuse = (socket: net.Socket, reason: string, head: Buffer) => {
    ctx.counters.badFrames++;
    socket.destroy();
    const suppressed = throttle.pass();
    if (suppressed === null) return;
    const peer = `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`;
    ctx.log.warn(
      { protocol: ctx.protocol.id, peer, reason, hex: hexDump(head), suppressed },
      'PROXY protocol header refused, closing',
    );
  };

  return (socket: net.Socket, ready: (source: SourceAddress) => void): void => {
    if (!proxies.trusts(socket.remoteAddress)) {
      ready({ address: socket.remoteAddress ?? '?', port: socket.remotePort });
      return;
    }
    let head: Buffer = Buffer.alloc(0);
    const timer = setTimeout(() => refuse(socket, 'no header in time', head), HEADER_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', done);
    };
    const onData = (chunk: Buffer) => {
      head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
      const header = parseProxyHeader(head);
      if (header.kind === 'incomplete' && head.length < MAX_HEADER_BYTES) return;
      done();
      if (header.kind !== 'header')
        return refuse(socket, header.kind === 'invalid' ? header.reason : 'header too long', head);
      socket.pause();
      if (head.length > header.length) socket.unshift(head.subarray(header.length));
      const source = header.source ?? { address: socket.remoteAddress ?? '?', port: socket.remotePort };
      ready(source);
      if (!socket.destroyed) socket.resume();
    };
    socket.on('error', () => undefined);
    socket.on('data', onData);
    socket.on('close', done);
  };
}
export type SourceReader = ReturnType<typeof createSourceReader>;
