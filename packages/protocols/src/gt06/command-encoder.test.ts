import { describe, expect, it } from 'vitest';
import type { DeviceCommand } from '../command.ts';
import { bytesToHex, hexToBytes } from '../codec/hex.ts';
import { loadVectors, type VectorRecordBase } from '../testing/vectors.ts';
import { gt06CommandEncoder } from './command-encoder.ts';
import { createGt06Session } from './decoder.ts';
import { encodeFrame } from './encoder.ts';

/** CRC-16/X-25 written out bit by bit, apart from codec/crc16-x25.ts (check value 0x906E). */
function crcX25(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const b of bytes) {
    crc ^= b;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return crc ^ 0xffff;
}

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('GT06 command encoder', () => {
  it('the reference CRC gives the catalogue check value', () => {
    expect(crcX25(ascii('123456789'))).toBe(0x906e);
  });

  // Expected frames worked out by hand: 78 78, length, 80, command length, flag, text, 00 02, serial, CRC, 0D 0A.
  const cases: [DeviceCommand, number, string][] = [
    [{ type: 'engineStop' }, 1, '787814800c0000000152454c41592c312300020001ee4d0d0a'],
    [{ type: 'engineResume' }, 2, '787814800c0000000252454c41592c302300020002d60a0d0a'],
    [{ type: 'setInterval', seconds: 30 }, 0x1234, '787815800d0000123454494d45522c333023000212349c420d0a'],
    [{ type: 'reboot' }, 3, '787812800a00000003524553455423000200039d300d0a'],
    [{ type: 'requestPosition' }, 4, '787812800a0000000457484552452300020004aa830d0a'],
    [{ type: 'custom', text: 'STATUS#' }, 5, '787813800b00000005535441545553230002000573930d0a'],
  ];
  it.each(cases)('%o with serial %i', (command, serial, hex) => {
    const bytes = gt06CommandEncoder.encode(command, { imei: '123456789012345', serial });
    expect(bytes && bytesToHex(bytes)).toBe(hex);
    const frame = hexToBytes(hex);
    const crc = crcX25(frame.subarray(2, frame.length - 4));
    expect(crc).toBe(((frame[frame.length - 4] ?? 0) << 8) | (frame[frame.length - 3] ?? 0));
  });

  it('lists every command it encodes', () => {
    for (const type of gt06CommandEncoder.supported) {
      const command = (
        type === 'setInterval' ? { type, seconds: 60 } : type === 'custom' ? { type, text: 'X#' } : { type }
      ) as DeviceCommand;
      expect(gt06CommandEncoder.encode(command, { imei: '1', serial: 0 })).not.toBeNull();
    }
  });

  it('refuses text that is not ASCII', () => {
    expect(() => gt06CommandEncoder.encode({ type: 'custom', text: 'é#' }, { imei: '1', serial: 0 })).toThrow(
      RangeError,
    );
  });
});

describe('GT06 command answers', () => {
  it('a captured 0x15 answer gives its text and the echoed server flag', () => {
    // gt06-139 (dev): "Restore fuel supply: Success!" with server flag 00 00 00 00.
    const record = loadVectors<VectorRecordBase & { payload_hex: string }>('gt06.json').find(
      (r) => r.id === 'gt06-139',
    );
    const result = createGt06Session().decode(hexToBytes(record?.payload_hex ?? ''));
    expect(result.error).toBeNull();
    expect(result.messages[0]?.attributes).toMatchObject({
      result: 'Restore fuel supply: Success!',
      commandSerial: 0,
    });
  });

  it('matches a 0x15 answer to the command that carried its flag', () => {
    const text = ascii('RELAY:ON');
    const content = Uint8Array.from([4 + text.length, 0, 0, 0x12, 0x34, ...text, 0x00, 0x02]);
    const result = createGt06Session().decode(encodeFrame(0x15, content, 7));
    expect(result.messages[0]?.attributes).toEqual({ result: 'RELAY:ON', commandSerial: 0x1234 });
  });

  it('matches a 0x21 answer (GT06N layout: flag, encoding, text)', () => {
    const content = Uint8Array.from([0, 0, 0, 0x2a, 0x01, ...ascii('OK!')]);
    const result = createGt06Session().decode(encodeFrame(0x21, content, 8));
    expect(result.messages[0]?.attributes).toEqual({ result: 'OK!', commandSerial: 42 });
  });
});
