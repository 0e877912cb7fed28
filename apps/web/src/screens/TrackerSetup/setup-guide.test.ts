import type { TrackerSetupResponse } from '@jejak/contract';
import { describe, expect, it } from 'vitest';
import { firstMessage, setupGuide } from './setup-guide.ts';

const response: TrackerSetupResponse = {
  status: 200,
  host: 'gps.example.my',
  endpoints: [
    { protocol: 'gt06', models: ['GPS100'], transports: ['tcp'], port: 5023 },
    { protocol: 'h02', models: ['H02'], transports: ['tcp', 'udp'], port: null },
    { protocol: 'osmand', models: ['OSMAND'], transports: ['http'], port: 5055 },
  ],
};

describe('setupGuide', () => {
  it('gives the host, the port of the model’s protocol and its set-up SMS', () => {
    expect(setupGuide(response, 'GPS100')).toEqual({
      protocol: 'gt06',
      host: 'gps.example.my',
      port: 5023,
      setup: { kind: 'sms', lines: ['SERVER,1,gps.example.my,5023,0#'] },
    });
  });

  it('gives an app’s server URL instead of an SMS', () => {
    expect(setupGuide(response, 'OSMAND').setup).toEqual({ kind: 'app', lines: ['http://gps.example.my:5055'] });
  });

  it('has no message while the protocol’s port is unknown, and no protocol for a model no gateway speaks', () => {
    expect(setupGuide(response, 'H02')).toMatchObject({ protocol: 'h02', port: null, setup: null });
    expect(setupGuide(response, 'TEL100')).toEqual({ protocol: null, host: 'gps.example.my', port: null, setup: null });
  });
});

describe('firstMessage', () => {
  it('waits until the server stored a record of the device', () => {
    expect(firstMessage({ updatedAt: null, vid: 'v1' })).toEqual({ state: 'waiting' });
    expect(firstMessage({ updatedAt: 1_700_000_000_000, vid: 'v1' })).toEqual({
      state: 'received',
      atMs: 1_700_000_000_000,
      vid: 'v1',
    });
    expect(firstMessage({ updatedAt: 5, vid: null })).toMatchObject({ state: 'received', vid: null });
  });
});
