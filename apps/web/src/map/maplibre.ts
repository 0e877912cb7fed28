import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { Protocol } from 'pmtiles';
import 'maplibre-gl/dist/maplibre-gl.css';

// MapLibre 6 runs its worker from a separate module; serve it from our own origin.
maplibregl.setWorkerUrl(workerUrl);
// The site's PMTiles archive (pmtiles-style.ts): tiles read by range from our own server.
maplibregl.addProtocol('pmtiles', new Protocol().tile);

export { maplibregl };
