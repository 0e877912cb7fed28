import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { layerAbove } from './layer-order.ts';

function mapWith(...ids: string[]): Pick<MapLibreMap, 'getLayer'> {
  return { getLayer: ((id: string) => (ids.includes(id) ? { id } : undefined)) as MapLibreMap['getLayer'] };
}

describe('layerAbove', () => {
  it('puts a layer under the lowest layer that belongs above it', () => {
    expect(layerAbove(mapWith('vehicles-selected', 'vehicles-arrows'), 'vehicle-trails')).toBe('vehicles-selected');
    expect(layerAbove(mapWith('vehicles-arrows'), 'places')).toBe('vehicles-arrows');
    expect(layerAbove(mapWith('places', 'vehicle-trails'), 'vehicles-selected')).toBeUndefined();
    expect(layerAbove(mapWith(), 'places')).toBeUndefined();
  });
});
