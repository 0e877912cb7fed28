import { API_PATHS, VersionResponseSchema, type VersionResponse } from '@jejak/contract';
import { apiGet } from './client.ts';

export const VERSION_QUERY_KEY = ['version'] as const;

export function fetchVersion(): Promise<VersionResponse> {
  return apiGet(API_PATHS.version, VersionResponseSchema);
}
