import type { Map as MapLibreMap, MapLayerMouseEvent, SourceSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { addMapLayer, type MapLayerDefinition } from './use-map-layer.ts';

type Handler = (event: MapLayerMouseEvent) => void;

/** The part of a MapLibre map the layers touch, recording what was done to it. */
function fakeMap() {
  const images = new Set<string>(['shared-icon']);
  const sources = new Set<string>();
  const layers: string[] = [];
  const handlers = new Map<string, Handler>();
  const calls: string[] = [];
  const canvas = { style: { cursor: '' } };
  const map = {
    _removed: false,
    hasImage: (id: string) => images.has(id),
    addImage: (id: string) => void (images.add(id), calls.push(`addImage ${id}`)),
    removeImage: (id: string) => void (images.delete(id), calls.push(`removeImage ${id}`)),
    addSource: (id: string) => void (sources.add(id), calls.push(`addSource ${id}`)),
    getSource: (id: string) => (sources.has(id) ? {} : undefined),
    removeSource: (id: string) => void (sources.delete(id), calls.push(`removeSource ${id}`)),
    addLayer: (spec: { id: string }, beforeId?: string) => {
      const at = beforeId === undefined ? layers.length : layers.indexOf(beforeId);
      layers.splice(at, 0, spec.id);
      calls.push(`addLayer ${spec.id}${beforeId ? ` under ${beforeId}` : ''}`);
    },
    getLayer: (id: string) => (layers.includes(id) ? { id } : undefined),
    removeLayer: (id: string) => void (layers.splice(layers.indexOf(id), 1), calls.push(`removeLayer ${id}`)),
    on: (type: string, layerId: string, handler: Handler) => void handlers.set(`${type} ${layerId}`, handler),
    off: (type: string, layerId: string) => void handlers.delete(`${type} ${layerId}`),
    getCanvas: () => canvas,
  };
  return { map: map as unknown as MapLibreMap, raw: map, images, sources, layers, handlers, calls, canvas };
}

const EMPTY: SourceSpecification = { type: 'geojson', data: { type: 'FeatureCollection', features: [] } };

function definition(clicked: string[], name = 'first'): MapLayerDefinition {
  return {
    images: [
      { id: 'own-icon', draw: () => ({ width: 1, height: 1, data: new Uint8Array(4) }) },
      { id: 'shared-icon', draw: () => null, keep: true },
    ],
    sources: [{ id: 'things', spec: EMPTY }],
    layers: [
      { spec: { id: 'things-ring', type: 'circle', source: 'things' }, beforeId: () => 'above' },
      {
        spec: { id: 'things', type: 'circle', source: 'things' },
        beforeId: (map) => (map.getLayer('above') ? 'above' : undefined),
        onClick: () => clicked.push(name),
      },
    ],
  };
}

describe('addMapLayer', () => {
  it('adds images, sources and layers in order, each under the layer its beforeId names', () => {
    const fake = fakeMap();
    fake.layers.push('above');
    addMapLayer(fake.map, definition([]), () => definition([]));
    expect(fake.calls).toEqual([
      'addImage own-icon',
      'addSource things',
      'addLayer things-ring under above',
      'addLayer things under above',
    ]);
    expect(fake.layers).toEqual(['things-ring', 'things', 'above']);
  });

  it('clicks call the latest handler and the pointer is a hand over the layer', () => {
    const fake = fakeMap();
    const clicked: string[] = [];
    let current = definition(clicked, 'first');
    addMapLayer(fake.map, current, () => current);
    current = definition(clicked, 'second');
    fake.handlers.get('click things')?.({} as MapLayerMouseEvent);
    expect(clicked).toEqual(['second']);
    fake.handlers.get('mouseenter things')?.({} as MapLayerMouseEvent);
    expect(fake.canvas.style.cursor).toBe('pointer');
    fake.handlers.get('mouseleave things')?.({} as MapLayerMouseEvent);
    expect(fake.canvas.style.cursor).toBe('');
  });

  it('removes its handlers, layers (top first), sources and own images, keeping shared images', () => {
    const fake = fakeMap();
    let stopped = false;
    const def = { ...definition([]), onAdd: () => () => void (stopped = true) };
    const remove = addMapLayer(fake.map, def, () => def);
    fake.calls.length = 0;
    remove();
    expect(stopped).toBe(true);
    expect(fake.handlers.size).toBe(0);
    expect(fake.calls).toEqual([
      'removeLayer things',
      'removeLayer things-ring',
      'removeSource things',
      'removeImage own-icon',
    ]);
    expect([...fake.images]).toEqual(['shared-icon']);
  });

  it('touches nothing on a map already removed, but still stops its own wiring', () => {
    const fake = fakeMap();
    let stopped = false;
    const def = { ...definition([]), onAdd: () => () => void (stopped = true) };
    const remove = addMapLayer(fake.map, def, () => def);
    fake.calls.length = 0;
    fake.raw._removed = true;
    remove();
    expect(stopped).toBe(true);
    expect(fake.calls).toEqual([]);
  });
});
