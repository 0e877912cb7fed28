import { describe, expect, it } from 'vitest';
import { crc16Ibm } from '../codec/crc16-ibm.ts';
import { hexToBytes } from '../codec/hex.ts';
import type { DecodeResult } from '../message.ts';
import { loadVectors, type VectorRecordBase } from '../testing/vectors.ts';
import { teltonikaProtocol } from './index.ts';

interface VectorRecord extends VectorRecordBase {
  payload_hex: string;
  test_method: string;
}
// Captured packets (../shared/vectors/teltonika.json, from Traccar's tests); the values below
// were read by hand from the bytes with the layouts cited in ble-tags.ts and io-rules.ts.
const records = loadVectors<VectorRecord>('teltonika.json');

/** Decodes one capture after an IMEI handshake, through the session the protocol table makes. */
function decode(id: string, model?: string): DecodeResult {
  const session = teltonikaProtocol.createSession({ transport: 'tcp', model });
  session.decode(hexToBytes('000f313233343536373839303132333435'));
  return session.decode(hexToBytes(records.find((r) => r.id === id)?.payload_hex ?? ''));
}

function tcpPacket(dataHex: string): Uint8Array {
  const data = hexToBytes(dataHex);
  const out = new Uint8Array(12 + data.length);
  new DataView(out.buffer).setUint32(4, data.length);
  out.set(data, 8);
  new DataView(out.buffer).setUint32(8 + data.length, crc16Ibm(data));
  return out;
}

describe('Teltonika BLE sensors and beacons (codec 8E variable-length IO)', () => {
  it('reads IO 11317 sensor blocks: name, MAC, temperature, humidity, battery voltage', () => {
    expect(decode('teltonika-002').messages[1]?.attributes).toMatchObject({
      event: 11317,
      tag1Name: 'Nevera_3',
      tag1Mac: '7cd9f4110c40',
      tag1Temp: 32.15,
      tag1Humidity: 52,
      tag1Voltage: 3.1,
      tag3Name: 'Nevera_2',
      tag3Temp: 31.08,
      tag3Humidity: 54,
    });
  });

  it('reads IO 548 and 10831 ids, RSSI and battery voltage', () => {
    expect(decode('teltonika-003').messages[0]?.attributes).toMatchObject({
      tag1Rssi: -58,
      tag1Id: 'babbf3630055',
      tag1Voltage: 3.09,
      tag5Id: 'cabbf3630055',
    });
    expect(decode('teltonika-005').messages[0]?.attributes).toMatchObject({
      tag1Rssi: -92,
      tag1LowBattery: false,
      tag1Voltage: 3.03,
    });
  });

  it('reads IO 385 iBeacons', () => {
    expect(decode('teltonika-014').messages[0]?.attributes).toMatchObject({
      beacon1Uuid: '0102030405060708090a0b0c0d0e0f10',
      beacon1Major: 523,
      beacon1Minor: 266,
      beacon1Rssi: -48,
    });
  });

  it('reads EYE sensor temperature and humidity IO (10800, 10804)', () => {
    const attributes = decode('teltonika-045', 'FMB130').messages[0]?.attributes;
    expect(attributes).toMatchObject({ tag1Temp: -11.87, tag1Humidity: 73, operator: 51010 });
    expect(attributes?.io10800).toBeUndefined();
  });
});

describe('Teltonika command responses and lenient frames', () => {
  it('reads a codec 13 tachograph card login as the driver id', () => {
    expect(decode('teltonika-006').messages[0]?.attributes).toEqual({ driverUniqueId: '12749884' });
  });

  it('reads a codec 12 axle-load scale answer', () => {
    expect(decode('teltonika-017').messages[0]?.attributes).toMatchObject({
      axle1: 6.4,
      axle2: 4.2,
      loadTruck: 1.3,
      totalTruck: 10.7,
    });
  });

  it('reads a codec 14 answer with its IMEI, and a refusal for another IMEI', () => {
    const text = '68656c6c6f';
    const answer = teltonikaProtocol
      .createSession({ transport: 'tcp' })
      .decode(tcpPacket(`0e 01 06 0000000d 0352093081452251 ${text} 01`));
    expect(answer.messages[0]).toMatchObject({ imei: '352093081452251', attributes: { result: 'hello' } });
    const refused = teltonikaProtocol
      .createSession({ transport: 'tcp' })
      .decode(tcpPacket('0e 01 11 00000008 0352093081452251 01'));
    expect(refused.messages[0]?.attributes.result).toMatch(/IMEI does not match/);
    const short = teltonikaProtocol.createSession({ transport: 'tcp' }).decode(tcpPacket('0e 01 06 00000002 0352 01'));
    expect(short.error).toBe('Teltonika codec 14: response size 2 cannot hold the 8-byte IMEI');
  });

  it('keeps the data of a frame whose CRC is off, with a warning', () => {
    const result = decode('teltonika-021');
    expect(result.error).toBeNull();
    expect(result.messages.filter((m) => m.kind === 'position')).toHaveLength(2);
    expect(result.warnings.join()).toMatch(/CRC mismatch/);
  });
});
