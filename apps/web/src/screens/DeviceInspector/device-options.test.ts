import { describe, expect, it } from 'vitest';
import { deviceOptions, stateDvid } from './device-options.ts';

describe('the Device Inspector picker', () => {
  it('reads the opened device from the route state', () => {
    expect(stateDvid({ dvid: 'GPS100#1', uid: 'u1' })).toBe('GPS100#1');
    expect(stateDvid({ dvid: '' })).toBeUndefined();
    expect(stateDvid(null)).toBeUndefined();
    expect(stateDvid({ dvid: 7 })).toBeUndefined();
  });

  it('lists devices by id with their plate, keeping the opened one', () => {
    const devices = [
      { dvid: 'TEL100#2', vehiclePlate: null },
      { dvid: 'GPS100#1', vehiclePlate: 'BMK 5521' },
    ];
    expect(deviceOptions(devices, 'GPS100#1')).toEqual([
      { value: 'GPS100#1', label: 'GPS100#1 (BMK 5521)' },
      { value: 'TEL100#2', label: 'TEL100#2' },
    ]);
    expect(deviceOptions(devices, 'GPS100#9')[0]).toEqual({ value: 'GPS100#9', label: 'GPS100#9' });
  });
});
