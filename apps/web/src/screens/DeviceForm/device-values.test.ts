import { describe, expect, it } from 'vitest';
import {
  checkDeviceUpdate,
  checkNewDevice,
  newDeviceValues,
  simInput,
  type DeviceFormValues,
} from './device-values.ts';

describe("the SIM field (spec 2 §5: starts as '+6')", () => {
  it("starts as '+6'", () => {
    expect(newDeviceValues(null).simCard).toBe('+6');
  });

  it('opens filled in with an unregistered tracker’s IMEI and a model the form offers', () => {
    expect(newDeviceValues('d1', { imei: '869999000000017', model: 'GPS100' })).toEqual({
      imei: '869999000000017',
      model: 'GPS100',
      simCard: '+6',
      brand: '',
      targetUid: 'd1',
    });
    expect(newDeviceValues(null, { imei: '869999000000017', model: 'NOPE' }).model).toBeUndefined();
  });

  it("resets to '+6' when shortened below 2 characters", () => {
    expect(simInput('+')).toBe('+6');
    expect(simInput('')).toBe('+6');
    expect(simInput('+6')).toBe('+6');
    expect(simInput('+60')).toBe('+60');
    expect(simInput('60123')).toBe('60123');
  });
});

const known = [
  { dvid: 'GPS100#111', simCard: '+60111111111' },
  { dvid: 'TEL100#222', simCard: '+60122222222' },
];
const filled = (): DeviceFormValues => ({
  imei: ' 333 ',
  model: 'GPS100',
  simCard: '+60133333333',
  brand: 'Concox',
  targetUid: 'dist-1',
});
const message = (values: DeviceFormValues) => {
  const result = checkNewDevice(values, known);
  return result.ok ? null : result.message;
};

describe('device checks in the spec order (spec 2 §5)', () => {
  it('passes a filled form, trimmed', () => {
    const result = checkNewDevice(filled(), known);
    expect(result.ok && result.request.device).toEqual({
      imei: '333',
      model: 'GPS100',
      simCard: '+60133333333',
      brand: 'Concox',
      uid: 'dist-1',
      settings: {},
    });
  });

  it('sends no SIM when only the +6 start is there', () => {
    const result = checkNewDevice({ ...filled(), simCard: '+6' }, known);
    expect(result.ok && result.request.device.simCard).toBe('');
  });

  it('shows IMEI, model, duplicate, SIM in use, target user, in that order', () => {
    const blank = newDeviceValues(null);
    expect(message(blank)).toBe('Device Imei cannot be blank');
    expect(message({ ...blank, imei: '111' })).toBe('Device Model cannot be blank');
    expect(message({ ...blank, imei: '111', model: 'GPS100' })).toBe('Device already exist');
    expect(message({ ...blank, imei: '111', model: 'TEL100', simCard: '+60122222222' })).toBe(
      'Sim Card is already in use',
    );
    expect(message({ ...blank, imei: '111', model: 'TEL100' })).toBe('Please select a target user');
  });

  it('on edit, the device itself is no duplicate and keeps its SIM', () => {
    const edit = { ...filled(), imei: '111', simCard: '+60111111111' };
    expect(checkDeviceUpdate(edit, 'GPS100#111', known).ok).toBe(true);
    const taken = checkDeviceUpdate({ ...edit, simCard: '+60122222222' }, 'GPS100#111', known);
    expect(taken.ok ? null : taken.message).toBe('Sim Card is already in use');
  });

  it("refuses a SIM without '+6' with the server's text", () => {
    expect(message({ ...filled(), simCard: '0123' })).toBe('Sim card must be +6 followed by 8 to 13 digits');
  });
});
