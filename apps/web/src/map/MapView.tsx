import type { MapBasemap } from '@jejak/contract';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMapConfig } from '../api/map/map-config.ts';
import { useThemeMode, type ThemeMode } from '../store/theme-mode.ts';
import { useStrings } from '../i18n/strings.ts';
import { liveStore } from '../store/live-store.ts';
import { fillBasemap, offlineStyle } from './basemap.ts';
import { setFocusZoomCap } from './focus-zoom.ts';
import { isMapRemoved, MapContext } from './map-context.ts';
import { maplibregl } from './maplibre.ts';
import { streetsStyle } from './pmtiles-style.ts';
import { DEFAULT_CENTRE, DEFAULT_ZOOM } from './default-view.ts';
import {
  NEW_STREET_WATCH,
  STREET_STYLE_TIMEOUT_MS,
  stepStreetWatch,
  streetStyle,
  type StreetSignal,
} from './street-map.ts';

const OFFLINE: MapBasemap = { kind: 'offline' };

/** The basemap of each colour scheme (GET /api/map/config). */
type Basemaps = { readonly [M in ThemeMode]: MapBasemap };
const OFFLINE_BOTH: Basemaps = { light: OFFLINE, dark: OFFLINE };

/** A street map from another host, watched for failure (the site's own archive is not). */
const isRemote = (basemap: MapBasemap) => basemap.kind === 'style' || basemap.kind === 'raster';

/** A tile's failure carries the source it belongs to; a style's, sprite's or glyphs' does not. */
const isTileEvent = (event: object) => 'sourceId' in event || 'tile' in event;

/**
 * One MapLibre instance on the configured basemap (GET /api/map/config) of the colour scheme: a
 * street map, or the offline basemap. When the street map cannot be loaded (offline, blocked) it
 * falls back by itself to the offline basemap and says so. Its children (layers, controls) mount
 * once a style has loaded, each adding and removing its own sources and layers; a fallback or a
 * change of scheme unmounts them before the style changes and mounts them again on the new one,
 * on the same map (camera kept).
 */
export function MapView({ children }: { children?: ReactNode }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const restyleRef = useRef<((mode: ThemeMode) => void) | null>(null);
  const mode = useThemeMode();
  const strings = useStrings();
  const modeRef = useRef(mode);
  const config = useMapConfig();
  const basemaps: Basemaps | null = config.data
    ? { light: config.data.basemap, dark: config.data.darkBasemap }
    : config.isError
      ? OFFLINE_BOTH
      : null;
  const basemapsKey = basemaps ? JSON.stringify(basemaps) : null;
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [failed, setFailed] = useState(false);
  const [fellBack, setFellBack] = useState(false);
  // The scheme whose style is to be set once the children have let go of the current one.
  const [restyleTo, setRestyleTo] = useState<ThemeMode | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || basemapsKey === null) return;
    const chosen = JSON.parse(basemapsKey) as Basemaps;
    let gaveUpStreet = false;
    let underneath: typeof window.__jejak;
    let street = isRemote(chosen[modeRef.current]);
    // The basemap drawn: the chosen one, or the offline map once the street map has failed.
    const drawn = (m: ThemeMode): MapBasemap => {
      const basemap = chosen[m];
      return isRemote(basemap) && !street ? OFFLINE : basemap;
    };
    const styleOf = (m: ThemeMode) => {
      const basemap = drawn(m);
      if (basemap.kind === 'style' || basemap.kind === 'raster') return streetStyle(basemap);
      return basemap.kind === 'pmtiles' ? streetsStyle(basemap, m) : offlineStyle(m);
    };
    let instance: MapLibreMap;
    try {
      instance = new maplibregl.Map({
        container,
        style: styleOf(modeRef.current),
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
    // "View On Map" stops where the basemap still draws (focus-zoom.ts).
    setFocusZoomCap(instance, drawn(modeRef.current));
    let watch = NEW_STREET_WATCH;
    let styleReady = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const signal = (s: StreetSignal) => {
      if (!street) return;
      const step = stepStreetWatch(watch, s);
      watch = step.watch;
      if (!step.fallBack) return;
      console.warn('The street map cannot be loaded; the offline map takes its place.');
      street = false;
      gaveUpStreet = true;
      setFocusZoomCap(instance, OFFLINE);
      styleReady = false;
      setMap(null);
      setFellBack(true);
    };
    const watchStreet = () => {
      clearTimeout(timer);
      watch = NEW_STREET_WATCH;
      timer = street ? setTimeout(() => signal('timeout'), STREET_STYLE_TIMEOUT_MS) : undefined;
    };
    watchStreet();
    // Called once the children have let go of the current style (their cleanups have run).
    restyleRef.current = (m: ThemeMode) => {
      street = !gaveUpStreet && isRemote(chosen[m]);
      styleReady = false;
      setFocusZoomCap(instance, drawn(m));
      watchStreet();
      instance.setStyle(styleOf(m), { diff: false });
    };
    instance.on('style.load', () => {
      signal('styleLoaded');
      styleReady = true;
      if (!street)
        void fillBasemap(instance).then((ok) => {
          if (!ok) setFailed(true);
        });
      setMap(instance);
      // Tests read feature positions through these handles; they expose nothing secret.
      underneath = window.__jejak;
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
      restyleRef.current = null;
      // A map over another (a dialog's preview) hands the handles back to the one beneath.
      if (window.__jejak?.map === instance) {
        if (underneath && !isMapRemoved(underneath.map)) window.__jejak = underneath;
        else delete window.__jejak;
      }
      instance.remove();
    };
  }, [basemapsKey]);

  // A new colour scheme: the children let go of the current style first (the next commit).
  useEffect(() => {
    if (modeRef.current === mode) return;
    modeRef.current = mode;
    if (!restyleRef.current) return;
    setMap(null);
    setRestyleTo(mode);
  }, [mode]);

  // After the children have let go of the style (their cleanups ran in this commit): the
  // offline map after a fallback, or the style of the new scheme.
  useEffect(() => {
    if (fellBack) restyleRef.current?.(modeRef.current);
  }, [fellBack]);
  useEffect(() => {
    if (restyleTo === null) return;
    restyleRef.current?.(restyleTo);
    setRestyleTo(null);
  }, [restyleTo]);

  return (
    <>
      <div ref={containerRef} className="map-view" hidden={failed} />
      {failed && <div className="map-unavailable">{strings.notices.mapUnavailable}</div>}
      {fellBack && !failed && (
        <div className="map-notice" role="status" data-testid="map-fallback-notice">
          {strings.notices.mapFallback}
        </div>
      )}
      {map && !failed && <MapContext.Provider value={map}>{children}</MapContext.Provider>}
    </>
  );
}
