import net from 'node:net';

/**
 * The PROXY protocol header a load balancer puts before a connection's own bytes, naming the
 * client it accepted (HAProxy's "The PROXY protocol, versions 1 & 2", doc/proxy-protocol.txt:
 * §2.1 the text header, §2.2 the binary one). Pure: bytes in, the header or why not out.
 */
export interface ProxySource {
  address: string;
  port: number;
}

export type ProxyHeader =
  /** More bytes are needed to tell. */
  | { kind: 'incomplete' }
  | { kind: 'invalid'; reason: string }
  /**
   * A whole header of `length` bytes. `source` is null when the header names no client (v1
   * `UNKNOWN`, v2 `LOCAL` or an address family other than IPv4/IPv6): the connection's own
   * peer is then the source (§2.1, §2.2).
   */
  | { kind: 'header'; length: number; source: ProxySource | null };

/** §2.1: a v1 line is at most 107 bytes, CRLF included. */
export const V1_MAX_BYTES = 107;
const V1_PREFIX = Buffer.from('PROXY ', 'latin1');
/** §2.2: the v2 signature, then version/command, family/transport and a 16-bit length. */
const V2_SIGNATURE = Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a]);
const V2_FIXED_BYTES = 16;
const AF_INET = 0x1;
const AF_INET6 = 0x2;
const AF_UNIX = 0x3;
const STREAM = 0x1;

const invalid = (reason: string): ProxyHeader => ({ kind: 'invalid', reason });

/** Whether `bytes` begins `prefix`, as far as both go. */
function startsAlike(bytes: Uint8Array, prefix: Uint8Array): boolean {
  const n = Math.min(bytes.length, prefix.length);
  for (let i = 0; i < n; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}

/** The header at the start of `bytes` (the first bytes a trusted proxy sent on a connection). */
export function parseProxyHeader(bytes: Uint8Array): ProxyHeader {
  if (bytes.length === 0) return { kind: 'incomplete' };
  if (startsAlike(bytes, V2_SIGNATURE)) return bytes.length < V2_FIXED_BYTES ? { kind: 'incomplete' } : parseV2(bytes);
  if (startsAlike(bytes, V1_PREFIX)) return parseV1(bytes);
  return invalid('not a PROXY protocol header');
}

const PORT = /^(0|[1-9][0-9]{0,4})$/;

/** §2.1: `PROXY TCP4|TCP6 <src> <dst> <srcport> <dstport>\r\n` or `PROXY UNKNOWN …\r\n`. */
function parseV1(bytes: Uint8Array): ProxyHeader {
  const window = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, V1_MAX_BYTES));
  const lf = window.indexOf(0x0a);
  if (lf < 0) return bytes.length >= V1_MAX_BYTES ? invalid('v1 header longer than 107 bytes') : { kind: 'incomplete' };
  const end = lf - 1;
  if (window[end] !== 0x0d) return invalid('v1 header ending without CRLF');
  const line = window.toString('latin1', 0, end);
  if (!/^[\x20-\x7e]*$/.test(line)) return invalid('v1 header with a control byte');
  const length = end + 2;
  const [, family, src, dst, srcPort, dstPort, ...rest] = line.split(' ');
  if (family === 'UNKNOWN') return { kind: 'header', length, source: null };
  const version = family === 'TCP4' ? 4 : family === 'TCP6' ? 6 : 0;
  if (version === 0) return invalid('v1 header of an unknown protocol');
  if (rest.length > 0 || dstPort === undefined) return invalid('v1 header with the wrong number of fields');
  if (net.isIP(src ?? '') !== version || net.isIP(dst ?? '') !== version)
    return invalid('v1 header with a bad address');
  if (!PORT.test(srcPort ?? '') || !PORT.test(dstPort) || Number(srcPort) > 65535 || Number(dstPort) > 65535)
    return invalid('v1 header with a bad port');
  return { kind: 'header', length, source: { address: src ?? '', port: Number(srcPort) } };
}

/** §2.2: the signature, then `0x2<command>`, `<family><transport>`, the length, the addresses. */
function parseV2(bytes: Uint8Array): ProxyHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const versionCommand = view.getUint8(12);
  const familyTransport = view.getUint8(13);
  const length = V2_FIXED_BYTES + view.getUint16(14);
  if (versionCommand >> 4 !== 2) return invalid('v2 header of another version');
  const command = versionCommand & 0x0f;
  if (command > 1) return invalid('v2 header with an unknown command');
  const family = familyTransport >> 4;
  const transport = familyTransport & 0x0f;
  if (family > AF_UNIX || transport > 2) return invalid('v2 header with an unknown address family');
  if (bytes.length < length) return { kind: 'incomplete' };
  // LOCAL: the proxy's own connection (a health check); UNSPEC and UNIX name no IP client.
  if (command === 0 || (family !== AF_INET && family !== AF_INET6)) return { kind: 'header', length, source: null };
  if (transport !== STREAM) return invalid('v2 header of a transport other than a stream');
  const addressBytes = family === AF_INET ? 4 : 16;
  if (length - V2_FIXED_BYTES < 2 * addressBytes + 4) return invalid('v2 header too short for its addresses');
  const at = V2_FIXED_BYTES;
  const src = bytes.subarray(at, at + addressBytes);
  const port = view.getUint16(at + 2 * addressBytes);
  return { kind: 'header', length, source: { address: family === AF_INET ? ipv4(src) : ipv6(src), port } };
}

const ipv4 = (b: Uint8Array) => Array.from(b).join('.');

/**
 * An IPv6 address as RFC 5952 §4 writes it (as node's `remoteAddress` does): lower-case hex
 * groups without leading zeros, the longest run of two or more zero groups (the first of equal
 * ones) as `::`, and an IPv4-mapped address (::ffff:0:0/96) with its IPv4 part dotted.
 */
export function ipv6(b: Uint8Array): string {
  const groups = Array.from({ length: 8 }, (_, i) => ((b[2 * i] ?? 0) << 8) | (b[2 * i + 1] ?? 0));
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return `::ffff:${ipv4(b.subarray(12, 16))}`;
  let [best, bestLength] = [-1, 1];
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [best, bestLength] = [i, j - i];
    i = j > i ? j : i + 1;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLength).join(':')}`;
}
