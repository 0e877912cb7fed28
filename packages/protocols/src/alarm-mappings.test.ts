import { describe, expect, it } from 'vitest';
import { createGl200Session } from './gl200/decoder.ts';
import { statusAttributes } from './h02/status.ts';
import { eventAttributes } from './meitrack/events.ts';
import { createOsmandSession } from './osmand/decoder.ts';
import { encodeCodec8Packet, encodeTeltonikaImei } from './teltonika/encoder.ts';
import { createTeltonikaSession } from './teltonika/decoder.ts';

/** Each protocol's alarm codes as they map to the one vocabulary (issue 12). */

describe('H02 status word (negative logic: a 0 bit is a present condition)', () => {
  const withBitClear = (bit: number) => statusAttributes((0xffffffff & ~(1 << bit)) >>> 0);
  it.each([
    [18, 'sos'],
    [1, 'sos'],
    [19, 'powerCut'],
    [20, 'powerCut'],
    [2, 'overspeed'],
    [0, 'vibration'],
    [4, 'geofence'],
    [7, 'geofence'],
    [5, 'tampering'],
  ])('bit %i → %s', (bit, alarm) => {
    expect(withBitClear(bit).alarm).toBe(alarm);
  });

  it('no bit clear, no alarm; SOS wins over a power cut', () => {
    expect(statusAttributes(0xffffffff).alarm).toBeUndefined();
    expect(statusAttributes((0xffffffff & ~(1 << 18) & ~(1 << 19)) >>> 0).alarm).toBe('sos');
  });
});

describe('Meitrack event codes', () => {
  it.each([
    [1, 'sos'],
    [17, 'lowBattery'],
    [18, 'lowBattery'],
    [19, 'overspeed'],
    [20, 'geofence'],
    [21, 'geofence'],
    [23, 'powerCut'],
    [36, 'towing'],
    [44, 'jamming'],
    [78, 'accident'],
    [129, 'hardBraking'],
    [130, 'hardAcceleration'],
  ])('event %i → %s', (code, alarm) => {
    expect(eventAttributes(code)).toEqual({ event: code, alarm });
  });

  it('events that are not alarms keep only the code', () => {
    for (const code of [22, 35, 29]) expect(eventAttributes(code)).toEqual({ event: code });
  });
});

describe('Queclink report types', () => {
  // A captured +RESP:GTFRI (gl200.json dev #1) with its report type swapped.
  const report = (type: string) =>
    `+RESP:GT${type},DF0200,868487004353181,cv100,14051,10,1,0,0.0,0,264.1,114.015515,22.537178,20210608064328,0460,0001,25F8,061A7D02,,0.0,,,,100,21,,,,20210608144354,32DB$`;
  const alarmOf = (type: string) =>
    createGl200Session()
      .decode(Uint8Array.from(report(type), (c) => c.charCodeAt(0)))
      .messages.find((m) => m.kind !== 'login')?.attributes.alarm;

  it.each([
    ['SOS', 'sos'],
    ['SPD', 'overspeed'],
    ['TOW', 'towing'],
    ['GEO', 'geofence'],
    ['CRA', 'accident'],
    ['JDR', 'jamming'],
    ['MPF', 'powerCut'],
  ])('GT%s → %s', (type, alarm) => {
    expect(alarmOf(type)).toBe(alarm);
  });

  it('GTPFA and GTPNA (switched off/on by the key) are events, not alarms', () => {
    expect(alarmOf('PFA')).toBeUndefined();
    expect(alarmOf('PNA')).toBeUndefined();
  });
});

