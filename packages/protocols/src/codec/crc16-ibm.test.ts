import { describe, expect, it } from 'vitest';
import { crc16Ibm } from './crc16-ibm.ts';
import { hexToBytes } from './hex.ts';

describe('crc16Ibm', () => {
  it('matches the CRC-16/ARC check value', () => {
    expect(crc16Ibm(new TextEncoder().encode('123456789'))).toBe(0xbb3d);
  });

  it('is 0 for no bytes', () => {
    expect(crc16Ibm(new Uint8Array(0))).toBe(0);
  });

  it('covers only the window it is given', () => {
    // A captured Teltonika codec 12 packet (teltonika.json #49): CRC over codec id … quantity 2.
    const packet = hexToBytes('00000000000000090c010d00000001000100000cd8');
    expect(crc16Ibm(packet, 8, packet.length - 4)).toBe(0x0cd8);
  });
});
