import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../codec/hex.ts';
import { loadVectors, type VectorRecordBase } from '../testing/vectors.ts';
import { meitrackProtocol } from './index.ts';

// Captured CCE packets (../shared/vectors/meitrack.json, from Traccar's tests); values read by
// hand from the parameters named in cce-extras.ts.
const records = loadVectors<VectorRecordBase>('meitrack.json');

function attributesOf(id: string): Record<string, unknown> {
  const hex = records.find((r) => r.id === id)?.payload_hex ?? '';
  const result = meitrackProtocol.createSession({ transport: 'tcp' }).decode(hexToBytes(hex));
  return Object.assign({}, ...result.messages.map((m) => m.attributes)) as Record<string, unknown>;
}

describe('Meitrack CCE extra parameters', () => {
  it('reads a BLE temperature/humidity tag (0xFE73)', () => {
    expect(attributesOf('meitrack-003')).toMatchObject({ tag1Temp: -10.63671875 });
    expect(attributesOf('meitrack-005')).toMatchObject({ tag1Name: 'tnhsensor', tag1Battery: 100 });
  });

  it('reads battery levels (0xFE69, 0xFEA8) and the lock state (0x47)', () => {
    expect(attributesOf('meitrack-006')).toMatchObject({ battery2Level: 88 });
    expect(attributesOf('meitrack-008')).toMatchObject({ batteryLevel: 77 });
    expect(attributesOf('meitrack-009')).toMatchObject({ lock: true });
  });
});
