import { basemapMaxZoom, type MapBasemap } from '@jejak/contract';
import type { Map as MapLibreMap } from 'maplibre-gl';

/** The max useful zoom of the basemap each map draws now (set by MapView on every style). */
const caps = new WeakMap<MapLibreMap, number>();

export function setFocusZoomCap(map: MapLibreMap, drawn: MapBasemap): void {
  caps.set(map, basemapMaxZoom(drawn));
}

/**
 * The zoom of a "View On Map" (a vehicle at 17, a ticket or event at 20, a POI): the wanted one
 * where the basemap draws it, else the deepest the basemap still draws, so the view never lands
 * on blank ground. The user may still zoom further by hand.
 */
export function focusZoom(map: MapLibreMap, wanted: number): number {
  return Math.min(wanted, caps.get(map) ?? wanted);
}
