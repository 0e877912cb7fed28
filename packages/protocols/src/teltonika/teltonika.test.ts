import { describe, expect, it } from 'vitest';
import { crc16Ibm } from '../codec/crc16-ibm.ts';
import { bytesToHex, hexToBytes } from '../codec/hex.ts';
import type { DecodeResult } from '../message.ts';
import { checkExpectation, hasLocation, loadVectors, type VectorRecordBase } from '../testing/vectors.ts';
import { createTeltonikaSession } from './decoder.ts';
import { teltonikaProtocol } from './index.ts';

interface DerivedPosition {
  fix_time_utc: string;
  priority: number;
  latitude: number;
  longitude: number;
  altitude_m: number;
  course_deg: number;
  satellites: number;
  valid: boolean;
  speed_kph: number;
  event_io_id: number;
}
interface VectorRecord extends VectorRecordBase {
  payload_hex: string;
  test_method: string;
  derived?: {
    frame?: { imei?: string; crc16_ibm_ok?: boolean; record_count?: number };
    positions?: DerivedPosition[];
    server_ack_hex?: string;
  };
  decoder_context?: { constructor_args?: boolean[]; settings?: { setExtended?: boolean } };
}
// Missing vectors must fail the suite, never skip it.
const records = loadVectors<VectorRecord>('teltonika.json');
const label = (r: VectorRecord) => r.id ?? `${r.test_method}#${r.sequence}`;

/** Dev packets that are well formed but of a kind we do not handle (camera file transfer). */
const UNSUPPORTED_DEV = new Map([['teltonika-049', /codec 12: camera file transfer \(type 0d\) is not supported/]]);
/** Dev packets whose data field length and CRC do not match the bytes (computed independently). */
const BAD_LENGTH_DEV = ['teltonika-034', 'teltonika-037'];

/**
 * Replays the file in sequence order through one session per capture run (test method),
 * transport and decoder context, as a connection would: the IMEI handshake comes first.
 */
function replay(crc: 'strict' | 'lenient'): Map<string, DecodeResult> {
  const sessions = new Map<string, ReturnType<typeof createTeltonikaSession>>();
  const results = new Map<string, DecodeResult>();
  for (const r of records) {
    const udp = r.transport === 'udp' || r.decoder_context?.constructor_args?.[0] === true;
    const extended = r.decoder_context?.settings?.setExtended === true;
    const key = `${r.test_method}|${udp ? 'udp' : 'tcp'}|${JSON.stringify(r.decoder_context ?? {})}`;
    let session = sessions.get(key);
    if (!session) {
      session = createTeltonikaSession({ transport: udp ? 'udp' : 'tcp', extended, crc });
      sessions.set(key, session);
    }
    results.set(label(r), session.decode(hexToBytes(r.payload_hex)));
  }
  return results;
}

function checkDerived(derived: NonNullable<VectorRecord['derived']>, result: DecodeResult): void {
  const positions = result.messages.filter(hasLocation);
  derived.positions?.forEach((p, i) => {
    const m = positions[i];
    expect(m?.deviceTimeMs).toBe(Date.parse(p.fix_time_utc));
    expect(m?.latitude).toBeCloseTo(p.latitude, 7);
    expect(m?.longitude).toBeCloseTo(p.longitude, 7);
    expect(m?.altitude).toBe(p.altitude_m);
    expect(m?.course).toBe(p.course_deg);
    expect(m?.satellites).toBe(p.satellites);
    expect(m?.valid).toBe(p.valid);
    expect(m?.speedKmh).toBe(p.speed_kph);
    expect(m?.attributes.priority).toBe(p.priority);
    expect(m?.attributes.event).toBe(p.event_io_id === 0 ? undefined : p.event_io_id);
  });
  if (derived.positions) expect(positions).toHaveLength(derived.positions.length);
  if (derived.server_ack_hex !== undefined) {
    expect(bytesToHex(result.reply ?? new Uint8Array())).toBe(derived.server_ack_hex);
  }
  if (derived.frame?.imei) expect(result.messages[0]).toMatchObject({ kind: 'login', imei: derived.frame.imei });
  if (derived.frame?.crc16_ibm_ok) expect(result.warnings).toEqual([]);
}

