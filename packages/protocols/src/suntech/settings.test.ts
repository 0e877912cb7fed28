import { describe, expect, it } from 'vitest';
import { hasLocation } from '../testing/vectors.ts';
import { createSuntechSession } from './decoder.ts';
import { suntechProtocol } from './index.ts';

const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('Suntech settings', () => {
  it('accepts plain and set-prefixed names, strings and numbers', () => {
    expect(createSuntechSession({ hbm: '2', includeTemp: 'true', setProtocolType: 1 }).settings).toEqual({
      protocolType: 1,
      hbm: 2,
      includeAdc: false,
      includeRpm: false,
      includeTemp: true,
    });
  });

  it('falls back to the default with a warning on a bad value', () => {
    const session = createSuntechSession({ hbm: 7, includeAdc: 'yes', protocolType: 'x' });
    expect(session.settings).toMatchObject({ hbm: 0, includeAdc: false, protocolType: 0 });
    const first = session.decode(ascii('SA200ALV;317652'));
    expect(first.warnings).toHaveLength(3);
    expect(first.warnings[0]).toMatch(/^Suntech setting protocolType: "x" is not one of 0\/1, using 0/);
    expect(session.decode(ascii('SA200ALV;317652')).warnings).toEqual([]);
  });

  it('warns when an ST910 report disagrees with protocolType, and follows the report', () => {
    const report =
      'ST910;Location;907510186;552;20180504;23:15:45;3af54e5331;+19.301833;-099.190657;000.246;000.00;1;28462';
    const result = createSuntechSession().decode(ascii(report));
    expect(result.warnings).toEqual(['Suntech ST910: protocolType is 0 but the report carries cell id']);
    expect(result.messages.at(-1)).toMatchObject({ latitude: 19.301833, attributes: { odometer: 28462 } });
  });

  it('the protocol definition passes SessionOptions.settings through', () => {
    // suntech.json, Traccar's testDecodeHours capture.
    const frame = ascii(
      'ST300ALT;007239104;40;313;20190112;01:07:16;c99139;+04.703287;-074.148897;000.000;189.72;21;1;425512;12.61;100000;33;003188;4.1;1',
    );
    const session = suntechProtocol.createSession({ transport: 'tcp', settings: { hbm: 1 } });
    const m = session.decode(frame).messages.find(hasLocation);
    expect(m?.attributes.hours).toBe(3188 * 60_000);
  });
});