describe('Teltonika event IO elements', () => {
  const alarmOf = (id: number, value: number, size: 1 | 2 = 1) => {
    const session = createTeltonikaSession();
    session.decode(encodeTeltonikaImei('356307042441013'));
    const record = { timeMs: Date.UTC(2026, 0, 1), lat: 3.1, lon: 101.6, altitude: 40, course: 90, satellites: 9 };
    const packet = encodeCodec8Packet([{ ...record, speedKmh: 50, eventIoId: id, io: { raw: [{ id, size, value }] } }]);
    return session.decode(packet).messages.find((m) => m.kind === 'position')?.attributes.alarm;
  };

  it.each([
    [236, 1, 'sos'],
    [246, 1, 'towing'],
    [247, 1, 'accident'],
    [249, 1, 'jamming'],
    [252, 1, 'powerCut'],
    [253, 1, 'hardAcceleration'],
    [253, 2, 'hardBraking'],
    [253, 3, 'hardCornering'],
    [255, 90, 'overspeed'],
    [155, 1, 'geofence'],
    [155, 0, 'geofence'],
    [155, 3, 'overspeed'],
    [175, 0, 'geofence'],
  ])('IO %i = %i → %s', (id, value, alarm) => {
    expect(alarmOf(id, value)).toBe(alarm);
  });

  it('an IO that did not generate the record raises nothing; idling (251) is no alarm', () => {
    const session = createTeltonikaSession();
    session.decode(encodeTeltonikaImei('356307042441013'));
    const record = { timeMs: Date.UTC(2026, 0, 1), lat: 3.1, lon: 101.6, altitude: 40, course: 90, satellites: 9 };
    const packet = encodeCodec8Packet([{ ...record, speedKmh: 0, io: { raw: [{ id: 236, size: 1, value: 1 }] } }]);
    expect(session.decode(packet).messages.find((m) => m.kind === 'position')?.attributes.alarm).toBeUndefined();
    expect(alarmOf(251, 1)).toBeUndefined();
  });

  it('BLE tag 1: temperature, humidity and battery', () => {
    const session = createTeltonikaSession();
    session.decode(encodeTeltonikaImei('356307042441013'));
    const record = { timeMs: Date.UTC(2026, 0, 1), lat: 3.1, lon: 101.6, altitude: 40, course: 90, satellites: 9 };
    const raw = [
      { id: 25, size: 2 as const, value: 2345 },
      { id: 86, size: 2 as const, value: 456 },
      { id: 29, size: 1 as const, value: 87 },
    ];
    const m = session.decode(encodeCodec8Packet([{ ...record, speedKmh: 0, io: { raw } }])).messages[0];
    expect(m?.attributes).toMatchObject({ tag1Temp: 23.45, tag1Humidity: 45.6, tag1Battery: 87 });
  });

  it('a BLE sensor that is not found stays raw; an RFID card (207) is the driver id', () => {
    const session = createTeltonikaSession();
    session.decode(encodeTeltonikaImei('356307042441013'));
    const record = { timeMs: Date.UTC(2026, 0, 1), lat: 3.1, lon: 101.6, altitude: 40, course: 90, satellites: 9 };
    const raw = [
      { id: 25, size: 2 as const, value: 3000 },
      { id: 86, size: 2 as const, value: 3000 },
      { id: 207, size: 8 as const, value: 0x12345678 },
    ];
    const m = session.decode(encodeCodec8Packet([{ ...record, speedKmh: 0, io: { raw } }])).messages[0];
    expect(m?.attributes).toMatchObject({ io25: 3000, io86: 3000, driverUniqueId: '0000000012345678' });
    expect(m?.attributes.tag1Temp).toBeUndefined();
  });
});

describe('OsmAnd alarm parameter', () => {
  const alarmOf = (alarm: string) => {
    const uri = `/?id=123456&lat=3.1&lon=101.6&timestamp=1767225600&alarm=${alarm}`;
    const m = createOsmandSession()
      .decodeHttp({ method: 'GET', uri, headers: {}, body: '' })
      .messages.find((x) => x.kind !== 'login');
    return m?.attributes;
  };

  it.each([
    ['sos', 'sos'],
    ['SOS', 'sos'],
    ['geofenceExit', 'geofence'],
    ['tow', 'towing'],
    ['braking', 'hardBraking'],
    ['lowPower', 'lowBattery'],
    ['powerCut', 'powerCut'],
  ])('alarm=%s → %s', (given, alarm) => {
    expect(alarmOf(given)?.alarm).toBe(alarm);
  });

  it('a value outside the vocabulary is kept as the raw event, not an alarm', () => {
    expect(alarmOf('general')).toMatchObject({ event: 'general' });
    expect(alarmOf('general')?.alarm).toBeUndefined();
  });
});
