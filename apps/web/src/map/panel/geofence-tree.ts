import type { GeofenceDto, GeofenceTemplateDto } from '@jejak/contract';
import { BUILT_IN_GEOFENCE_TEMPLATE as UNGROUP } from '@jejak/domain';
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

const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title);

function leaf(gtid: string | null, g: GeofenceDto): GeofenceTreeNode {
  return { key: `g:${gtid ?? ''}:${g.geoid}`, title: g.geofenceName, gtid, geofence: g };
}

/**
 * Templates (UNGROUP first, then by name), each with its geofences by name. UNGROUP is the group
 * of ungrouped geofences (spec 1 §3): it lists none that another template holds (a store from
 * before the server kept it so would list them twice), and it gathers the geofences no template
 * holds (under a node of its own when the user has no UNGROUP), so every geofence is in the tree.
 */
export function geofenceTree(
  templates: readonly GeofenceTemplateDto[],
  geofences: readonly GeofenceDto[],
  ungroupTitle = UNGROUP,
): GeofenceTreeNode[] {
  const byId = new Map(geofences.map((g) => [g.geoid, g]));
  const grouped = new Set(templates.filter((t) => t.templateName !== UNGROUP).flatMap((t) => t.geofences));
  const held = new Set<string>();
  const nodes = templates.map((t): GeofenceTreeNode => {
    const ungroup = t.templateName === UNGROUP;
    const children = t.geofences.flatMap((geoid) => {
      const g = byId.get(geoid);
      if (!g || (ungroup && grouped.has(geoid))) return [];
      held.add(geoid);
      return [leaf(t.gtid, g)];
    });
    return { key: `t:${t.gtid}`, title: t.templateName, gtid: t.gtid, children };
  });
  const rank = (n: GeofenceTreeNode) => (n.title === UNGROUP ? 0 : 1);
  nodes.sort((a, b) => rank(a) - rank(b) || byTitle(a, b));
  const loose = geofences.filter((g) => !held.has(g.geoid));
  if (loose.length > 0) {
    const own = nodes[0]?.title === UNGROUP ? nodes[0] : undefined;
    const home: GeofenceTreeNode = own ?? { key: 't:', title: ungroupTitle, gtid: null, children: [] };
    if (!own) nodes.unshift(home);
    home.children?.push(...loose.map((g) => leaf(home.gtid, g)));
  }
  for (const n of nodes) n.children?.sort(byTitle);
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
