import type { VehicleLog } from '@jejak/contract';
import { dropPathJumps } from '@jejak/domain';

/*
 * Trip Record's path (spec 1 §2): the vehicle log's fixes in time order, cut into chunks by kind —
 * memory grey, selected transit orange, selected trip blue, normal red.
 */

export const PATH_KINDS = ['normal', 'memory', 'trip', 'transit'] as const;
export type PathKind = (typeof PATH_KINDS)[number];

/** The chunk colours (spec 1 §2). */
export const PATH_COLOURS: Record<PathKind, string> = {
  normal: '#e5383b',
  memory: '#9e9e9e',
  trip: '#1677ff',
  transit: '#fa8c16',
};

export interface TimeSpan {
  startTime: number;
  endTime: number;
}

export interface PathSelection {
  transit?: TimeSpan | null | undefined;
  trip?: TimeSpan | null | undefined;
}

export interface PathChunk {
  kind: PathKind;
  coordinates: [number, number][];
}

const within = (t: number, span: TimeSpan | null | undefined) =>
  span !== null && span !== undefined && t >= span.startTime && t <= span.endTime;

/**
 * A fix's kind: the selection shows over everything; then fixes the log says came late from the
 * tracker's memory (gps#memory); else normal.
 */
export function fixKind(log: Pick<VehicleLog, 'vehicleTime' | 'memory'>, selection: PathSelection): PathKind {
  if (within(log.vehicleTime, selection.transit)) return 'transit';
  if (within(log.vehicleTime, selection.trip)) return 'trip';
  if (log.memory === true) return 'memory';
  return 'normal';
}

/**
 * The path as chunks of one kind each, in time order. A chunk ends at the first fix of the next,
 * so the line stays unbroken; the leg into a chunk takes the later fix's kind. A lone fix makes
 * no line and is left out. A fix that jumps more than one unit from the last drawn one is dropped
 * (spec 1 §5).
 */
export function pathChunks(
  logs: readonly Pick<VehicleLog, 'vehicleTime' | 'memory' | 'location'>[],
  selection: PathSelection,
): PathChunk[] {
  const chunks: PathChunk[] = [];
  let previous: [number, number] | null = null;
  let current: PathChunk | null = null;
  for (const log of dropPathJumps(logs)) {
    const point: [number, number] = [log.location.lon, log.location.lat];
    const kind = fixKind(log, selection);
    if (current === null || current.kind !== kind) {
      current = { kind, coordinates: previous ? [previous, point] : [point] };
      chunks.push(current);
    } else {
      current.coordinates.push(point);
    }
    previous = point;
  }
  return chunks.filter((c) => c.coordinates.length > 1);
}

/** The chunks as a GeoJSON source, the kind and colour in each feature's properties. */
export function pathFeatures(
  chunks: readonly PathChunk[],
): GeoJSON.FeatureCollection<GeoJSON.LineString, { kind: PathKind; colour: string }> {
  return {
    type: 'FeatureCollection',
    features: chunks.map((c) => ({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: c.coordinates },
      properties: { kind: c.kind, colour: PATH_COLOURS[c.kind] },
    })),
  };
}
