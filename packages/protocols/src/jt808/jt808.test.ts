import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../codec/hex.ts';
import type { DecodeResult } from '../message.ts';
import {
  checkExpectation,
  hasLocation,
  isValidPosition,
  loadVectors,
  type VectorRecordBase,
} from '../testing/vectors.ts';
import { createJt808Session } from './decoder.ts';

interface VectorRecord extends VectorRecordBase {
  id: string;
}

// Missing vectors must fail the suite, never skip it.
const records = loadVectors<VectorRecord>('jt808.json');

const bytesOf = (r: VectorRecord): Uint8Array =>
  r.payload_hex ? hexToBytes(r.payload_hex) : Uint8Array.from(r.payload_text ?? '', (c) => c.charCodeAt(0));

/** Replays the file in order, one session per decoder context (as one connection per device setting would). */
function replay(): Map<string, DecodeResult> {
  const sessions = new Map<string, ReturnType<typeof createJt808Session>>();
  return new Map(
    records.map((r) => {
      const settings = (r.decoder_context?.settings ?? undefined) as Record<string, string> | undefined;
      const key = JSON.stringify(settings ?? {});
      const session = sessions.get(key) ?? createJt808Session({ transport: 'tcp', settings });
      sessions.set(key, session);
      return [r.id, session.decode(bytesOf(r), { receivedAtMs: Date.UTC(2026, 0, 1) })];
    }),
  );
}

const id = (seq: number): string => `jt808-${String(seq).padStart(3, '0')}`;
/** The session's login is ours, not the device's: expectations count the device's messages. */
const withoutLogin = (r: DecodeResult): DecodeResult => ({
  ...r,
  messages: r.messages.filter((m) => m.kind !== 'login'),
});

describe('JT808 decoder on captured packets', () => {
  const results = replay();

  it.each(records.filter((r) => r.set === 'dev').map((r) => [r.id, r] as const))(
    '%s meets its expectation',
    (_id, r) => {
      const result = results.get(r.id);
      if (!result || !r.expect) throw new Error('no result');
      expect(result.error).toBeNull();
      checkExpectation(r.expect, withoutLogin(result));
    },
  );

  it('decodes every withheld packet', () => {
    const rejected: string[] = [];
    for (const r of records.filter((x) => x.set === 'withheld')) {
      const result = results.get(r.id);
      if (!result) throw new Error(`${r.id} has no result`);
      if (result.error) {
        expect(result.error, r.id).toMatch(/^JT808 \S+: \S/);
        rejected.push(`${r.id} ${result.error}`);
      } else expect(result.messages.length, r.id).toBeGreaterThan(0);
      expect(result.error ?? '', r.id).not.toMatch(/internal/);
    }
    expect(rejected).toEqual([]);
  });
});

const record = (seq: number): VectorRecord => {
  const r = records.find((x) => x.id === id(seq));
  if (!r) throw new Error(`no record ${seq}`);
  return r;
};
const decodeAlone = (seq: number): DecodeResult =>
  createJt808Session({ transport: 'tcp' }).decode(bytesOf(record(seq)));
const replyHex = (r: DecodeResult): string => bytesToHex(r.reply ?? new Uint8Array());

describe('JT808 replies (byte for byte)', () => {
  it('answers a registration with 0x8100: answer serial, result 0, the identifier as auth code', () => {
    expect(replyHex(decodeAlone(85))).toBe('7e8100000e01351122112200000005003133353131323231313232897e');
  });

  it('answers a 2019 registration with a 2019 header (version 1, BCD[10] phone number)', () => {
    expect(replyHex(decodeAlone(5))).toBe(
      '7e81004012010000086649607758216400005218003836363439363037373538323136348a7e',
    );
  });

  it('answers authentication and a location report with the 0x8001 general response', () => {
    expect(replyHex(decodeAlone(87))).toBe('7e8001000501351122112200000006010200b57e');
    expect(replyHex(decodeAlone(88))).toBe('7e8001000501351122112200000007020000b57e');
  });

  it('answers a 0x5501 that asks for it (property bit 15) with the one-byte-serial 0x4401', () => {
    expect(replyHex(decodeAlone(34))).toBe('7e4401000385801203000300550100057e');
  });

  it('numbers its own messages: the platform serial goes up by one per reply', () => {
    const session = createJt808Session({ transport: 'tcp' });
    const serials = [85, 87, 88].map((seq) => {
      const reply = session.decode(bytesOf(record(seq))).reply ?? new Uint8Array();
      return ((reply[11] ?? 0) << 8) | (reply[12] ?? 0);
    });
    expect(serials).toEqual([0, 1, 2]);
  });

  it('does not answer terminal responses and position replies', () => {
    expect(decodeAlone(18).reply).toBeNull(); // 0x0701
    expect(decodeAlone(69).reply).toBeNull(); // 0x1300
  });
});

