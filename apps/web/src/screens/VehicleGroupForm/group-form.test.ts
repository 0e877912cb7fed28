import { MANAGEMENT_TEXTS, type ManagedVehicle } from '@jejak/contract';
import { describe, expect, it } from 'vitest';
import { groupFormProblem, vehicleOptions } from './group-form.ts';

const v = (vid: string, vehicleDisplayName: string) => ({ vid, vehicleDisplayName }) as ManagedVehicle;

describe('vehicle group form', () => {
  it("labels vehicles 'name - vid', sorted by display name", () => {
    expect(vehicleOptions([v('v2', 'Van B'), v('v1', 'Bus A'), v('v3', 'Van B')])).toEqual([
      { value: 'v1', label: 'Bus A - v1' },
      { value: 'v2', label: 'Van B - v2' },
      { value: 'v3', label: 'Van B - v3' },
    ]);
  });

  it('checks in the spec order: user, name, colour', () => {
    expect(groupFormProblem('', { groupName: '' })).toBe(MANAGEMENT_TEXTS.currentUserNotFound);
    expect(groupFormProblem('u', { groupName: '  ', colorHexCode: 'FFFFFF' })).toBe(
      MANAGEMENT_TEXTS.vehicleGroupNameEmpty,
    );
    expect(groupFormProblem('u', { groupName: 'North' })).toBe(MANAGEMENT_TEXTS.vehicleGroupColorEmpty);
    expect(groupFormProblem('u', { groupName: 'North', colorHexCode: 'FFFFFF' })).toBeNull();
  });
});
