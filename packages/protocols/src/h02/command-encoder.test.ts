import { describe, expect, it } from 'vitest';
import type { CommandTarget, DeviceCommand } from '../command.ts';
import { loadVectors, type VectorRecordBase } from '../testing/vectors.ts';
import { h02CommandEncoder } from './command-encoder.ts';
import { createH02Session } from './decoder.ts';

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const text = (b: Uint8Array | null) => (b ? String.fromCharCode(...b) : null);

// 2026-11-29 13:03:05 UTC: the time field reads 130305.
const target: CommandTarget = { imei: '2020916012', serial: 9, nowMs: Date.UTC(2026, 10, 29, 13, 3, 5) };

describe('H02 command encoder', () => {
  const cases: [DeviceCommand, string][] = [
    [{ type: 'engineStop' }, '*HQ,2020916012,S20,130305,1,1#'],
    [{ type: 'engineResume' }, '*HQ,2020916012,S20,130305,1,0#'],
    [{ type: 'setInterval', seconds: 30 }, '*HQ,2020916012,S71,130305,22,30#'],
    [
      { type: 'custom', text: '*HQ,2020916012,S23,130305,165.165.33.250,8800#' },
      '*HQ,2020916012,S23,130305,165.165.33.250,8800#',
    ],
  ];
  it.each(cases)('%o', (command, expected) => {
    expect(text(h02CommandEncoder.encode(command, target))).toBe(expected);
  });

  it('sends D1 for the interval when the device setting asks for it', () => {
    const bytes = h02CommandEncoder.encode(
      { type: 'setInterval', seconds: 60 },
      { ...target, settings: { intervalCommand: 'D1' } },
    );
    expect(text(bytes)).toBe('*HQ,2020916012,D1,130305,60#');
  });

  it('pads the time to six digits', () => {
    const bytes = h02CommandEncoder.encode({ type: 'engineStop' }, { ...target, nowMs: Date.UTC(2026, 0, 1, 1, 2, 3) });
    expect(text(bytes)).toBe('*HQ,2020916012,S20,010203,1,1#');
  });

  it('has no message for reboot or a position request, and says so in `supported`', () => {
    expect(h02CommandEncoder.encode({ type: 'reboot' }, target)).toBeNull();
    expect(h02CommandEncoder.encode({ type: 'requestPosition' }, target)).toBeNull();
    expect(h02CommandEncoder.supported).toEqual(['engineStop', 'engineResume', 'setInterval', 'custom']);
  });

  it('needs the clock for a timed command', () => {
    expect(() => h02CommandEncoder.encode({ type: 'engineStop' }, { imei: '2020916012', serial: 1 })).toThrow(/nowMs/);
  });

  it('refuses text that is not printable ASCII', () => {
    expect(() => h02CommandEncoder.encode({ type: 'custom', text: '*HQ,1,S20\n#' }, target)).toThrow(RangeError);
  });
});

describe('H02 command answers', () => {
  const records = loadVectors<VectorRecordBase & { payload_text: string }>('h02.json');

  it('a captured V4 confirmation of S20 (h02-067) gives the result and the echoed command time', () => {
    const payload = records.find((r) => r.id === 'h02-067')?.payload_text ?? '';
    const result = createH02Session().decode(ascii(payload));
    expect(result.error).toBeNull();
    // The session's first frame also gives a login message; the answer is the position after it.
    expect(result.messages.find((m) => m.kind === 'position')?.attributes).toMatchObject({
      result: 'S20,DONE',
      commandTime: '130305',
    });
  });

  it('the confirmation of our own engineStop matches it by command and time', () => {
    const sent = text(h02CommandEncoder.encode({ type: 'engineStop' }, target)) ?? '';
    const answer = '*HQ,2020916012,V4,S20,DONE,130305,130310,A,2212.8745,N,11346.6574,E,0.00,000,291126,FFFFFBFF#';
    const attributes = createH02Session()
      .decode(ascii(answer))
      .messages.find((m) => m.kind === 'position')?.attributes;
    expect(sent.split(',')[2]).toBe(String(attributes?.result).split(',')[0]);
    expect(sent.split(',')[3]).toBe(attributes?.commandTime);
  });
});
