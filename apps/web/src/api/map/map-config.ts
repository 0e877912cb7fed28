import { API_PATHS, MapConfigResponseSchema, type MapConfigResponse } from '@jejak/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../client.ts';

export const MAP_CONFIG_QUERY_KEY = ['map-config'] as const;

export function fetchMapConfig(): Promise<MapConfigResponse> {
  return apiGet(API_PATHS.mapConfig, MapConfigResponseSchema);
}

/** The basemap settings, read once a page (they change only with a server restart). */
export function useMapConfig() {
  return useQuery({ queryKey: MAP_CONFIG_QUERY_KEY, queryFn: fetchMapConfig, staleTime: Infinity, retry: 1 });
}
