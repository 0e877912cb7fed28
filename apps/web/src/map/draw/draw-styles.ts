import type { HexColor } from 'terra-draw';

/** Outlines of handles stay white on every basemap and theme: they sit on the map, not the page. */
const HANDLE_OUTLINE: HexColor = '#ffffff';

/** The marker while placing a POI, in the geofence's colour. */
export const pointStyles = (colour: HexColor) => ({
  pointColor: colour,
  pointWidth: 7,
  pointOutlineColor: HANDLE_OUTLINE,
  pointOutlineWidth: 2,
});

/** The zone while its corners are being clicked. */
export const polygonStyles = (colour: HexColor) => ({
  fillColor: colour,
  fillOpacity: 0.2,
  outlineColor: colour,
  outlineWidth: 2,
  closingPointColor: colour,
  closingPointWidth: 6,
  closingPointOutlineColor: HANDLE_OUTLINE,
  closingPointOutlineWidth: 2,
});

/** The drawn shape while it is edited: corners to drag, midpoints to add corners. */
export const selectStyles = (colour: HexColor) => ({
  selectedPointColor: colour,
  selectedPointWidth: 8,
  selectedPointOutlineColor: HANDLE_OUTLINE,
  selectedPointOutlineWidth: 2,
  selectedPolygonColor: colour,
  selectedPolygonFillOpacity: 0.2,
  selectedPolygonOutlineColor: colour,
  selectedPolygonOutlineWidth: 2,
  selectionPointColor: colour,
  selectionPointWidth: 6,
  selectionPointOutlineColor: HANDLE_OUTLINE,
  selectionPointOutlineWidth: 2,
  midPointColor: colour,
  midPointWidth: 4,
  midPointOutlineColor: HANDLE_OUTLINE,
  midPointOutlineWidth: 1,
});
