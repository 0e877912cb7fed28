import { MESSAGES } from '@jejak/contract';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { liveStore } from '../store/live-store.ts';
import { fillBasemap, offlineStyle } from './basemap.ts';
import { MapContext } from './map-context.ts';
import { maplibregl } from './maplibre.ts';
import { DEFAULT_CENTRE, DEFAULT_ZOOM } from './default-view.ts';

/**
 * One MapLibre instance on the offline basemap. Its children (layers, controls) mount once
 * the style has loaded and each adds and removes its own sources and layers.
 */
export function MapView({ children }: { children?: ReactNode }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let instance: MapLibreMap;
    try {
      instance = new maplibregl.Map({
        container,
        style: offlineStyle(),
        // Start over Malaysia rather than the whole world while the fleet loads.
        center: DEFAULT_CENTRE,
        zoom: DEFAULT_ZOOM,
        // Each source names its own data (Natural Earth, GeoNames) in the attribution.
        attributionControl: { compact: true },
        dragRotate: false,
        pitchWithRotate: false,
        // Live data replaces the vehicle tiles several times a second; symbol fade-ins would
        // keep the map repainting continuously.
        fadeDuration: 0,
      });
    } catch (error) {
      // No WebGL, or the browser refused a context.
      console.error('Map could not be created', error);
      setFailed(true);
      return;
    }
    let loaded = false;
    instance.on('error', (event) => {
      console.error('Map error', event.error);
      if (!loaded) setFailed(true);
    });
    instance.once('load', () => {
      loaded = true;
      setMap(instance);
      // Tests read feature positions through these handles; they expose nothing secret.
      window.__jejak = { map: instance, liveStore };
      void fillBasemap(instance);
    });
    return () => {
      setMap(null);
      if (window.__jejak?.map === instance) delete window.__jejak;
      instance.remove();
    };
  }, []);

  return (
    <>
      <div ref={containerRef} className="map-view" hidden={failed} />
      {failed && <div className="map-unavailable">{MESSAGES.mapUnavailable}</div>}
      {map && !failed && <MapContext.Provider value={map}>{children}</MapContext.Provider>}
    </>
  );
}
