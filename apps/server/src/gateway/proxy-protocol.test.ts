import { describe, expect, it } from 'vitest';
import { ipv6, parseProxyHeader, V1_MAX_BYTES } from './proxy-protocol.ts';

const SIGNATURE = '0d0a0d0a000d0a515549540a';
const hex = (h: string) => Buffer.from(h.replace(/\s+/g, ''), 'hex');
const text = (s: string) => Buffer.from(s, 'latin1');

// Headers written after HAProxy's doc/proxy-protocol.txt (§2.1 text, §2.2 binary); HAProxy's own
// `send-proxy-v2` headers are read in the cluster test (apps/server/test/cluster-failover.test.ts).
const v2Tcp4 = hex(`${SIGNATURE} 21 11 000c 7f000007 7f000001 d431 13a7`);
const v2Tcp6 = hex(
  `${SIGNATURE} 21 21 0024 20010db8000000000000000000000001 20010db8000000000000000000000002 0050 01bb`,
);

describe('parseProxyHeader', () => {
  it.each([
    ['v1 TCP4', text('PROXY TCP4 192.168.0.1 192.168.0.11 56324 443\r\nGET /'), 47, '192.168.0.1', 56324],
    ['v1 TCP6', text('PROXY TCP6 2001:db8::1 2001:db8::2 1 65535\r\n'), 44, '2001:db8::1', 1],
    ['v2 TCP4', v2Tcp4, 28, '127.0.0.7', 54321],
    ['v2 TCP6', v2Tcp6, 52, '2001:db8::1', 80],
    [
      'v2 TCP4 with a TLV after the addresses (skipped)',
      hex(`${SIGNATURE} 21 11 0013 01020304 05060708 0001 0002 04 0004 61626364`),
      35,
      '1.2.3.4',
      1,
    ],
  ])('reads the client of a %s header', (_, bytes, length, address, port) => {
    expect(parseProxyHeader(bytes)).toEqual({ kind: 'header', length, source: { address, port } });
  });

  it.each([
    ['v1 UNKNOWN', text('PROXY UNKNOWN\r\n'), 15],
    ['v1 UNKNOWN with addresses (ignored, §2.1)', text('PROXY UNKNOWN ffff::1 ffff::2 1 2\r\n'), 35],
    ['v2 LOCAL (a health check of the proxy)', hex(`${SIGNATURE} 20 00 0000`), 16],
    ['v2 LOCAL with addresses', hex(`${SIGNATURE} 20 11 000c 7f000007 7f000001 d431 13a7`), 28],
    ['v2 PROXY of AF_UNSPEC', hex(`${SIGNATURE} 21 00 0000`), 16],
    ['v2 PROXY of AF_UNIX', Buffer.concat([hex(`${SIGNATURE} 21 31 00d8`), Buffer.alloc(216)]), 232],
  ])('names no client in a %s header: the connection is its own source', (_, bytes, length) => {
    expect(parseProxyHeader(bytes)).toEqual({ kind: 'header', length, source: null });
  });

  it('waits for the rest of a header split anywhere', () => {
    for (const whole of [v2Tcp4, v2Tcp6, text('PROXY TCP4 192.168.0.1 192.168.0.11 56324 443\r\n')]) {
      for (let n = 0; n < whole.length; n++)
        expect(parseProxyHeader(whole.subarray(0, n))).toEqual({ kind: 'incomplete' });
      expect(parseProxyHeader(whole).kind).toBe('header');
    }
  });

  it.each([
    ['a tracker frame (GT06 login)', hex('78780d01035889905101276800012a6c0d0a')],
    ['plain HTTP', text('GET / HTTP/1.1\r\n\r\n')],
    ['lower-case v1', text('proxy TCP4 1.2.3.4 5.6.7.8 1 2\r\n')],
    ['a v1 line without CRLF within 107 bytes', text(`PROXY UNKNOWN ${'x'.repeat(V1_MAX_BYTES)}`)],
    ['v1 of another protocol', text('PROXY UDP4 1.2.3.4 5.6.7.8 1 2\r\n')],
    ['v1 with an IPv6 address as TCP4', text('PROXY TCP4 ::1 ::1 1 2\r\n')],
    ['v1 with a bad address', text('PROXY TCP4 1.2.3.400 5.6.7.8 1 2\r\n')],
    ['v1 with a port over 65535', text('PROXY TCP4 1.2.3.4 5.6.7.8 65536 2\r\n')],
    ['v1 with a leading-zero port', text('PROXY TCP4 1.2.3.4 5.6.7.8 01 2\r\n')],
    ['v1 with a negative port', text('PROXY TCP4 1.2.3.4 5.6.7.8 -1 2\r\n')],
    ['v1 with a field missing', text('PROXY TCP4 1.2.3.4 5.6.7.8 1\r\n')],
    ['v1 with a field too many', text('PROXY TCP4 1.2.3.4 5.6.7.8 1 2 3\r\n')],
    ['v1 with two spaces', text('PROXY TCP4  1.2.3.4 5.6.7.8 1 2\r\n')],
    ['v1 with a NUL byte', text('PROXY TCP4 1.2.3.4\0 5.6.7.8 1 2\r\n')],
    ['v1 with a bare LF', text('PROXY TCP4 1.2.3.4 5.6.7.8 1 2\n')],
    ['v2 of version 1', hex(`${SIGNATURE} 11 11 000c 7f000007 7f000001 d431 13a7`)],
    ['v2 of an unknown command', hex(`${SIGNATURE} 22 11 000c 7f000007 7f000001 d431 13a7`)],
    ['v2 of an unknown family', hex(`${SIGNATURE} 21 41 000c 7f000007 7f000001 d431 13a7`)],
    ['v2 of an unknown transport', hex(`${SIGNATURE} 21 13 000c 7f000007 7f000001 d431 13a7`)],
    ['v2 of a datagram', hex(`${SIGNATURE} 21 12 000c 7f000007 7f000001 d431 13a7`)],
    ['v2 TCP4 with a length too short for its addresses', hex(`${SIGNATURE} 21 11 0008 7f000007 7f000001`)],
    ['v2 TCP6 with a TCP4 length', hex(`${SIGNATURE} 21 21 000c 7f000007 7f000001 d431 13a7`)],
    ['a broken v2 signature', hex('0d0a0d0a000d0a515549540b 21 11 000c 7f000007 7f000001 d431 13a7')],
  ])('refuses %s', (_, bytes) => {
    expect(parseProxyHeader(bytes).kind).toBe('invalid');
  });

  it('asks for no more than the length a v2 header states, and no less', () => {
    // 65,535 bytes of TLVs announced: incomplete until they are all there (the reader caps it).
    const head = hex(`${SIGNATURE} 21 11 ffff 7f000007 7f000001 d431 13a7`);
    expect(parseProxyHeader(head)).toEqual({ kind: 'incomplete' });
    const whole = Buffer.concat([head, Buffer.alloc(0xffff - 12)]);
    expect(parseProxyHeader(whole)).toEqual({
      kind: 'header',
      length: 16 + 0xffff,
      source: { address: '127.0.0.7', port: 54321 },
    });
  });

  it('never throws on random bytes after either signature', () => {
    let seed = 15;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff;
    for (let i = 0; i < 5_000; i++) {
      const prefix = i % 2 === 0 ? hex(SIGNATURE) : text('PROXY ');
      const tail = Buffer.from(Array.from({ length: random() % 64 }, random));
      const result = parseProxyHeader(Buffer.concat([prefix, tail]));
      expect(['incomplete', 'invalid', 'header']).toContain(result.kind);
      if (result.kind === 'header') expect(result.length).toBeLessThanOrEqual(prefix.length + tail.length);
    }
  });
});

describe('ipv6', () => {
  it.each([
    ['20010db8000000000000000000000001', '2001:db8::1'],
    ['00000000000000000000000000000001', '::1'],
    ['00000000000000000000000000000000', '::'],
    ['fe800000000000000000000000000000', 'fe80::'],
    ['20010db8000000010000000000000001', '2001:db8:0:1::1'],
    // RFC 5952 §4.2.2: one zero group is not shortened; §4.2.3: the first of equal runs is.
    ['20010db8000000010001000100010001', '2001:db8:0:1:1:1:1:1'],
    ['20010db8000000000001000000000001', '2001:db8::1:0:0:1'],
    ['20010000000000010000000000000001', '2001:0:0:1::1'],
    ['00000000000000000000ffff7f000007', '::ffff:127.0.0.7'],
    ['ABCD000000000000000000000000ABCD', 'abcd::abcd'],
  ])('writes %s as %s', (bytes, written) => {
    expect(ipv6(hex(bytes))).toBe(written);
  });
});
