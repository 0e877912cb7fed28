import { describe, expect, it } from 'vitest';
import { createSuntechSession } from './decoder.ts';

describe('Suntech alert codes → the alarm vocabulary (issue 12)', () => {
  it.each([
    [1, 'overspeed'],
    [5, 'geofence'],
    [14, 'lowBattery'],
    [16, 'accident'],
    [41, 'powerCut'],
    [42, 'sos'],
    [47, 'hardBraking'],
    [48, 'hardCornering'],
    [50, 'jamming'],
    [33, undefined],
  ])('legacy ALT %i → %s', (code, alarm) => {
    // A captured ST300ALT (suntech.json, Traccar's testDecodeHours) with its ALERT_ID swapped.
    const report = `ST300ALT;007239104;40;313;20190112;01:07:16;c99139;+04.703287;-074.148897;000.000;189.72;21;1;425512;12.61;100000;${code}`;
    const m = createSuntechSession()
      .decode(Uint8Array.from(report, (c) => c.charCodeAt(0)))
      .messages.at(-1);
    expect(m?.attributes).toMatchObject({ alert: code });
    expect(m?.attributes.alarm).toBe(alarm);
  });
});
