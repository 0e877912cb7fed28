import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../codec/hex.ts';
import type { DecodeResult } from '../message.ts';
import { createTeltonikaSession } from './decoder.ts';
import {
  decodeTeltonikaAck,
  decodeTeltonikaUdpAck,
  encodeCodec8ExtendedPacket,
  encodeCodec8Packet,
  encodeTeltonikaAck,
  encodeTeltonikaImei,
  encodeTeltonikaUdpAck,
  encodeTeltonikaUdpDatagram,
  type TeltonikaRecordInput,
} from './encoder.ts';
import { createTeltonikaFramer } from './frame.ts';

const RECORDS: TeltonikaRecordInput[] = [
  {
    timeMs: Date.UTC(2026, 10, 21, 8, 30, 5, 250),
    lat: 3.139,
    lon: 101.6869,
    altitude: 56,
    course: 271,
    satellites: 9,
    speedKmh: 57,
    io: {
      ignition: true,
      motion: true,
      gsm: 4,
      din1: true,
      dout1: false,
      power: 12.6,
      battery: 4.05,
      batteryLevel: 96,
      odometerM: 1_234_567,
      fuelAdcMv: 3120,
      hdop: 0.8,
      driverUniqueId: '01000012AB34CD56',
    },
  },
  {
    timeMs: Date.UTC(2025, 0, 1),
    lat: -33.8688,
    lon: -151.2093,
    altitude: -12,
    course: 0,
    satellites: 0,
    speedKmh: 0,
    priority: 2,
    eventIoId: 252,
    io: { ignition: false, raw: [{ id: 252, size: 1, value: 1 }] },
  },
];

/** Sends `bytes` through a framer and a fresh session, as the gateway would. */
function throughGateway(bytes: Uint8Array): DecodeResult {
  const framed = createTeltonikaFramer().push(bytes);
  expect(framed.error).toBeNull();
  expect(framed.frames).toHaveLength(1);
  return createTeltonikaSession().decode(framed.frames[0] ?? new Uint8Array());
}

function checkRoundTrip(result: DecodeResult): void {
  expect(result.error).toBeNull();
  expect(result.warnings).toEqual([]);
  const [first, second] = result.messages;
  expect(first).toMatchObject({
    kind: 'position',
    deviceTimeMs: RECORDS[0]?.timeMs,
    valid: true,
    altitude: 56,
    course: 271,
    satellites: 9,
    speedKmh: 57,
    attributes: {
      priority: 0,
      ignition: true,
      motion: true,
      gsm: 4,
      din1: true,
      dout1: false,
      power: 12.6,
      battery: 4.05,
      batteryLevel: 96,
      odometer: 1_234_567,
      adc1: 3.12,
      hdop: 0.8,
      driverUniqueId: '01000012AB34CD56',
    },
  });
  expect(first?.latitude).toBeCloseTo(3.139, 7);
  expect(first?.longitude).toBeCloseTo(101.6869, 7);
  expect(second).toMatchObject({ valid: false, altitude: -12, attributes: { priority: 2, alarm: 'powerCut' } });
  expect(second?.latitude).toBeCloseTo(-33.8688, 7);
  expect(second?.longitude).toBeCloseTo(-151.2093, 7);
}

describe('Teltonika encoder round trips (encode → frame → decode)', () => {
  it('encodes the IMEI handshake as a device does', () => {
    expect(bytesToHex(encodeTeltonikaImei('123456789012345'))).toBe('000f313233343536373839303132333435');
    const result = throughGateway(encodeTeltonikaImei('356307042441013'));
    expect(result.messages[0]).toEqual({ kind: 'login', imei: '356307042441013', attributes: {} });
    expect(() => encodeTeltonikaImei('35630704244101x')).toThrow(RangeError);
  });

  it('encodes a codec 8 packet byte for byte like a real device (teltonika.json #25)', () => {
    const packet = encodeCodec8Packet([
      {
        timeMs: 0x161f37c5050,
        lat: 25.06804,
        lon: 55.1443366,
        altitude: 0,
        course: 0,
        satellites: 0,
        speedKmh: 0,
        io: {
          raw: [
            { id: 1, size: 1, value: 0 },
            { id: 179, size: 1, value: 0 },
            { id: 180, size: 1, value: 0 },
            { id: 239, size: 1, value: 0 },
            { id: 9, size: 2, value: 32 },
            { id: 78, size: 8, value: 0 },
          ],
        },
      },
    ]);
    expect(bytesToHex(packet)).toBe(
      '0000000000000035080100000161f37c50500020de5ba60ef11450000000000000000006040100b300b400ef000109002000014e0000000000000000010000be52',
    );
  });

  it('codec 8 records survive the trip and are acknowledged by count', () => {
    const result = throughGateway(encodeCodec8Packet(RECORDS));
    checkRoundTrip(result);
    expect(decodeTeltonikaAck(result.reply ?? new Uint8Array())).toBe(2);
  });

  it('codec 8 Extended records survive the trip', () => {
    const result = throughGateway(encodeCodec8ExtendedPacket(RECORDS));
    checkRoundTrip(result);
    expect(bytesToHex(result.reply ?? new Uint8Array())).toBe('00000002');
  });

  it('UDP datagrams survive the trip and are acknowledged by packet id', () => {
    const datagram = encodeTeltonikaUdpDatagram('356307042441013', RECORDS, {
      packetId: 0xcafe,
      avlPacketId: 0x22,
      extended: true,
    });
    const result = createTeltonikaSession({ transport: 'udp' }).decode(datagram);
    expect(result.messages[0]).toEqual({ kind: 'login', imei: '356307042441013', attributes: {} });
    checkRoundTrip({ ...result, messages: result.messages.slice(1) });
    expect(decodeTeltonikaUdpAck(result.reply ?? new Uint8Array())).toEqual({
      packetId: 0xcafe,
      avlPacketId: 0x22,
      count: 2,
    });
  });

  it('reads acknowledgements back', () => {
    expect(bytesToHex(encodeTeltonikaAck(8))).toBe('00000008');
    expect(decodeTeltonikaAck(encodeTeltonikaAck(300))).toBe(300);
    expect(decodeTeltonikaAck(Uint8Array.of(1))).toBeNull();
    expect(bytesToHex(encodeTeltonikaUdpAck(0xcafe, 0x22, 1))).toBe('0005cafe012201');
    expect(decodeTeltonikaUdpAck(Uint8Array.of(0, 4, 0, 0, 1, 0, 0))).toBeNull();
  });

  it('refuses values that do not fit their fields', () => {
    const base = RECORDS[1] as TeltonikaRecordInput;
    expect(() => encodeCodec8Packet([{ ...base, io: { batteryLevel: 300 } }])).toThrow(RangeError);
    expect(() => encodeCodec8Packet([{ ...base, lat: 300 }])).toThrow(RangeError);
    expect(() => encodeCodec8Packet([{ ...base, io: { driverUniqueId: 'xyz' } }])).toThrow(/not an iButton id/);
  });
});
