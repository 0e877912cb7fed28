import type { GeofenceDto } from '@jejak/contract';
import { GEOFENCE_TEXTS } from '@jejak/domain';
import { describe, expect, it } from 'vitest';
import { geofenceOptions, membershipChange, templateFormProblem } from './template-form.ts';

describe('geofence template form', () => {
  it('offers the geofences sorted by name', () => {
    const g = (geoid: string, geofenceName: string) => ({ geoid, geofenceName }) as GeofenceDto;
    expect(geofenceOptions([g('2', 'Port'), g('1', 'Depot')])).toEqual([
      { value: '1', label: 'Depot' },
      { value: '2', label: 'Port' },
    ]);
  });

  it('checks the name, then the colour (spec 2 §5)', () => {
    expect(templateFormProblem({ templateName: ' ' })).toBe(GEOFENCE_TEXTS.templateNameEmpty);
    expect(templateFormProblem({ templateName: 'Sites' })).toBe(GEOFENCE_TEXTS.templateColorEmpty);
    expect(templateFormProblem({ templateName: 'Sites', colorHexCode: '5C1A8E' })).toBeNull();
  });

  it('turns the edited selection into geofences added and removed', () => {
    expect(membershipChange(['a', 'b'], ['b', 'c'])).toEqual({ added: ['c'], removed: ['a'] });
    expect(membershipChange([], [])).toEqual({ added: [], removed: [] });
  });
});
