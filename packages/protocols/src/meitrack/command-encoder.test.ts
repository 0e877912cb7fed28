import { describe, expect, it } from 'vitest';
import type { DeviceCommand } from '../command.ts';
import { loadVectors, type VectorRecordBase } from '../testing/vectors.ts';
import { encodeMeitrackCommand, meitrackCommandEncoder, meitrackFlagFor } from './command-encoder.ts';
import { createMeitrackSession } from './decoder.ts';

const imei = '353358017784062';
const text = (b: Uint8Array | null) => (b ? String.fromCharCode(...b) : null);
const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** The checksum worked out apart from envelope.ts: byte sum from @@ through *, two hex digits. */
function checksumOf(frame: string): string {
  const star = frame.lastIndexOf('*');
  let sum = 0;
  for (let i = 0; i <= star; i++) sum += frame.charCodeAt(i);
  return (sum % 256).toString(16).toUpperCase().padStart(2, '0');
}

describe('Meitrack command encoder', () => {
  it("reproduces the protocol document's examples byte for byte", () => {
    // "Track on demand" and "track by time interval" examples of the Meitrack GPRS protocol.
    expect(text(encodeMeitrackCommand('Q', imei, 'A10'))).toBe('@@Q25,353358017784062,A10*6A\r\n');
    expect(text(encodeMeitrackCommand('V', imei, 'A12,6'))).toBe('@@V27,353358017784062,A12,6*D5\r\n');
  });

  const cases: [DeviceCommand, number, string][] = [
    [{ type: 'engineStop' }, 12, '@@M33,353358017784062,C01,0,12222*E8\r\n'],
    [{ type: 'engineResume' }, 13, '@@N33,353358017784062,C01,0,02222*E8\r\n'],
    [{ type: 'setInterval', seconds: 60 }, 21, '@@V27,353358017784062,A12,6*D5\r\n'],
    [{ type: 'setInterval', seconds: 4 }, 0, '@@A27,353358017784062,A12,1*BB\r\n'],
    [{ type: 'reboot' }, 1, '@@B25,353358017784062,F01*60\r\n'],
    [{ type: 'requestPosition' }, 16 + 52, '@@Q25,353358017784062,A10*6A\r\n'],
    [{ type: 'custom', text: 'B07,60' }, 27, '@@b28,353358017784062,B07,60*17\r\n'],
  ];
  it.each(cases)('%o with serial %i', (command, serial, expected) => {
    const frame = text(meitrackCommandEncoder.encode(command, { imei, serial })) ?? '';
    expect(frame).toBe(expected);
    expect(frame.slice(-4, -2)).toBe(checksumOf(frame));
    // The length field counts from the comma after it through CR LF.
    const comma = frame.indexOf(',');
    expect(Number(frame.slice(3, comma))).toBe(frame.length - comma);
  });

  it('lists every command it encodes', () => {
    expect([...meitrackCommandEncoder.supported].sort()).toEqual(
      ['custom', 'engineResume', 'engineStop', 'reboot', 'requestPosition', 'setInterval'].sort(),
    );
  });

  it('refuses a custom text that would break the frame', () => {
    expect(() => meitrackCommandEncoder.encode({ type: 'custom', text: 'A12,6*00' }, { imei, serial: 0 })).toThrow(
      RangeError,
    );
  });
});

describe('Meitrack command answers', () => {
  it('a captured reply (meitrack-010, D82) gives its result and data identifier', () => {
    const record = loadVectors<VectorRecordBase & { payload_text: string }>('meitrack.json').find(
      (r) => r.id === 'meitrack-010',
    );
    const result = createMeitrackSession().decode(ascii(record?.payload_text ?? ''));
    expect(result.error).toBeNull();
    expect(result.messages.find((m) => m.kind === 'heartbeat')?.attributes).toEqual({
      result: 'D82,0',
      commandFlag: 'u',
    });
  });

  it("the document's A12 reply matches the command that carried its flag", () => {
    const sent = text(meitrackCommandEncoder.encode({ type: 'setInterval', seconds: 60 }, { imei, serial: 21 }));
    const result = createMeitrackSession().decode(ascii('$$V28,353358017784062,A12,OK*02\r\n'));
    expect(result.messages.find((m) => m.kind === 'heartbeat')?.attributes).toEqual({
      result: 'A12,OK',
      commandFlag: meitrackFlagFor(21),
    });
    expect(sent?.[2]).toBe('V');
  });
});
