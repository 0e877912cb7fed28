import dgram from 'node:dgram';
import http from 'node:http';
import net from 'node:net';
import { sql } from 'kysely';
import {
  createGt06Framer,
  decodeAck,
  encodeCodec8Packet,
  encodeGl200Fri,
  encodeGps103Position,
  encodeJt808Location,
  encodeGps22,
  encodeH02Position,
  encodeLogin,
  encodeMeitrackAAA,
  encodeRuptelaRecords,
  encodeSuntechStt,
  encodeTeltonikaImei,
  encodeTeltonikaUdpDatagram,
  GT06_LOGIN,
  osmandRequest,
  type HttpRequestInput,
  type Transport,
} from '@jejak/protocols';
import type { RunningJejak } from '../../apps/server/src/app.ts';
import { demoImei } from '../../apps/server/src/demo/demo-fleet.ts';
import { createGt06Client } from '@jejak/simulator';

/**
 * Is the server still serving? Valid requests from well-behaved devices, each with a timeout:
 * GET /api/version, a GT06 login of a demo device (its ack), a fresh fix of the fuzzed protocol
 * from a device the fuzzer never touches (stored), and a canary device that reports throughout
 * the run (one device's bad data must not stall another).
 */
export const PROBE_TIMEOUT_MS = 5000;
const HOST = '127.0.0.1';

export async function versionOk(app: RunningJejak): Promise<boolean> {
  try {
    const res = await fetch(`${app.httpUrl}/api/version`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Sends `bytes` on a fresh TCP connection; resolves true once `done(received)` holds, false on close or timeout. */
function tcpExchange(
  port: number,
  bytes: Uint8Array[],
  done: (received: Buffer) => boolean,
  signal?: AbortSignal,
): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, HOST);
    let received = Buffer.alloc(0);
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), PROBE_TIMEOUT_MS);
    signal?.addEventListener('abort', () => finish(done(received)));
    socket.on('connect', () => {
      for (const b of bytes) socket.write(b);
      if (done(received)) finish(true);
    });
    socket.on('data', (d: Buffer) => {
      received = Buffer.concat([received, d]);
      if (done(received)) finish(true);
    });
    socket.on('error', () => finish(false));
    socket.on('close', () => finish(done(received)));
  });
}

/** A demo GT06 device logs in and gets its login ack. */
export function gt06LoginOk(app: RunningJejak, imei = demoImei(0)): Promise<boolean> {
  const port = app.gatewayPorts.gt06;
  if (port === undefined) return Promise.resolve(false);
  const serial = 0x4a11;
  return tcpExchange(port, [encodeLogin(imei, serial)], (received) =>
    createGt06Framer()
      .push(received)
      .frames.some((f) => {
        const ack = decodeAck(f);
        return ack?.type === GT06_LOGIN && ack.serial === serial;
      }),
  );
}

/** The device each protocol's probe uses: registered for the run, never in the fuzzed traffic. */
export function probeId(protocolId: string): string {
  const n = [...protocolId].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 1000, 7);
  // A JT/T 808 terminal is named by its phone number (at most 12 digits), a Suntech by its 10-digit id.
  const prefix = protocolId === 'jt808' ? '139990000' : protocolId === 'suntech' ? '0999000' : '359999000000';
  return `${prefix}${String(n).padStart(3, '0')}`;
}

type Probe = { frames: Uint8Array[] } | { datagram: Uint8Array } | { request: HttpRequestInput };

