import net from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Transport } from '@jejak/protocols';
import { listenOnOnePort } from './one-port.ts';
import type { RunningListener } from './tcp-gateway.ts';

/** A real TCP listener on `port` (0: the OS picks). */
async function tcpListener(port: number): Promise<RunningListener & { closed: boolean }> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const listener = {
    port: (server.address() as net.AddressInfo).port,
    closed: false,
    connections: () => 0,
    close: () => new Promise<void>((resolve) => server.close(() => ((listener.closed = true), resolve()))),
  };
  return listener;
}

function taken(port: number): Error {
  return Object.assign(new Error(`bind EADDRINUSE 127.0.0.1:${port}`), { code: 'EADDRINUSE' });
}

describe('listenOnOnePort', () => {
  const transports: Transport[] = ['tcp', 'udp'];

  it('puts every transport on the number the OS gave the first', async () => {
    const ports: number[] = [];
    const started = await listenOnOnePort(transports, 0, async (transport, port) => {
      ports.push(port);
      return transport === 'tcp' ? tcpListener(port) : { port, connections: () => 0, close: async () => {} };
    });
    expect(ports[0]).toBe(0);
    expect(ports[1]).toBe(started[0]!.port);
    expect(started.map((l) => l.port)).toEqual([started[0]!.port, started[0]!.port]);
    await Promise.all(started.map((l) => l.close()));
  });

  it('closes what it started and picks a new number when the second transport finds it taken', async () => {
    const tcp: Array<RunningListener & { closed: boolean }> = [];
    let refusals = 1;
    const started = await listenOnOnePort(transports, 0, async (transport, port) => {
      if (transport === 'tcp') {
        const l = await tcpListener(port);
        tcp.push(l);
        return l;
      }
      if (refusals-- > 0) throw taken(port);
      return { port, connections: () => 0, close: async () => {} };
    });
    expect(tcp).toHaveLength(2);
    expect(tcp[0]!.closed).toBe(true);
    expect(tcp[1]!.closed).toBe(false);
    expect(started[1]!.port).toBe(tcp[1]!.port);
    await Promise.all(started.map((l) => l.close()));
  });

  it('never moves a configured port: the clash is reported', async () => {
    const first = await tcpListener(0);
    let calls = 0;
    await expect(
      listenOnOnePort(transports, first.port, async (transport, port) => {
        calls++;
        if (transport === 'udp') throw taken(port);
        return { port, connections: () => 0, close: async () => {} };
      }),
    ).rejects.toThrow(/EADDRINUSE/);
    expect(calls).toBe(2);
    await first.close();
  });

  it('gives up after a bounded number of tries and reports why', async () => {
    let tries = 0;
    await expect(
      listenOnOnePort(transports, 0, async (transport) => {
        if (transport === 'udp') throw taken(1);
        tries++;
        return { port: 40_000 + tries, connections: () => 0, close: async () => {} };
      }),
    ).rejects.toThrow(/EADDRINUSE/);
    expect(tries).toBeGreaterThan(1);
    expect(tries).toBeLessThan(20);
  });

  it('does not retry an error other than a taken port', async () => {
    let tries = 0;
    await expect(
      listenOnOnePort(transports, 0, async (transport) => {
        tries++;
        if (transport === 'udp') throw new Error('EACCES');
        return { port: 40_001, connections: () => 0, close: async () => {} };
      }),
    ).rejects.toThrow('EACCES');
    expect(tries).toBe(2);
  });
});
