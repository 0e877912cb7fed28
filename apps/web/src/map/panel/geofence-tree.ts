import type { GeofenceDto, GeofenceTemplateDto } from '@jejak/contract';
import { geofenceKind } from '../layers/geofence-features.ts';

/** A node of the geofence tree: a template, or one of its geofences (spec 1 §2). */
export interface GeofenceTreeNode {
  key: string;
  title: string;
  /** The template's id; null for the UNGROUP node of geofences in no template. */
  gtid: string | null;
  geofence?: GeofenceDto;
  children?: GeofenceTreeNode[];
}

/** The built-in template of geofences in no other (spec 1 §3); it is listed first. */
const UNGROUP = 'UNGROUP';

const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title);

function leaf(gtid: string | null, g: GeofenceDto): GeofenceTreeNode {
  return { key: `g:${gtid ?? ''}:${g.geoid}`, title: g.geofenceName, gtid, geofence: g };
}

/**
 * Templates (UNGROUP first, then by name), each with its geofences by name. Geofences that no
 * template holds are gathered under an UNGROUP node, so every geofence is in the tree.
 */
export function geofenceTree(
  templates: readonly GeofenceTemplateDto[],
  geofences: readonly GeofenceDto[],
  ungroupTitle = UNGROUP,
): GeofenceTreeNode[] {
  const byId = new Map(geofences.map((g) => [g.geoid, g]));
  const held = new Set<string>();
  const nodes = templates.map((t): GeofenceTreeNode => {
    const children = t.geofences.flatMap((geoid) => {
      const g = byId.get(geoid);
      if (!g) return [];
      held.add(geoid);
      return [leaf(t.gtid, g)];
    });
    return { key: `t:${t.gtid}`, title: t.templateName, gtid: t.gtid, children: children.sort(byTitle) };
  });
  const rank = (n: GeofenceTreeNode) => (n.title === UNGROUP ? 0 : 1);
  nodes.sort((a, b) => rank(a) - rank(b) || byTitle(a, b));
  const loose = geofences.filter((g) => !held.has(g.geoid)).map((g) => leaf(null, g));
  if (loose.length > 0) nodes.unshift({ key: 't:', title: ungroupTitle, gtid: null, children: loose.sort(byTitle) });
  return nodes;
}

/**
 * The tree cut to a search (case-insensitive contains, DESIGN §7): a template whose name matches
 * keeps all its geofences; otherwise only its matching geofences, and it goes when none match.
 */
export function filterGeofenceTree(nodes: readonly GeofenceTreeNode[], search: string): GeofenceTreeNode[] {
  const wanted = search.trim().toLowerCase();
  if (wanted === '') return [...nodes];
  const matches = (n: GeofenceTreeNode) => n.title.toLowerCase().includes(wanted);
  return nodes.flatMap((t) => {
    if (matches(t)) return [t];
    const children = (t.children ?? []).filter(matches);
    return children.length > 0 ? [{ ...t, children }] : [];
  });
}

/** Selecting a geofence zooms to 20 (spec 1 §9). */
export const GEOFENCE_ZOOM = 20;

export type GeofenceView =
  | { kind: 'point'; center: [number, number]; zoom: number }
  | { kind: 'bounds'; bounds: [[number, number], [number, number]]; maxZoom: number };

/**
 * Where selecting a geofence takes the map: a POI's centre at zoom 20; a zone's bounds (spec 1
 * §2: zone view fits the polygon), no closer than zoom 20. Null when it has no coordinates.
 */
export function geofenceView(g: Pick<GeofenceDto, 'geoType' | 'coordinates'>): GeofenceView | null {
  const first = g.coordinates[0];
  if (!first) return null;
  if (geofenceKind(g.geoType) === 'POI') return { kind: 'point', center: [first.lng, first.lat], zoom: GEOFENCE_ZOOM };
  const lngs = g.coordinates.map((p) => p.lng);
  const lats = g.coordinates.map((p) => p.lat);
  return {
    kind: 'bounds',
    bounds: [
      [Math.min(...lngs), Math.min(...lats)],
      [Math.max(...lngs), Math.max(...lats)],
    ],
    maxZoom: GEOFENCE_ZOOM,
  };
}
