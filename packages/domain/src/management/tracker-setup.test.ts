import { describe, expect, it } from 'vitest';
import { trackerSetup } from './tracker-setup.ts';

describe('trackerSetup', () => {
  it.each([
    ['gt06', '203.0.113.7', 5023, 'sms', ['SERVER,0,203.0.113.7,5023,0#']],
    ['gt06', 'gps.example.my', 5023, 'sms', ['SERVER,1,gps.example.my,5023,0#']],
    ['h02', 'gps.example.my', 5013, 'sms', ['8040000 gps.example.my 5013']],
    ['teltonika', 'gps.example.my', 5027, 'sms', ['  setparam 2004:gps.example.my;2005:5027;2006:0']],
    ['meitrack', 'gps.example.my', 5020, 'sms', ['0000,A21,1,gps.example.my,5020,,,']],
    ['gl200', 'gps.example.my', 5004, 'sms', ['AT+GTSRI=gl300,3,,1,gps.example.my,5004,,,,5,0,0,0,,,0001$']],
    ['osmand', 'gps.example.my', 5055, 'app', ['http://gps.example.my:5055']],
  ])('%s at %s:%d', (protocol, host, port, kind, lines) => {
    expect(trackerSetup(protocol, host, port)).toEqual({ kind, lines });
  });

  it('has none for a protocol it does not know', () => {
    expect(trackerSetup('nmea', 'gps.example.my', 1)).toBeNull();
  });
});
