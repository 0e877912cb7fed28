import { describe, expect, it } from 'vitest';
import { formatInterval, gps103Commands } from './commands.ts';
import { createGps103Session } from './decoder.ts';
import { encodeGps103Heartbeat, encodeGps103Login, encodeGps103Position } from './encoder.ts';
import { gps103Protocol } from './index.ts';

const text = (bytes: Uint8Array | null | undefined): string => String.fromCharCode(...(bytes ?? []));

describe('GPS103 encoder and commands', () => {
  it('round-trips a position through the decoder (time to the ms, position to 1e-6°)', () => {
    const fix = {
      imei: '359586015829802',
      timeMs: Date.UTC(2026, 2, 1, 23, 30, 15, 250),
      lat: 3.139003,
      lon: -101.686855,
      speedKmh: 42.5,
      course: 271.5,
      utcOffsetMinutes: 480,
    };
    const session = createGps103Session();
    expect(text(session.decode(encodeGps103Login(fix.imei)).reply)).toBe('LOAD');
    const [m, ...rest] = session.decode(encodeGps103Position(fix)).messages;
    expect(rest).toEqual([]);
    expect(m).toMatchObject({ kind: 'position', imei: fix.imei, deviceTimeMs: fix.timeMs, valid: true, course: 271.5 });
    expect(m?.latitude).toBeCloseTo(fix.lat, 6);
    expect(m?.longitude).toBeCloseTo(fix.lon, 6);
    expect(m?.speedKmh).toBeCloseTo(fix.speedKmh, 1);
    const sos = session.decode(encodeGps103Position({ ...fix, keyword: 'help me' }));
    expect(sos.messages[0]?.attributes.alarm).toBe('sos');
    expect(text(session.decode(encodeGps103Heartbeat(fix.imei)).reply)).toBe('ON');
  });

  it('refuses what it cannot send', () => {
    expect(() => encodeGps103Login('123')).toThrow(RangeError);
    const fix = { imei: '359586015829802', timeMs: Date.UTC(1999, 0, 1), lat: 0, lon: 0, speedKmh: 0, course: 0 };
    expect(() => encodeGps103Position(fix)).toThrow(/year 1999/);
  });

  const target = { imei: '359586015829802', serial: 1 };
  const sent = (command: Parameters<typeof gps103Commands.encode>[0]) => text(gps103Commands.encode(command, target));

  it('encodes the monitor center commands byte for byte', () => {
    expect(sent({ type: 'engineStop' })).toBe('**,imei:359586015829802,J;');
    expect(sent({ type: 'engineResume' })).toBe('**,imei:359586015829802,K;');
    expect(sent({ type: 'requestPosition' })).toBe('**,imei:359586015829802,B;');
    expect(sent({ type: 'setInterval', seconds: 30 })).toBe('**,imei:359586015829802,C,30s;');
    expect(sent({ type: 'setInterval', seconds: 300 })).toBe('**,imei:359586015829802,C,05m;');
    expect(sent({ type: 'custom', text: 'H,080' })).toBe('**,imei:359586015829802,H,080;');
    expect(gps103Commands.encode({ type: 'reboot' }, target)).toBeNull();
    expect(gps103Commands.supported).not.toContain('reboot');
    expect(gps103Commands.encode({ type: 'custom', text: 'a\r\nb' }, target)).toBeNull();
    expect(gps103Commands.encode({ type: 'engineStop' }, { imei: 'x;y', serial: 1 })).toBeNull();
  });

  it('formats intervals as two digits and a unit', () => {
    expect([5, 99, 100, 3600, 5940, 7200, 356400].map(formatInterval)).toEqual([
      '05s',
      '99s',
      '02m',
      '60m',
      '99m',
      '02h',
      '99h',
    ]);
    expect([0, -5, Number.NaN, 400000].map(formatInterval)).toEqual([null, null, null, null]);
  });

  it('describes itself for the registry', () => {
    expect(gps103Protocol).toMatchObject({ id: 'gps103', models: ['TK103'], transports: ['tcp'], defaultPort: 5001 });
    expect(gps103Protocol.commands).toBe(gps103Commands);
  });
});
