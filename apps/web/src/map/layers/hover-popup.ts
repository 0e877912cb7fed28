import type { Map as MapLibreMap, MapLayerMouseEvent } from 'maplibre-gl';
import { isMapRemoved } from '../map-context.ts';
import { maplibregl } from '../maplibre.ts';

/** Styled in global.css: its content takes no pointer events. */
const HOVER_POPUP_CLASS = 'hover-popup';

/**
 * A small popup over a point layer's feature while the pointer is on it (the offline style has no
 * glyphs, so names show this way instead of as labels). `textOf` reads the feature's properties;
 * null shows nothing. The popup lets clicks through (class `hover-popup`): it shows up under the
 * pointer, so it must not swallow the click meant for a vehicle arrow beside the feature.
 * Returns the clean-up, to run before the layer is removed.
 */
export function hoverPopup(
  map: MapLibreMap,
  layerId: string,
  textOf: (properties: Record<string, unknown>) => string | null,
  className?: string,
): () => void {
  const popup = new maplibregl.Popup({
    closeButton: false,
    closeOnClick: false,
    offset: 8,
    className: className === undefined ? HOVER_POPUP_CLASS : `${HOVER_POPUP_CLASS} ${className}`,
  });
  const onMove = (event: MapLayerMouseEvent) => {
    const feature = event.features?.[0];
    const text = feature ? textOf(feature.properties) : null;
    if (text === null || feature?.geometry.type !== 'Point') return;
    const [lon = 0, lat = 0] = feature.geometry.coordinates;
    popup.setLngLat([lon, lat]).setText(text);
    if (!popup.isOpen()) popup.addTo(map);
  };
  const onLeave = () => {
    popup.remove();
  };
  map.on('mousemove', layerId, onMove);
  map.on('mouseleave', layerId, onLeave);
  return () => {
    onLeave();
    if (isMapRemoved(map)) return;
    map.off('mousemove', layerId, onMove);
    map.off('mouseleave', layerId, onLeave);
  };
}
