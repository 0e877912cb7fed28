import type {
  GeoJSONSource,
  LayerSpecification,
  Map as MapLibreMap,
  MapLayerMouseEvent,
  SourceSpecification,
  StyleImageMetadata,
  StyleImageSource,
} from 'maplibre-gl';
import { useEffect, useRef, type DependencyList } from 'react';
import { hoverPopup } from './layers/hover-popup.ts';
import { isMapRemoved, useMap } from './map-context.ts';

/** An icon the layers draw with. */
export interface MapLayerImage {
  id: string;
  /** Drawn only when the map lacks the image; null adds nothing. */
  draw: () => StyleImageSource | null;
  options?: Partial<StyleImageMetadata>;
  /** Left on the map when the layer unmounts: drawn once per map and reused by the next mount. */
  keep?: boolean;
}

export interface MapLayerSource {
  id: string;
  spec: SourceSpecification;
  /**
   * The source's GeoJSON, sent with setData after the source is added and again whenever it
   * changes (by identity: memoise it); undefined leaves the source as it is.
   */
  data?: GeoJSON.GeoJSON | undefined;
}

export interface MapLayerEntry {
  spec: LayerSpecification;
  /** The layer to insert it under (`layerAbove` for a LAYER_ORDER id), asked as it is added; on top when undefined. */
  beforeId?: (map: MapLibreMap) => string | undefined;
  /** A click on one of its features; the pointer is a hand over them. */
  onClick?: (event: MapLayerMouseEvent) => void;
  /** A hover popup over its point features (hover-popup.ts): the text of a feature's properties, null for none. */
  popup?: { textOf: (properties: Record<string, unknown>) => string | null; className?: string };
}

/** What one layer component draws: its icons, sources and layers (bottom to top). */
export interface MapLayerDefinition {
  images?: readonly MapLayerImage[];
  sources: readonly MapLayerSource[];
  layers: readonly MapLayerEntry[];
  /** More wiring once the layers are on the map (a live subscription, image drawing); returns its clean-up. */
  onAdd?: (map: MapLibreMap) => () => void;
}

/**
 * Adds the definition's images, sources and layers to the map with their click handlers and hover
 * popups, then runs `onAdd`. Handlers and popup texts are looked up through `current` on each
 * event, so they are always the latest the component rendered. Returns the removal: `onAdd`'s
 * clean-up, the handlers, then the layers (top first), the sources and the images not kept.
 */
export function addMapLayer(
  map: MapLibreMap,
  definition: MapLayerDefinition,
  current: () => MapLayerDefinition,
): () => void {
  const { images = [], sources, layers, onAdd } = definition;
  const entry = (id: string) => current().layers.find((layer) => layer.spec.id === id);
  for (const { id, draw, options } of images) {
    if (map.hasImage(id)) continue;
    const image = draw();
    if (image) map.addImage(id, image, options);
  }
  for (const { id, spec } of sources) map.addSource(id, spec);
  for (const { spec, beforeId } of layers) map.addLayer(spec, beforeId?.(map));

  const detach: (() => void)[] = [];
  for (const { spec, onClick, popup } of layers) {
    const id = spec.id;
    if (popup) detach.push(hoverPopup(map, id, (p) => entry(id)?.popup?.textOf(p) ?? null, popup.className));
    if (!onClick) continue;
    const click = (event: MapLayerMouseEvent) => entry(id)?.onClick?.(event);
    const pointer = () => (map.getCanvas().style.cursor = 'pointer');
    const plain = () => (map.getCanvas().style.cursor = '');
    map.on('click', id, click);
    map.on('mouseenter', id, pointer);
    map.on('mouseleave', id, plain);
    detach.push(() => {
      if (isMapRemoved(map)) return;
      map.off('click', id, click);
      map.off('mouseenter', id, pointer);
      map.off('mouseleave', id, plain);
    });
  }
  const stop = onAdd?.(map);

  return () => {
    stop?.();
    for (const off of detach) off();
    if (isMapRemoved(map)) return;
    for (const { spec } of [...layers].reverse()) if (map.getLayer(spec.id)) map.removeLayer(spec.id);
    for (const { id } of sources) if (map.getSource(id)) map.removeSource(id);
    for (const { id, keep } of images) if (!keep && map.hasImage(id)) map.removeImage(id);
  };
}

/**
 * One map layer component's sources and layers on the enclosing MapView's map (traccar-web's
 * shape): added on mount, and again when `deps` change; each source's `data` sent when it
 * changes, without adding anything again; all removed on unmount. A basemap switch (a fallback or
 * a colour scheme) needs nothing here: MapView unmounts its children before the style changes and
 * mounts them again once the new style has loaded, so the layers are added afresh on it. Returns
 * the map, for the component's own updates (filters, visibility, camera), which it makes in
 * effects declared after this call so they run once the layers exist.
 */
export function useMapLayer(definition: MapLayerDefinition, deps: DependencyList = []): MapLibreMap {
  const map = useMap();
  const latest = useRef(definition);
  useEffect(() => {
    latest.current = definition;
  });
  // The data each source was last sent; emptied when the layers are added again.
  const sent = useRef(new Map<string, unknown>());

  useEffect(() => {
    sent.current.clear();
    return addMapLayer(map, definition, () => latest.current);
    // The definition is read when the layers are added; handlers are looked up through `latest`.
  }, [map, ...deps]);

  useEffect(() => {
    if (isMapRemoved(map)) return;
    for (const { id, data } of definition.sources) {
      if (data === undefined || sent.current.get(id) === data) continue;
      sent.current.set(id, data);
      void map.getSource<GeoJSONSource>(id)?.setData(data);
    }
  });

  return map;
}
