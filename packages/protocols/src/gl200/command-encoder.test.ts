import { describe, expect, it } from 'vitest';
import type { CommandTarget, DeviceCommand } from '../command.ts';
import { loadVectors, type VectorRecordBase } from '../testing/vectors.ts';
import { gl200CommandEncoder } from './command-encoder.ts';
import { createGl200Session } from './decoder.ts';

const text = (b: Uint8Array | null) => (b ? String.fromCharCode(...b) : null);
const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const commas = (s: string) => s.split(',').length - 1;
const target = (serial: number, settings?: CommandTarget['settings']): CommandTarget => ({
  imei: '135790246811220',
  serial,
  settings,
});

describe('GL200 command encoder', () => {
  const cases: [DeviceCommand, number, string][] = [
    [{ type: 'engineStop' }, 0x0004, 'AT+GTOUT=gl300,1,0,0,,,,,,,,,,,,,,0004$'],
    [{ type: 'engineResume' }, 0x0005, 'AT+GTOUT=gl300,0,0,0,,,,,,,,,,,,,,0005$'],
    [{ type: 'setInterval', seconds: 60 }, 0x0007, 'AT+GTFRI=gl300,1,,,,,,60,60,,,,,,,,,,,,0007$'],
    [{ type: 'reboot' }, 0x000b, 'AT+GTRTO=gl300,3,,,,,,000B$'],
    [{ type: 'requestPosition' }, 0xabcd, 'AT+GTRTO=gl300,1,,,,,,ABCD$'],
    [{ type: 'custom', text: 'AT+GTRTO=gl300,8,,,,,,0010$' }, 1, 'AT+GTRTO=gl300,8,,,,,,0010$'],
  ];
  it.each(cases)('%o with serial %i', (command, serial, expected) => {
    expect(text(gl200CommandEncoder.encode(command, target(serial)))).toBe(expected);
  });

  it("has as many fields as the protocol documents' examples", () => {
    // Examples of the GV300 (AT+GTOUT) and GL300 (AT+GTFRI, AT+GTRTO) @Track protocols.
    const documented: Record<string, string> = {
      OUT: 'AT+GTOUT=gv300,1,,,0,0,0,0,5,1,,,,,,,,0004$',
      FRI: 'AT+GTFRI=gl300,1,1,,,0000,2359,60,60,,,1F,0,,,,,,,,0007$',
      RTO: 'AT+GTRTO=gl300,0,,,,,,000B$',
    };
    for (const [command] of cases.filter(([c]) => c.type !== 'custom')) {
      const sent = text(gl200CommandEncoder.encode(command, target(1))) ?? '';
      expect(commas(sent), sent).toBe(commas(documented[sent.slice(5, 8)] ?? ''));
    }
  });

  it('uses the password of the device settings', () => {
    const bytes = gl200CommandEncoder.encode({ type: 'reboot' }, target(2, { password: 'abc123' }));
    expect(text(bytes)).toBe('AT+GTRTO=abc123,3,,,,,,0002$');
    expect(() => gl200CommandEncoder.encode({ type: 'reboot' }, target(2, { password: 'a,b' }))).toThrow(RangeError);
  });

  it('lists every command it encodes', () => {
    expect([...gl200CommandEncoder.supported].sort()).toEqual(
      ['custom', 'engineResume', 'engineStop', 'reboot', 'requestPosition', 'setInterval'].sort(),
    );
  });
});

describe('GL200 command answers', () => {
  const decode = (s: string) => createGl200Session().decode(ascii(s));
  const answer = (s: string) => decode(s).messages.find((m) => m.attributes.result !== undefined)?.attributes;

  it('a captured +ACK (gl200-184) gives the result and the echoed serial number', () => {
    const record = loadVectors<VectorRecordBase & { payload_text: string }>('gl200.json').find(
      (r) => r.id === 'gl200-184',
    );
    expect(answer(record?.payload_text ?? '')).toEqual({ result: 'GTJDC,0016', commandSerial: 0x16 });
  });

  it('matches the acknowledgement of our AT+GTOUT to its serial (GV300 document example)', () => {
    const sent = text(gl200CommandEncoder.encode({ type: 'engineStop' }, target(4)));
    expect(sent?.endsWith(',0004$')).toBe(true);
    expect(answer('+ACK:GTOUT,080100,135790246811220,,0004,20090214093254,11F0$')).toEqual({
      result: 'GTOUT,0004',
      commandSerial: 4,
    });
  });

  it('keeps the RTO sub command in the result (GL300 document example)', () => {
    expect(answer('+ACK:GTRTO,1A0102,135790246811220,,GPS,000B,20100310172830,11F0$')).toEqual({
      result: 'GTRTO,GPS,000B',
      commandSerial: 0x0b,
    });
  });

  it('a heartbeat (+ACK:GTHBD) is no command answer', () => {
    const messages = decode('+ACK:GTHBD,1A0401,135790246811220,,20100214093254,11F0$').messages;
    expect(messages.some((m) => m.attributes.result !== undefined || m.attributes.commandSerial !== undefined)).toBe(
      false,
    );
  });
});
