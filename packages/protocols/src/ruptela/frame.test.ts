import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../codec/hex.ts';
import { checkSplits, framedAsThemselves } from '../testing/framing.ts';
import { loadVectors, type VectorRecordBase } from '../testing/vectors.ts';
import { createRuptelaFramer, RUPTELA_MAX_BUFFERED_BYTES } from './frame.ts';

// Missing vectors must fail the suite, never skip it.
const records = loadVectors<VectorRecordBase & { id: string; payload_hex: string }>('ruptela.json');
/** Captures whose length field disagrees with their bytes (the CRC covers them all): see the vector notes. */
const BAD_LENGTH = ['ruptela-007', 'ruptela-009'];

describe('Ruptela framer', () => {
  const good = records.filter((r) => !BAD_LENGTH.includes(r.id)).map((r) => r.payload_hex);

  it('cuts each well-formed capture as itself', () => {
    expect(framedAsThemselves(() => createRuptelaFramer(), good)).toEqual(good);
  });

  it('cuts the stream the same whatever the split', () => {
    const small = good.filter((hex) => hex.length < 400);
    checkSplits(() => createRuptelaFramer(), good, { everyCut: small });
  });

  it('fails on a length too short for an IMEI or beyond its bound', () => {
    expect(createRuptelaFramer().push(hexToBytes('0003aabbcc')).error).toMatch(/length 3 is too short/);
    expect(createRuptelaFramer().push(hexToBytes('ffff')).error).toMatch(
      new RegExp(`exceeds the ${RUPTELA_MAX_BUFFERED_BYTES}-byte bound`),
    );
  });
});