describe('JT808 messages', () => {
  it('identifies the terminal by its phone number once, and tags every message', () => {
    const session = createJt808Session({ transport: 'tcp' });
    const kinds = [85, 87, 88].map((seq) =>
      session.decode(bytesOf(record(seq))).messages.map((m) => `${m.kind} ${m.imei}`),
    );
    expect(kinds).toEqual([
      ['login 13511221122', 'heartbeat 13511221122'],
      ['heartbeat 13511221122'],
      ['position 13511221122'],
    ]);
    expect(session.imei).toBe('13511221122');
  });

  it('reads an IMEI where the phone number is not BCD (Jimi: binary, Luhn digit added)', () => {
    expect(decodeAlone(13).messages[0]).toEqual({ kind: 'login', imei: '865478070102068', attributes: {} });
  });

  it('reads a location report: coordinates, speed, course, altitude, Beijing time as UTC, items', () => {
    const m = decodeAlone(88).messages.find(hasLocation);
    expect(m).toMatchObject({
      kind: 'position',
      valid: true,
      latitude: 22.51488,
      longitude: 113.916508,
      altitude: 71,
      speedKmh: 0,
      deviceTimeMs: Date.UTC(2014, 6, 23, 9, 20, 15),
      satellites: 11,
      attributes: { ignition: true, odometer: 0, gsm: 22 },
    });
    expect(decodeAlone(88).warnings).toEqual([
      'check code 0xd0 differs from the XOR 0xf0',
      'body length field says 50 bytes, the body has 40',
    ]);
  });

  it('maps alarm flags and vendor alarm words to our vocabulary only', () => {
    expect(decodeAlone(91).messages.find(hasLocation)?.attributes.alarm).toBe('sos');
    expect(decodeAlone(10).messages.find(hasLocation)?.attributes.alarm).toBe('removing');
    expect(decodeAlone(11).messages.find(hasLocation)?.attributes.alarm).toBe('vibration');
  });

  it('takes the model from options.model as from the setModelOverride setting', () => {
    const bytes = bytesOf(record(103));
    const door = (options: Parameters<typeof createJt808Session>[0]) =>
      createJt808Session(options).decode(bytes).messages.find(hasLocation)?.attributes.door;
    expect(door({ transport: 'tcp', model: 'MV710G' })).toBe(true);
    expect(door({ transport: 'tcp', model: 'JT808', settings: { setModelOverride: 'MV710G' } })).toBe(true);
    expect(door({ transport: 'tcp' })).toBeUndefined();
  });

  it('reads a batch upload (0x0704) as positions from memory', () => {
    const fixes = decodeAlone(97).messages.filter(hasLocation);
    expect(fixes.length).toBeGreaterThan(1);
    expect(fixes.every((m) => m.memory === true && isValidPosition(m))).toBe(true);
  });

  it('gives command answers their result and serial (0x0001, 0x0701, 0x1300)', () => {
    const session = createJt808Session({ transport: 'tcp' });
    const answer = session.decode(hexToBytes('7e0001000501351122112200090042820500fc7e'));
    expect(answer.messages.at(-1)?.attributes).toEqual({ result: 'success', commandSerial: 0x42, commandType: 0x8205 });
    expect(decodeAlone(18).messages.at(-1)?.attributes.result).toBe('MD,SET CONFIG OK!');
    expect(decodeAlone(69).messages.at(-1)?.attributes.result).toBe('Set OK!');
  });

  it('answers the Jimi text time request with the receive time', () => {
    const result = createJt808Session({ transport: 'tcp' }).decode(bytesOf(record(53)), {
      receivedAtMs: Date.UTC(2026, 10, 29, 1, 2, 3),
    });
    expect(String.fromCharCode(...(result.reply ?? []))).toBe('(794104004140,1,001,BASE,2,20261129010203)');
  });

  it('rejects a message type it does not know as unsupported, and garbage as malformed', () => {
    const unknown = createJt808Session({ transport: 'tcp' }).decode(hexToBytes('7e0f0f000001351122112200010f7e'));
    expect(unknown).toMatchObject({ unsupported: true, messages: [], reply: null });
    expect(unknown.error).toMatch(/^JT808 0x0f0f: message 0x0f0f is not supported$/);
    expect(createJt808Session({ transport: 'tcp' }).decode(hexToBytes('7e0200')).error).toMatch(
      /^JT808 0x0200: frame of 3 bytes/,
    );
  });

  it('never throws on truncated or corrupted captures', () => {
    const session = createJt808Session({ transport: 'tcp' });
    for (const r of records.filter((x) => x.payload_hex)) {
      const bytes = bytesOf(r);
      for (let cut = 1; cut < bytes.length; cut += 3) {
        const truncated = Uint8Array.from([...bytes.subarray(0, cut), 0x7e]);
        expect(session.decode(truncated).error ?? '').not.toMatch(/internal/);
        const flipped = Uint8Array.from(bytes);
        flipped[cut] = (flipped[cut] ?? 0) ^ 0xff;
        expect(session.decode(flipped).error ?? '').not.toMatch(/internal/);
      }
    }
  });
});
