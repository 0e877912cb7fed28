import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOLS } from '@jejak/protocols';
import { loadConfig } from '../config/load.ts';
import type { GatewayCounters } from './counters.ts';
import { createSourceReader, trustedProxies, type SourceAddress } from './proxy-source.ts';

describe('trustedProxies', () => {
  it('trusts the listed addresses and CIDRs, IPv4 peers of a dual-stack listener included', () => {
    const proxies = trustedProxies(['127.0.0.2', '10.1.0.0/16', 'fd00::/8']);
    expect(['127.0.0.2', '::ffff:127.0.0.2', '10.1.200.3', 'fd12::1'].map((a) => proxies.trusts(a))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['127.0.0.3', '10.2.0.1', 'fe80::1', '::1', undefined].map((a) => proxies.trusts(a))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(trustedProxies([]).trusts('127.0.0.1')).toBe(false);
  });

  it('takes JEJAK_TRUSTED_PROXIES as addresses and CIDRs, refusing anything else at boot', () => {
    expect(loadConfig({}).JEJAK_TRUSTED_PROXIES).toEqual([]);
    expect(loadConfig({ JEJAK_TRUSTED_PROXIES: ' 10.0.0.5, 172.16.0.0/12 ,fd00::/8' }).JEJAK_TRUSTED_PROXIES).toEqual([
      '10.0.0.5',
      '172.16.0.0/12',
      'fd00::/8',
    ]);
    for (const bad of ['haproxy', '10.0.0.0/33', 'fd00::/129', '10.0.0.0/8/8', '10.0.0.0/', '*'])
      expect(() => loadConfig({ JEJAK_TRUSTED_PROXIES: bad })).toThrow(/JEJAK_TRUSTED_PROXIES/);
  });
});

/** A listener whose connections go through the reader: each one's source and the bytes after it. */
describe('createSourceReader on real connections', () => {
  const counters = { badFrames: 0 } as GatewayCounters;
  const warnings: object[] = [];
  const seen: { source: SourceAddress; data: Promise<string> }[] = [];
  let server: net.Server;
  let port = 0;

  beforeAll(async () => {
    const read = createSourceReader(
      {
        protocol: PROTOCOLS[0]!,
        counters,
        log: { info: () => undefined, warn: (o) => warnings.push(o) },
      },
      trustedProxies(['127.0.0.2']),
    );
    server = net.createServer((socket) =>
      read(socket, (source) => {
        const chunks: Buffer[] = [];
        socket.on('data', (c: Buffer) => chunks.push(c));
        const data = new Promise<string>((resolve) =>
          socket.on('end', () => resolve(Buffer.concat(chunks).toString())),
        );
        seen.push({ source, data });
        socket.on('end', () => socket.end());
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Connects from `from`, writes `pieces` one write each, ends; resolves once the server closed it. */
  async function send(from: string, pieces: (string | Buffer)[]): Promise<void> {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    for (const p of pieces) {
      socket.write(p);
      // Each piece its own segment: the reader sees the header arrive in parts.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    socket.end();
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
  }

  it('takes the source from a trusted proxy header split over writes, and passes on the bytes after it', async () => {
    await send('127.0.0.2', ['PROXY TCP4 203.0.113.9 10.0.0.1 4', '1000 5023\r\nhel', 'lo']);
    const last = seen.at(-1);
    expect(last?.source).toEqual({ address: '203.0.113.9', port: 41000 });
    expect(await last?.data).toBe('hello');
  });

  it('never reads a header from anyone else: it is their data, and they are their own source', async () => {
    await send('127.0.0.3', ['PROXY TCP4 203.0.113.9 10.0.0.1 41000 5023\r\nhello']);
    const last = seen.at(-1);
    expect(last?.source.address).toBe('127.0.0.3');
    expect(await last?.data).toBe('PROXY TCP4 203.0.113.9 10.0.0.1 41000 5023\r\nhello');
  });

  it('closes a trusted connection without a valid header, counting and logging it', async () => {
    const before = seen.length;
    await send('127.0.0.2', [Buffer.from('78780d01035889905101276800012a6c0d0a', 'hex')]);
    expect(seen.length).toBe(before);
    expect(counters.badFrames).toBe(1);
    const warning = warnings[0] as { reason?: string; peer?: string } | undefined;
    expect(warnings).toHaveLength(1);
    expect(warning?.reason).toBe('not a PROXY protocol header');
    expect(warning?.peer).toMatch(/^127\.0\.0\.2:/);
  });
});
