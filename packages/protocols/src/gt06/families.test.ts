import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../codec/hex.ts';
import type { DecodeResult } from '../message.ts';
import { loadVectors, type VectorRecordBase } from '../testing/vectors.ts';
import { createGt06Session } from './decoder.ts';
import { decodeAck, encodeFrame } from './encoder.ts';

interface VectorRecord extends VectorRecordBase {
  payload_hex: string;
  decoder_context?: { settings?: { setModelOverride?: string } };
}
const records = loadVectors<VectorRecord>('gt06.json');

/** One captured packet (by its sequence number in gt06.json), decoded in a fresh session. */
function decoded(sequence: number): DecodeResult {
  const record = records.find((r) => r.sequence === sequence);
  if (!record) throw new Error(`no vector #${sequence}`);
  return createGt06Session({
    crc: 'lenient',
    variant: record.decoder_context?.settings?.setModelOverride ?? null,
  }).decode(hexToBytes(record.payload_hex), { receivedAtMs: Date.UTC(2026, 10, 26, 8, 30, 5) });
}

const only = (sequence: number) => {
  const result = decoded(sequence);
  expect(result.error).toBeNull();
  expect(result.messages).toHaveLength(1);
  return result.messages[0];
};

describe('GT06 alarms in the one vocabulary (issue 12)', () => {
  it('an SOS alarm packet arrives as sos', () => {
    // 0x16 alarm packet, alarm byte 0x01 (GT06 protocol §5.3), built around a captured fix.
    const body = hexToBytes('10051b0f1c34c5022515d504b5dcd20738080902d4022bdf009cba' + '460402' + '0101');
    const m = createGt06Session().decode(encodeFrame(0x16, body, 9)).messages[0];
    expect(m?.attributes).toMatchObject({ alarm: 'sos', event: 1 });
  });

  it('a dash camera SOS (0x95 event 0x01) is sos, not a general alarm', () => {
    expect(only(70)?.attributes.alarm).toBe('sos');
  });

  it.each([
    [0x04, 'geofence'],
    [0x05, 'geofence'],
    [0x02, 'powerCut'],
    [0x2c, 'accident'],
  ])('alarm byte 0x%s is %s', (code, alarm) => {
    const body = hexToBytes('10051b0f1c34c5022515d504b5dcd20738080902d4022bdf009cba' + '460402');
    const m = createGt06Session().decode(encodeFrame(0x16, Uint8Array.from([...body, code, 0x01]), 9)).messages[0];
    expect(m?.attributes.alarm).toBe(alarm);
  });

  it('shutdown (0x11) and door (0x14) are events, not alarms', () => {
    const body = hexToBytes('10051b0f1c34c5022515d504b5dcd20738080902d4022bdf009cba' + '460402');
    for (const code of [0x11, 0x14]) {
      const m = createGt06Session().decode(encodeFrame(0x16, Uint8Array.from([...body, code, 0x01]), 9)).messages[0];
      expect(m?.attributes).toMatchObject({ event: code });
      expect(m?.attributes.alarm).toBeUndefined();
    }
  });
});

describe('GT06 message families from real captures', () => {
  it('0xF1 device status: motion, armed, ACC and external volts, without a fix', () => {
    expect(only(3)).toMatchObject({
      kind: 'heartbeat',
      deviceTimeMs: 0x6318c000 * 1000,
      attributes: { motion: false, armed: true, ignition: true, power: 4.05 },
    });
  });

  it('0xF2 peripherals: a Bluetooth button tag and a battery pack', () => {
    expect(only(16)?.attributes).toMatchObject({ tag1Mac: 'c4a82828ccfe', tag1Data: 'BTBUTTON,A,S#168,54' });
    expect(only(15)?.attributes).toMatchObject({ externalBatteryLevel: 71, externalBatteryCharge: false });
  });

  it('0xA3 status: steps and battery; the fence form is a position', () => {
    expect(only(10)?.attributes).toMatchObject({ steps: 600, batteryLevel: 79, motion: true });
    expect(only(9)?.attributes).toMatchObject({ ignition: true, charge: true, power: 12 });
    expect(only(95)).toMatchObject({ kind: 'position', attributes: { charge: true } });
  });

  it('driver identification: iButton (0x61), RFID card (0x17 with serial, 0x25)', () => {
    expect(only(5)?.attributes.driverUniqueId).toBe('20534657');
    expect(only(23)?.attributes.driverUniqueId).toBe('bf0000012ca7e001');
    expect(only(177)?.attributes.driverUniqueId).toBe('510065806BDF');
  });

  it('cell-only and cell + Wi-Fi reports are heartbeats with the serving cell', () => {
    expect(only(48)).toMatchObject({ kind: 'heartbeat', attributes: { mcc: 404, mnc: 98, lac: 5102, cellCount: 2 } });
    expect(only(53)).toMatchObject({ kind: 'heartbeat', attributes: { mcc: 460, lac: 10365, cellId: 8049 } });
    expect(only(110)).toMatchObject({ kind: 'heartbeat', attributes: { mcc: 310, cellCount: 7, wifiCount: 1 } });
    expect(only(93)?.attributes).toMatchObject({ mcc: 460, phone: '+8618220847562' });
  });

  it('positions with modules (0x37, 0x38), power (0x24) and the QH302R 0x12', () => {
    expect(only(63)).toMatchObject({ kind: 'position', memory: true, attributes: { odometer: 9000, accuracy: 60.8 } });
    expect(only(8)).toMatchObject({ kind: 'position', attributes: { odometer: 5572 } });
    expect(only(45)).toMatchObject({ kind: 'position', attributes: { ignition: true, power: 12.61, battery: 4.04 } });
    expect(only(179)?.deviceTimeMs).toBe(Date.UTC(2026, 1, 12, 10, 30, 50));
  });

  it('text replies: firmware version (0xFD), OBD PIDs (0x66)', () => {
    expect(only(152)?.attributes.versionFw).toBe('[VERSION]GT06D_20_60DM2_B25E_V15_WM[BUILD]2013/12/28 15:24');
    expect(only(59)?.attributes.obd).toMatch(/^2110=0003d284,2105=/);
  });
});

describe('GT06 answers', () => {
  it('answers a time request (0x8A) with the receive time in UTC', () => {
    const result = decoded(164);
    expect(result.error).toBeNull();
    expect(bytesToHex(result.reply ?? new Uint8Array())).toBe(
      bytesToHex(encodeFrame(0x8a, Uint8Array.of(26, 11, 26, 8, 30, 5), 6)),
    );
  });

  it('answers a known type in a layout it cannot read, as unsupported (the connection stays)', () => {
    const result = decoded(18);
    expect(result).toMatchObject({ messages: [], unsupported: true });
    expect(result.error).toMatch(/^GT06 0x36: 0x36 layout of 18 bytes not supported/);
    expect(decodeAck(result.reply ?? new Uint8Array())).toEqual({ type: 0x36, serial: 0x0324 });
  });

  it('answers a packet of an unknown type with the standard serial echo, and says it is unsupported', () => {
    const result = createGt06Session().decode(encodeFrame(0xee, Uint8Array.of(1, 2, 3), 0x1234));
    expect(result).toMatchObject({
      messages: [],
      unsupported: true,
      error: 'GT06 0xee: unsupported message type 0xee',
    });
    expect(decodeAck(result.reply ?? new Uint8Array())).toEqual({ type: 0xee, serial: 0x1234 });
  });
});
