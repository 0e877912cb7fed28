import type { VehicleLog } from '@jejak/contract';
import { useEffect } from 'react';
import { useMap } from '../../../map/map-context.ts';
import { maplibregl } from '../../../map/maplibre.ts';
import { formatDateTime } from '../../../ui/format.ts';

interface JourneyMarkersProps {
  logs: readonly VehicleLog[];
  startLabel: string;
  endLabel: string;
}

function pin(kind: 'start' | 'end', label: string, title: string): HTMLElement {
  const el = document.createElement('div');
  el.className = `trip-journey-marker trip-journey-${kind}`;
  el.dataset['testid'] = `trip-journey-${kind}`;
  el.textContent = label.slice(0, 1);
  el.title = title;
  el.setAttribute('aria-label', title);
  return el;
}

/** The journey's start and end markers (spec 1 §2): the first and last fix of the path. */
export function JourneyMarkers({ logs, startLabel, endLabel }: JourneyMarkersProps) {
  const map = useMap();
  const first = logs[0];
  const last = logs.at(-1);
  useEffect(() => {
    if (!first || !last) return;
    const start = new maplibregl.Marker({
      element: pin('start', startLabel, `${startLabel} ${formatDateTime(first.vehicleTime)}`),
    })
      .setLngLat([first.location.lon, first.location.lat])
      .addTo(map);
    const end = new maplibregl.Marker({
      element: pin('end', endLabel, `${endLabel} ${formatDateTime(last.vehicleTime)}`),
    })
      .setLngLat([last.location.lon, last.location.lat])
      .addTo(map);
    return () => {
      start.remove();
      end.remove();
    };
  }, [map, first, last, startLabel, endLabel]);
  return null;
}
