import { trimEndOf } from './text.ts';
import { describe, expect, it } from 'vitest';
import { bcdToDigits, digitsToBcd, isBcd } from './bcd.ts';
import { ByteReader } from './byte-reader.ts';
import { crc16X25 } from './crc16-x25.ts';
import { DecodeError } from './decode-error.ts';
import { bytesToHex, hexToBytes } from './hex.ts';

describe('crc16X25', () => {
  it('matches the CRC-16/X-25 check value', () => {
    expect(crc16X25(new TextEncoder().encode('123456789'))).toBe(0x906e);
  });

  it('covers only the window it is given', () => {
    // A captured GT06 heartbeat: serial 01 BA, CRC over length … serial is AF 54.
    const frame = hexToBytes('78780a13440604000201baaf540d0a');
    expect(crc16X25(frame, 2, frame.length - 4)).toBe(0xaf54);
  });
});

describe('ByteReader', () => {
  it('reads big-endian integers and tracks the offset', () => {
    const r = new ByteReader(hexToBytes('01 0203 04050607 fffe 0a0b0c'));
    expect(r.readU8()).toBe(1);
    expect(r.readU16()).toBe(0x0203);
    expect(r.readU32()).toBe(0x04050607);
    expect(r.readI16()).toBe(-2);
    expect(r.readUInt(3)).toBe(0x0a0b0c);
    expect(r.remaining).toBe(0);
  });

  it('reads u32 values above 2^31 as positive numbers', () => {
    expect(new ByteReader(hexToBytes('ffffffff')).readU32()).toBe(0xffffffff);
  });

  it('throws a DecodeError naming the field on overrun', () => {
    const r = new ByteReader(hexToBytes('0102'));
    r.readU8();
    expect(() => r.readU16('speed')).toThrow(DecodeError);
    expect(() => r.readU16('speed')).toThrow(/truncated speed: need 2 byte\(s\), 1 left/);
  });

  it('respects its window', () => {
    const r = new ByteReader(hexToBytes('aa bb cc dd'), 1, 3);
    expect(bytesToHex(r.readRest())).toBe('bbcc');
    expect(() => r.readU8()).toThrow(DecodeError);
  });

  it('peeks without consuming', () => {
    const r = new ByteReader(hexToBytes('0102 0304'));
    expect(bytesToHex(r.peekBytes(2, 1))).toBe('0203');
    expect(r.readU8()).toBe(1);
  });

  it('reads BCD and rejects bad nibbles', () => {
    expect(new ByteReader(hexToBytes('0359339075005244')).readBcd(8)).toBe('0359339075005244');
    expect(() => new ByteReader(hexToBytes('1a')).readBcd(1, 'IMEI')).toThrow(/IMEI: invalid BCD nibble a/);
  });
});

describe('BCD helpers', () => {
  it('drops F filler nibbles (odd-length ICCIDs)', () => {
    expect(bcdToDigits(hexToBytes('8966051912408052452f'))).toBe('8966051912408052452');
  });

  it('packs digits left-padded with zeros', () => {
    expect(bytesToHex(digitsToBcd('864717003283581', 8))).toBe('0864717003283581');
    expect(() => digitsToBcd('123', 1)).toThrow(RangeError);
  });

  it('recognises BCD', () => {
    expect(isBcd(hexToBytes('0359'))).toBe(true);
    expect(isBcd(hexToBytes('0c59'))).toBe(false);
  });
});

describe('hex helpers', () => {
  it('round-trips and ignores whitespace', () => {
    expect(bytesToHex(hexToBytes('78 78 0D 0a'))).toBe('78780d0a');
    expect(() => hexToBytes('7')).toThrow(DecodeError);
  });
});

describe('trimEndOf', () => {
  it('drops the run of the given characters the text ends with, and only that', () => {
    expect(trimEndOf('*HQ,1#\r\n\0 \0', '\r\n\0 ')).toBe('*HQ,1#');
    expect(trimEndOf(' \0a \0b', '\0 ')).toBe(' \0a \0b');
    expect(trimEndOf('\r\n', '\r\n')).toBe('');
    expect(trimEndOf('', ' ')).toBe('');
  });
});
