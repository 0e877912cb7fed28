import { MANAGEMENT_TEXTS, type ManagedVehicle } from '@jejak/contract';
import { describe, expect, it } from 'vitest';
import { groupFormProblem, membersInDisplayOrder, vehicleOptions } from './group-form.ts';

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

describe('membersInDisplayOrder', () => {
  it("puts a group's members in the options' (display name) order, unknown ones after", () => {
    const options = [{ value: 'v-anggun' }, { value: 'v-bas' }, { value: 'v-lori' }];
    expect(membersInDisplayOrder(['v-lori', 'v-gone', 'v-anggun'], options)).toEqual(['v-anggun', 'v-lori', 'v-gone']);
    expect(membersInDisplayOrder([], options)).toEqual([]);
  });
});