export function probeFor(protocolId: string, transport: Transport, id: string, timeMs: number): Probe | null {
  const fix = { timeMs, lat: 3.1478, lon: 101.6953, speedKmh: 36, course: 90, valid: true, satellites: 9 };
  const record = { ...fix, altitude: 40, io: { ignition: true } };
  switch (`${protocolId}/${transport}`) {
    case 'gt06/tcp':
      return { frames: [encodeLogin(id, 1), encodeGps22({ ...fix, reupload: false, acc: true }, 2)] };
    case 'teltonika/tcp':
      return { frames: [encodeTeltonikaImei(id), encodeCodec8Packet([record])] };
    case 'teltonika/udp':
      return { datagram: encodeTeltonikaUdpDatagram(id, [record], { packetId: 1, avlPacketId: 1 }) };
    case 'h02/tcp':
      return { frames: [encodeH02Position({ id, ...fix })] };
    case 'h02/udp':
      return { datagram: encodeH02Position({ id, ...fix }) };
    case 'osmand/http':
      return { request: osmandRequest({ id, ...fix }) };
    case 'meitrack/tcp':
      return { frames: [encodeMeitrackAAA({ imei: id, ...fix })] };
    case 'gl200/tcp':
      return { frames: [encodeGl200Fri({ imei: id, ...fix })] };
    case 'gps103/tcp':
      return { frames: [encodeGps103Position({ imei: id, ...fix })] };
    case 'suntech/tcp':
      return { frames: [encodeSuntechStt({ id, ...fix })] };
    case 'jt808/tcp':
      return { frames: [encodeJt808Location({ phone: id, serial: 1, time: fix.timeMs, ...fix })] };
    case 'ruptela/tcp':
      return { frames: [encodeRuptelaRecords(id, [fix])] };
    default:
      return null;
  }
}

/**
 * A valid fix of the fuzzed protocol and transport, from the probe device, reaches the device
 * log. Null when there is no probe for that protocol.
 */
export async function protocolOk(
  app: RunningJejak,
  protocolId: string,
  transport: Transport,
  dvid: string,
): Promise<boolean | null> {
  const startedAt = Date.now();
  const probe = probeFor(protocolId, transport, dvid.split('#')[1] ?? '', startedAt - 2000);
  const port = app.gatewayPorts[transport === 'tcp' ? protocolId : `${protocolId}/${transport}`];
  if (!probe || port === undefined) return null;
  const sending = new AbortController();
  if ('frames' in probe) void tcpExchange(port, probe.frames, () => false, sending.signal);
  else if ('datagram' in probe) sendDatagram(port, probe.datagram);
  else void sendRequest(port, probe.request);
  try {
    const deadline = startedAt + PROBE_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const rows = await sql<{ n: number }>`
        select count(*)::int as n from device_logs where dvid = ${dvid} and created_at >= ${startedAt}`.execute(
        app.database.db,
      );
      if ((rows.rows[0]?.n ?? 0) > 0) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  } finally {
    sending.abort();
  }
}

function sendDatagram(port: number, datagram: Uint8Array): void {
  const socket = dgram.createSocket('udp4');
  socket.send(datagram, port, HOST, () => socket.close());
}

function sendRequest(port: number, r: HttpRequestInput): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request({
      host: HOST,
      port,
      method: r.method,
      path: r.uri,
      headers: r.headers,
      timeout: PROBE_TIMEOUT_MS,
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end(r.body);
  });
}

export interface CanaryStats {
  sent: number;
  acked: number;
  reconnects: number;
  /** Longest wait from sending a fix to its ack. */
  maxAckMs: number;
}

/** A demo GT06 device reporting every `everyMs` during the run, each fix acknowledged after commit. */
export function startCanary(app: RunningJejak, everyMs = 250, imei = demoImei(1)): { stop(): Promise<CanaryStats> } {
  const sentAt = new Map<number, number>();
  let maxAckMs = 0;
  let t = Date.now() - 60_000;
  let lon = 101.6;
  const client = createGt06Client({
    host: HOST,
    port: app.gatewayPorts.gt06 ?? 0,
    imei,
    fixEveryMs: everyMs,
    heartbeatEveryMs: 0,
    loginTimeoutMs: PROBE_TIMEOUT_MS,
    reconnectMinMs: 100,
    reconnectMaxMs: 1000,
    random: () => 0.5,
    nextFix: () => {
      t += 1000;
      lon += 0.0001;
      return { timeMs: t, lat: 3.1, lon, speedKmh: 30, course: 90, acc: true, phase: 'driving', satellites: 9 };
    },
    onSend: (e) => sentAt.set(e.serial, e.sentAtMs),
    onAck: (e) => {
      maxAckMs = Math.max(maxAckMs, e.ackedAtMs - (sentAt.get(e.serial) ?? e.ackedAtMs));
      sentAt.delete(e.serial);
    },
  });
  client.start();
  return {
    async stop() {
      await client.stop();
      const { sent, acked, reconnects } = client.stats();
      return { sent, acked, reconnects, maxAckMs };
    },
  };
}