describe('Teltonika decoder on captured packets (one session per run, lenient)', () => {
  const results = replay('lenient');
  const dev = records.filter((r) => r.set === 'dev' && !UNSUPPORTED_DEV.has(label(r)));

  it.each(dev.map((r) => [label(r), r] as const))('%s meets its expectation', (_, r) => {
    const result = results.get(label(r));
    if (!result || !r.expect) throw new Error('no result');
    expect(result.error).toBeNull();
    checkExpectation(r.expect, result);
    if (r.derived) checkDerived(r.derived, result);
  });

  it.each([...UNSUPPORTED_DEV])('%s is rejected with a clear reason', (id, reason) => {
    const result = results.get(id);
    expect(result?.messages).toEqual([]);
    expect(result?.reply).toBeNull();
    expect(result?.error).toMatch(reason);
    expect(result?.unsupported).toBe(true);
  });

  it('decodes or clearly rejects every withheld packet', () => {
    for (const r of records.filter((x) => x.set === 'withheld')) {
      const result = results.get(label(r));
      if (!result) throw new Error(`${label(r)} has no result`);
      if (result.error) expect(result.error, label(r)).toMatch(/^Teltonika( codec \w+)?: \S/);
      else expect(result.messages.length, label(r)).toBeGreaterThan(0);
      expect(result.error ?? '', label(r)).not.toMatch(/internal/);
    }
  });

  it('tags data after the IMEI handshake with the IMEI', () => {
    expect(results.get('teltonika-004')?.messages[0]?.imei).toBe('123456789012345');
  });

  it('names IO elements and keeps the rest as io<id>', () => {
    // #10, second record: generated by IO 239 (ignition) with 18 IO elements.
    const m = results.get('teltonika-010')?.messages[1];
    expect(m?.attributes).toMatchObject({ event: 239, ignition: false, motion: false, gsm: 5, power: 13.092 });
    expect(m?.attributes).toMatchObject({ pdop: 1.4, hdop: 1.1, tripOdometer: 7, operator: 24601 });
    // #19: digital input 1, total odometer.
    expect(results.get('teltonika-019')?.messages[0]?.attributes).toMatchObject({ din1: true, odometer: 2656224 });
  });

  it('reads the 16-byte IO group of codec 8 only when the extended setting says so', () => {
    const packet = hexToBytes(records.find((r) => label(r) === 'teltonika-046')?.payload_hex ?? '');
    expect(createTeltonikaSession({ extended: true }).decode(packet).messages).toHaveLength(11);
    expect(createTeltonikaSession().decode(packet).error).toMatch(/^Teltonika codec 8: truncated/);
  });

  it('reads codec 12 responses and codec 13 messages as heartbeats with the text', () => {
    expect(results.get('teltonika-040')?.messages[0]).toMatchObject({
      kind: 'heartbeat',
      attributes: { result: '#FM2=262032761721396,26203,07.02.05' },
    });
    expect(results.get('teltonika-016')?.messages[0]).toMatchObject({
      kind: 'heartbeat',
      deviceTimeMs: 0x16c0a81c320,
      attributes: { result: 'getinfo' },
    });
    expect(results.get('teltonika-040')?.reply).toBeNull();
  });
});

describe('Teltonika length and CRC policy', () => {
  it('strict sessions reject exactly the dev packets whose length or CRC does not match', () => {
    const results = replay('strict');
    const rejected = records
      .filter((r) => r.set === 'dev' && /CRC|data field length/.test(results.get(label(r))?.error ?? ''))
      .map(label);
    expect(rejected).toEqual(BAD_LENGTH_DEV);
    expect(results.get('teltonika-034')?.error).toMatch(/^Teltonika codec 8: data field length says 167/);
  });

  it('strict sessions reject a flipped byte as a CRC mismatch', () => {
    const bytes = hexToBytes(records.find((r) => label(r) === 'teltonika-025')?.payload_hex ?? '');
    bytes[20] = (bytes[20] ?? 0) ^ 0x01;
    const result = createTeltonikaSession().decode(bytes);
    expect(result.error).toMatch(/^Teltonika codec 8: CRC mismatch: frame says 0000be52, computed [0-9a-f]{4}$/);
    expect(result.reply).toBeNull();
  });

  it('lenient sessions accept bad packets with warnings', () => {
    const results = replay('lenient');
    expect(results.get('teltonika-037')?.warnings.join()).toMatch(/data field length says 199, frame holds 198/);
  });
});

