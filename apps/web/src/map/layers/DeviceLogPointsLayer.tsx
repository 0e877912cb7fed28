import type { DeviceLog } from '@jejak/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchDeviceLogs } from '../../api/history/inspectors.ts';
import { todayWindow } from '../../ui/alerts/today-window.ts';
import { layerAbove, type OrderedLayerId } from '../layer-order.ts';
import { useMapLayer } from '../use-map-layer.ts';

const SOURCE_ID = 'device-log-points';
const LAYER_ID: OrderedLayerId = 'device-log-points';
/** Spec 1 §9: device-log points show above zoom 18. */
export const DEVICE_LOG_MIN_ZOOM = 18;
const POLL_MS = 6_000;

function logPoints(logs: readonly DeviceLog[]): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: 'FeatureCollection',
    features: logs.flatMap((log) =>
      log.location
        ? [
            {
              type: 'Feature' as const,
              geometry: { type: 'Point' as const, coordinates: [log.location.lon, log.location.lat] },
              properties: { deviceTime: log.deviceTime, speed: log.speed },
            },
          ]
        : [],
    ),
  };
}

/**
 * Today's logged positions of the selected vehicle's device, each a small dot, read when the
 * vehicle is selected (and every 6 s while it is) and drawn only above zoom 18 (spec 1 §2),
 * where single fixes matter.
 */
export function DeviceLogPointsLayer({ dvid }: { dvid: string | null }) {
  const logs = useQuery({
    queryKey: ['device-log-points', dvid],
    queryFn: () => {
      const { startMs } = todayWindow(Date.now());
      return fetchDeviceLogs(dvid ?? '', startMs, Date.now());
    },
    enabled: dvid !== null,
    // The vehicle keeps driving: read again on the spec's poll timer (spec 1 §9: 6000 ms).
    refetchInterval: POLL_MS,
  });
  const data = useMemo(() => logPoints(dvid === null ? [] : (logs.data?.logs ?? [])), [dvid, logs.data]);

  useMapLayer({
    sources: [{ id: SOURCE_ID, spec: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } }, data }],
    layers: [
      {
        spec: {
          id: LAYER_ID,
          type: 'circle',
          source: SOURCE_ID,
          minzoom: DEVICE_LOG_MIN_ZOOM,
          paint: {
            'circle-radius': 4,
            'circle-color': '#1668dc',
            'circle-opacity': 0.8,
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 1,
          },
        },
        beforeId: (map) => layerAbove(map, LAYER_ID),
      },
    ],
  });
  return null;
}
