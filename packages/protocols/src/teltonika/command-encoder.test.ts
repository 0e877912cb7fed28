import { describe, expect, it } from 'vitest';
import type { DeviceCommand } from '../command.ts';
import { bytesToHex, hexToBytes } from '../codec/hex.ts';
import { loadVectors, type VectorRecordBase } from '../testing/vectors.ts';
import { encodeCodec12Command, teltonikaCommandEncoder } from './command-encoder.ts';
import { createTeltonikaSession } from './decoder.ts';

/** CRC-16/IBM written out bit by bit, apart from codec/crc16-ibm.ts (check value 0xBB3D). */
function crcIbm(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) {
    crc ^= b;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

const target = { imei: '356307042441013', serial: 1 };

describe('Teltonika command encoder', () => {
  it('the reference CRC gives the catalogue check value', () => {
    expect(crcIbm(Uint8Array.from('123456789', (c) => c.charCodeAt(0)))).toBe(0xbb3d);
  });

  it('encodes the codec 12 example of the Teltonika document ("getinfo")', () => {
    expect(bytesToHex(encodeCodec12Command('getinfo'))).toBe('000000000000000f0c010500000007676574696e666f0100004312');
  });

  const cases: [DeviceCommand, string][] = [
    [{ type: 'engineStop' }, '00000000000000130c01050000000b7365746469676f7574203101000087a2'],
    [{ type: 'engineResume' }, '00000000000000130c01050000000b7365746469676f7574203001000017a3'],
    [
      { type: 'setInterval', seconds: 60 },
      '00000000000000220c01050000001a736574706172616d2031303030303a36303b31303035303a36300100007260',
    ],
    [{ type: 'reboot' }, '00000000000000100c01050000000863707572657365740100007a75'],
    [{ type: 'requestPosition' }, '000000000000000e0c010500000006676574677073010000ccd7'],
    [{ type: 'custom', text: 'getver' }, '000000000000000e0c010500000006676574766572010000a4c2'],
  ];
  it.each(cases)('%o', (command, hex) => {
    const bytes = teltonikaCommandEncoder.encode(command, target);
    expect(bytes && bytesToHex(bytes)).toBe(hex);
    const packet = hexToBytes(hex);
    const data = packet.subarray(8, packet.length - 4);
    expect(new DataView(packet.buffer).getUint32(4)).toBe(data.length);
    expect(new DataView(packet.buffer).getUint32(packet.length - 4)).toBe(crcIbm(data));
  });

  it('setInterval sets both Home min periods', () => {
    const bytes = teltonikaCommandEncoder.encode({ type: 'setInterval', seconds: 30 }, target);
    expect(new TextDecoder().decode(bytes?.subarray(15, -5))).toBe('setparam 10000:30;10050:30');
  });

  it('lists every command it encodes', () => {
    expect([...teltonikaCommandEncoder.supported].sort()).toEqual(
      ['custom', 'engineResume', 'engineStop', 'reboot', 'requestPosition', 'setInterval'].sort(),
    );
  });
});

describe('Teltonika command answers', () => {
  const records = loadVectors<VectorRecordBase & { payload_hex: string }>('teltonika.json');
  const answer = (id: string) => {
    const hex = records.find((r) => r.id === id)?.payload_hex ?? '';
    return createTeltonikaSession().decode(hexToBytes(hex));
  };

  it('decodes a captured codec 12 answer (teltonika-040) into attributes.result', () => {
    const result = answer('teltonika-040');
    expect(result.error).toBeNull();
    expect(result.messages[0]?.attributes.result).toBe('#FM2=262032761721396,26203,07.02.05');
  });

  it('decodes a captured codec 12 answer (teltonika-031) into attributes.result', () => {
    const result = answer('teltonika-031');
    expect(result.messages[0]?.attributes.result).toMatch(/^AT\$MSGSND=4,"STGB40,PR,356601060265050,/);
  });

  it('refuses its own command sent back as if from a device (type 05 travels server → device)', () => {
    const result = createTeltonikaSession().decode(encodeCodec12Command('getgps'));
    expect(result.unsupported).toBe(true);
    expect(result.messages).toEqual([]);
  });
});
