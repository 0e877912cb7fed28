/// <reference types="vite/client" />
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { LiveStore } from './store/live-store.ts';

declare global {
  /** The console's version, baked in at build time from the root package.json. */
  const __APP_VERSION__: string;

  interface Window {
    /** Handles for browser tests: the map instance and the live store. */
    __jejak?: { map: MapLibreMap; liveStore: LiveStore };
  }
}
