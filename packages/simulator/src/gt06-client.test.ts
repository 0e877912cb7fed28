import { describe, expect, it } from 'vitest';
import { createGt06Framer, createGt06Session, decodeAck } from '@jejak/protocols';
import { gt06Protocol } from './gt06-client.ts';

const FIX = {
  timeMs: Date.UTC(2026, 10, 26, 3, 0, 0),
  lat: 3.07,
  lon: 101.6,
  speedKmh: 42,
  course: 90,
  acc: true,
  satellites: 9,
};

function decoded(bytes: Uint8Array) {
  const [frame] = createGt06Framer().push(bytes).frames;
  if (!frame) throw new Error('no frame');
  return createGt06Session().decode(frame);
}

describe('simulated GT06 SOS', () => {
  it('a fix marked SOS goes out as a 0x16 alarm packet the gateway decodes as sos, at the fix', () => {
    const { bytes, serial } = gt06Protocol().packet([{ fix: { ...FIX, alarm: 'sos' }, late: false }]);
    const result = decoded(bytes);
    expect(result.error).toBeNull();
    expect(result.messages).toMatchObject([
      { kind: 'position', deviceTimeMs: FIX.timeMs, valid: true, speedKmh: 42, attributes: { alarm: 'sos' } },
    ]);
    expect(result.reply && decodeAck(result.reply)).toEqual({ type: 0x16, serial });
  });

  it('an SOS sent late from memory is a plain re-uploaded fix', () => {
    const { bytes } = gt06Protocol().packet([{ fix: { ...FIX, alarm: 'sos' }, late: true }]);
    const [message] = decoded(bytes).messages;
    expect(message?.attributes.alarm).toBeUndefined();
    expect(message?.memory).toBe(true);
  });
});
