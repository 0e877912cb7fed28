import { MAP_TEXTS, MESSAGES, type MapBasemap } from '@jejak/contract';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMapConfig } from '../api/map-config.ts';
import { liveStore } from '../store/live-store.ts';
import { fillBasemap, offlineStyle } from './basemap.ts';
import { MapContext } from './map-context.ts';
import { maplibregl } from './maplibre.ts';
import { DEFAULT_CENTRE, DEFAULT_ZOOM } from './default-view.ts';
import {
  NEW_STREET_WATCH,
  STREET_STYLE_TIMEOUT_MS,
  stepStreetWatch,
  streetStyle,
  type StreetSignal,
} from './street-map.ts';

const OFFLINE: MapBasemap = { kind: 'offline' };

/** A tile's failure carries the source it belongs to; a style's, sprite's or glyphs' does not. */
const isTileEvent = (event: object) => 'sourceId' in event || 'tile' in event;

/**
 * One MapLibre instance on the configured basemap (GET /api/map/config): a street map, or the
 * offline basemap. When the street map cannot be loaded (offline, blocked) it falls back by
 * itself to the offline basemap and says so. Its children (layers, controls) mount once a style
 * has loaded, each adding and removing its own sources and layers; a fallback unmounts them
 * before the style changes and mounts them again on the new one.
 */
export function MapView({ children }: { children?: ReactNode }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const instanceRef = useRef<MapLibreMap | null>(null);
  const config = useMapConfig();
  const basemap = config.data?.basemap ?? (config.isError ? OFFLINE : null);
  const basemapKey = basemap ? JSON.stringify(basemap) : null;
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [failed, setFailed] = useState(false);
  const [fellBack, setFellBack] = useState(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || basemapKey === null) return;
    const chosen = JSON.parse(basemapKey) as MapBasemap;
    let street = chosen.kind !== 'offline';
    let instance: MapLibreMap;
    try {
      instance = new maplibregl.Map({
        container,
        style: chosen.kind === 'offline' ? offlineStyle() : streetStyle(chosen),
        // Start over Malaysia rather than the whole world while the fleet loads.
        center: DEFAULT_CENTRE,
        zoom: DEFAULT_ZOOM,
        // Each source names its own data (OpenStreetMap, Natural Earth, GeoNames) in the attribution.
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
    instanceRef.current = instance;
    let watch = NEW_STREET_WATCH;
    let styleReady = false;
    const signal = (s: StreetSignal) => {
      if (!street) return;
      const step = stepStreetWatch(watch, s);
      watch = step.watch;
      if (!step.fallBack) return;
      console.warn('The street map cannot be loaded; the offline map takes its place.');
      street = false;
      styleReady = false;
      setMap(null);
      setFellBack(true);
    };
    const timer = street ? setTimeout(() => signal('timeout'), STREET_STYLE_TIMEOUT_MS) : undefined;
    instance.on('style.load', () => {
      signal('styleLoaded');
      styleReady = true;
      if (!street)
        void fillBasemap(instance).then((ok) => {
          if (!ok) setFailed(true);
        });
      setMap(instance);
      // Tests read feature positions through these handles; they expose nothing secret.
      window.__jejak = { map: instance, liveStore };
    });
    instance.on('sourcedata', (event) => {
      if (street && event.tile) signal('tileLoaded');
    });
    instance.on('error', (event) => {
      if (street) {
        signal(isTileEvent(event) ? 'tileError' : 'styleError');
        return;
      }
      console.error('Map error', event.error);
      if (!styleReady) setFailed(true);
    });
    return () => {
      clearTimeout(timer);
      setMap(null);
      instanceRef.current = null;
      if (window.__jejak?.map === instance) delete window.__jejak;
      instance.remove();
    };
  }, [basemapKey]);

  // After the children have let go of the street style (their cleanups ran in this commit).
  useEffect(() => {
    if (fellBack) instanceRef.current?.setStyle(offlineStyle(), { diff: false });
  }, [fellBack]);

  return (
    <>
      <div ref={containerRef} className="map-view" hidden={failed} />
      {failed && <div className="map-unavailable">{MESSAGES.mapUnavailable}</div>}
      {fellBack && !failed && (
        <div className="map-notice" role="status" data-testid="map-fallback-notice">
          {MAP_TEXTS.fallback}
        </div>
      )}
      {map && !failed && <MapContext.Provider value={map}>{children}</MapContext.Provider>}
    </>
  );
}