/** A TCP packet around a data field (codec id … number of data 2), with its CRC-16/IBM. */
function tcpPacket(dataHex: string): Uint8Array {
  const data = hexToBytes(dataHex);
  const out = new Uint8Array(12 + data.length);
  new DataView(out.buffer).setUint32(4, data.length);
  out.set(data, 8);
  new DataView(out.buffer).setUint32(8 + data.length, crc16Ibm(data));
  return out;
}

describe('Teltonika sessions', () => {
  it('answers the IMEI handshake with 01 and the FF ping with nothing', () => {
    const session = createTeltonikaSession();
    const login = session.decode(hexToBytes('000f333536333037303432343431303133'));
    expect(login.messages).toEqual([{ kind: 'login', imei: '356307042441013', attributes: {} }]);
    expect(bytesToHex(login.reply ?? new Uint8Array())).toBe('01');
    const ping = session.decode(Uint8Array.of(0xff));
    expect(ping).toEqual({
      messages: [{ kind: 'heartbeat', imei: '356307042441013', attributes: {} }],
      reply: null,
      error: null,
      warnings: [],
    });
  });

  it('rejects a handshake that is not an IMEI', () => {
    expect(createTeltonikaSession().decode(hexToBytes('0003414243')).error).toBe(
      'Teltonika: IMEI is not decimal digits (at byte 2)',
    );
  });

  it('reads a codec 13 timestamp of 4 bytes whether or not the size counts it', () => {
    const text = bytesToHex(new TextEncoder().encode('hello'));
    const counted = tcpPacket(`0d 01 05 00000009 65000000 ${text} 01`);
    const uncounted = tcpPacket(`0d 01 05 00000005 65000000 ${text} 01`);
    for (const packet of [counted, uncounted]) {
      expect(createTeltonikaSession().decode(packet).messages[0]).toMatchObject({
        kind: 'heartbeat',
        deviceTimeMs: 0x65000000 * 1000,
        attributes: { result: 'hello' },
      });
    }
  });

  it('keeps a binary codec 12 response as hex', () => {
    const result = createTeltonikaSession().decode(tcpPacket('0c 01 06 00000003 0100ff 01'));
    expect(result.messages[0]?.attributes.result).toBe('0100ff');
  });

  it('rejects unknown codecs as unsupported and truncated records as malformed', () => {
    const unknown = createTeltonikaSession().decode(tcpPacket('0f 01 06 00000000 01'));
    expect(unknown).toMatchObject({ error: 'Teltonika codec 15: not supported', unsupported: true });
    const truncated = createTeltonikaSession().decode(tcpPacket('08 01 0000016818d50058 00 01'));
    expect(truncated.error).toMatch(/^Teltonika codec 8: truncated longitude/);
    expect(truncated.unsupported).toBeUndefined();
  });

  it('raises alarms only on records generated by the alarm IO', () => {
    const record = (event: string) =>
      `0000016818d50058 00 0009c28d 1cb3757a 00be 00c6 0f 0053 ${event} 01 01 f7 01 00 00 00`;
    const crash = createTeltonikaSession().decode(tcpPacket(`08 01 ${record('f7')} 01`)).messages[0];
    expect(crash?.attributes).toMatchObject({ alarm: 'accident', event: 247, io247: 1 });
    const periodic = createTeltonikaSession().decode(tcpPacket(`08 01 ${record('00')} 01`)).messages[0];
    expect(periodic?.attributes.alarm).toBeUndefined();
  });

  it('over UDP sends a login for each new IMEI, then acknowledges by packet id', () => {
    const hex = records.find((r) => r.transport === 'udp')?.payload_hex ?? '';
    const session = teltonikaProtocol.createSession({ transport: 'udp' });
    const first = session.decode(hexToBytes(hex));
    expect(first.messages.map((m) => m.kind)).toEqual(['login', 'position']);
    expect(first.messages[1]?.imei).toBe('357454072713975');
    const again = session.decode(hexToBytes(hex));
    expect(again.messages.map((m) => m.kind)).toEqual(['position']);
    expect(bytesToHex(again.reply ?? new Uint8Array())).toBe('0005cafe012201');
  });

  it('is registered as TEL100 on port 5027 over TCP and UDP', () => {
    expect(teltonikaProtocol).toMatchObject({
      id: 'teltonika',
      models: ['TEL100'],
      transports: ['tcp', 'udp'],
      defaultPort: 5027,
    });
    expect(teltonikaProtocol.createFramer().bufferedBytes).toBe(0);
  });
});
