import { describe, expect, it } from 'vitest';
import type { DeviceLogRow } from '../../storage/ingest/rows.ts';
import { sessionLogRow } from '../rows.ts';
import { webhookSignals } from './signals.ts';

/** A log row of `pkg` at `deviceTime`: a session row's shape, with the package asked for. */
const log = (pkg: DeviceLogRow['package'], deviceTime: number, message: string | null = null): DeviceLogRow => ({
  ...sessionLogRow('GPS100#1', 'event#session#close', deviceTime, message),
  package: pkg,
});

describe('webhookSignals', () => {
  it('makes crossings geofence signals and sign-ins and closes tracker signals, in time order', () => {
    const crossing = (inside: 0 | 1, time: number) => ({
      dvid: 'GPS100#1',
      crossing: { vid: 'v1', geoid: 'g1', geofenceName: 'Depot', geoType: 'POI' as const, inside, time },
    });
    const signals = webhookSignals({
      crossings: [crossing(1, 10), crossing(0, 20)],
      logs: [
        log('auth', 5),
        log('gps#latest', 6),
        log('heartbeat', 7),
        log('event#session#timeout', 30, 'idle'),
        log('event#session#close', 40),
        log('event#session#error', 50, 'bad frame'),
      ],
    });
    expect(signals.map((s) => [s.kind, s.vid, s.dvid, s.at])).toEqual([
      ['tracker.online', null, 'GPS100#1', 5],
      ['geofence.enter', 'v1', null, 10],
      ['geofence.exit', 'v1', null, 20],
      ['tracker.offline', null, 'GPS100#1', 30],
      ['tracker.offline', null, 'GPS100#1', 40],
    ]);
    expect(signals[1]?.payload).toEqual({
      dvid: 'GPS100#1',
      geoid: 'g1',
      geofenceName: 'Depot',
      geoType: 'POI',
      time: 10,
    });
    expect(signals[3]?.payload).toEqual({ dvid: 'GPS100#1', time: 30, reason: 'timeout', message: 'idle' });
  });
});
