import { EVENT_TYPE_COLOURS, EVENT_TYPES, eventTitle, type AlertEvent, type EventType } from '@jejak/contract';
import { useEffect, useMemo } from 'react';
import { focusZoom } from '../focus-zoom.ts';
import { maplibregl } from '../maplibre.ts';
import { useMapLayer } from '../use-map-layer.ts';
import { signIcon } from './sign-icon.ts';

const SOURCE_ID = 'record-events';
const LAYER_ID = 'record-events';
const SELECTED_LAYER_ID = 'record-events-selected';
/** Selecting an event zooms to 20 (spec 1 §9). */
export const EVENT_ZOOM = 20;

export interface EventSelection {
  evid: string;
  /** Picked in the list: the map flies to it. Picked on the map: it is already in view. */
  focus: boolean;
}

type EventFeatures = GeoJSON.FeatureCollection<
  GeoJSON.Point,
  { evid: string; colour: string; title: string; type: EventType }
>;

/** The sign inside each type's marker: info, warning, critical (spec 1 §2), and control. */
const EVENT_GLYPHS: Readonly<Record<EventType, string>> = { INFO: 'i', WARNING: '!', CRITICAL: '!!', CONTROL: '•' };
const ICON_PX = 48;
const iconId = (type: EventType) => `record-event-${type}`;

/** A round marker in the type's colour with its sign in white, drawn once per map. */
const eventIcon = (type: EventType) => signIcon(`#${EVENT_TYPE_COLOURS[type]}`, EVENT_GLYPHS[type], ICON_PX);

function eventFeatures(events: readonly AlertEvent[]): EventFeatures {
  const features: EventFeatures['features'] = [];
  for (const e of events) {
    if (!e.location) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [e.location.lon, e.location.lat] },
      properties: {
        evid: e.evid,
        colour: `#${EVENT_TYPE_COLOURS[e.eventType]}`,
        title: eventTitle(e),
        type: e.eventType,
      },
    });
  }
  return { type: 'FeatureCollection', features };
}

interface EventMarkersLayerProps {
  events: readonly AlertEvent[];
  selection: EventSelection | null;
  onSelect: (selection: EventSelection) => void;
  /** Fit the map to the events of each new lookup; off where another layer (a path) frames the view. */
  fitToEvents?: boolean;
}

/**
 * The vehicle's events as round markers in their type's colour with an info, warning or critical
 * sign (spec 1 §2: Event Record's map and Trip Record's event markers); a click selects one and shows its name. The selected event is ringed and named; picked in the list, the map zooms to it.
 */
export function EventMarkersLayer({ events, selection, onSelect, fitToEvents = true }: EventMarkersLayerProps) {
  const data = useMemo(() => eventFeatures(events), [events]);
  const map = useMapLayer({
    images: EVENT_TYPES.map((type) => ({
      id: iconId(type),
      draw: () => eventIcon(type),
      options: { pixelRatio: 2 },
      keep: true,
    })),
    sources: [{ id: SOURCE_ID, spec: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } }, data }],
    layers: [
      {
        spec: {
          id: SELECTED_LAYER_ID,
          type: 'circle',
          source: SOURCE_ID,
          filter: ['==', ['get', 'evid'], ''],
          paint: { 'circle-radius': 13, 'circle-color': '#1668dc', 'circle-opacity': 0.35 },
        },
      },
      {
        spec: {
          id: LAYER_ID,
          type: 'symbol',
          source: SOURCE_ID,
          layout: {
            'icon-image': ['concat', 'record-event-', ['get', 'type']],
            'icon-allow-overlap': true,
            'icon-ignore-placement': true,
          },
        },
        onClick: (event) => {
          const evid: unknown = event.features?.[0]?.properties['evid'];
          if (typeof evid === 'string') onSelect({ evid, focus: false });
        },
      },
    ],
  });

  // A new lookup: show all its events.
  useEffect(() => {
    if (!fitToEvents) return;
    const points = data.features.map((f) => f.geometry.coordinates as [number, number]);
    if (points.length === 0) return;
    const bounds = points.reduce((b, p) => b.extend(p), new maplibregl.LngLatBounds(points[0], points[0]));
    map.fitBounds(bounds, { padding: 60, maxZoom: 15, duration: 0 });
  }, [map, data, fitToEvents]);

  const selected = selection ? data.features.find((f) => f.properties.evid === selection.evid) : undefined;
  useEffect(() => {
    map.setFilter(SELECTED_LAYER_ID, ['==', ['get', 'evid'], selected?.properties.evid ?? '']);
    if (!selected) return;
    const at = selected.geometry.coordinates as [number, number];
    if (selection?.focus) map.easeTo({ center: at, zoom: focusZoom(map, EVENT_ZOOM) });
    const popup = new maplibregl.Popup({
      closeButton: false,
      closeOnClick: false,
      offset: 10,
      className: 'event-popup-name',
    })
      .setLngLat(at)
      .setText(selected.properties.title)
      .addTo(map);
    return () => {
      popup.remove();
    };
  }, [map, selected, selection?.focus]);

  return null;
}
