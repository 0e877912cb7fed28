import type { GeofenceDto, GeofenceTemplateDto } from '@jejak/contract';
import { describe, expect, it } from 'vitest';
import { filterGeofenceTree, geofenceTree, geofenceView } from './geofence-tree.ts';

const geofence = (geoid: string, name: string, extra: Partial<GeofenceDto> = {}): GeofenceDto => ({
  geoid,
  uid: 'u1',
  geoType: 'POI',
  geofenceName: name,
  geofenceComment: '',
  coordinates: [{ lat: 3.1, lng: 101.6 }],
  geofenceRadius: 100,
  gtids: [],
  createdAt: 0,
  updatedAt: 0,
  ...extra,
});
const template = (gtid: string, name: string, geofences: string[]): GeofenceTemplateDto => ({
  gtid,
  uid: 'u1',
  templateName: name,
  geofences,
  colorHexCode: '5C1A8E',
  createdAt: 0,
});

const geofences = [
  geofence('a', 'Depot'),
  geofence('b', 'Hab Puchong'),
  geofence('c', 'Zon PJ'),
  geofence('d', 'Loose'),
];
const templates = [
  template('t2', 'Zones', ['c', 'gone']),
  template('t1', 'UNGROUP', ['b', 'a']),
  template('t3', 'Depots', ['a']),
];
const titles = (nodes: ReturnType<typeof geofenceTree>) =>
  nodes.map((n) => [n.title, (n.children ?? []).map((c) => c.title)]);

describe('geofenceTree', () => {
  it('lists templates UNGROUP first then by name, their geofences by name, loose ones in UNGROUP', () => {
    // 'Depot' is also in Depots: UNGROUP does not list it twice.
    expect(titles(geofenceTree(templates, geofences))).toEqual([
      ['UNGROUP', ['Hab Puchong', 'Loose']],
      ['Depots', ['Depot']],
      ['Zones', ['Zon PJ']],
    ]);
  });

  it('gathers loose geofences under a node of their own when the user has no UNGROUP', () => {
    const withoutUngroup = templates.filter((t) => t.templateName !== 'UNGROUP');
    const tree = geofenceTree(withoutUngroup, geofences, 'TIADA KUMPULAN');
    expect(titles(tree)).toEqual([
      ['TIADA KUMPULAN', ['Hab Puchong', 'Loose']],
      ['Depots', ['Depot']],
      ['Zones', ['Zon PJ']],
    ]);
    expect(tree[0]?.gtid).toBeNull();
  });

  it('keys a geofence by its template, so one in two templates has two nodes', () => {
    const twice = [...templates, template('t4', 'Hubs', ['a', 'b'])];
    const keys = geofenceTree(twice, geofences).flatMap((t) => (t.children ?? []).map((c) => c.key));
    expect(keys).toEqual(['g:t1:d', 'g:t3:a', 'g:t4:a', 'g:t4:b', 'g:t2:c']);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('filterGeofenceTree', () => {
  const tree = geofenceTree(templates, geofences);
  it.each([
    ['', 3],
    ['   ', 3],
    ['dep', 1],
    ['PUCH', 1],
    ['zones', 1],
    ['nothing', 0],
  ])('search %j keeps %i templates', (search, count) => {
    expect(filterGeofenceTree(tree, search)).toHaveLength(count);
  });

  it('keeps only the matching geofences, unless the template itself matches', () => {
    expect(titles(filterGeofenceTree(tree, 'pu'))).toEqual([['UNGROUP', ['Hab Puchong']]]);
    expect(titles(filterGeofenceTree(tree, 'dep'))).toEqual([['Depots', ['Depot']]]);
    expect(titles(filterGeofenceTree(tree, 'zones'))).toEqual([['Zones', ['Zon PJ']]]);
  });
});

describe('geofenceView', () => {
  it.each([
    [geofence('p', 'P'), { kind: 'point', center: [101.6, 3.1], zoom: 20 }],
    [
      geofence('z', 'Z', {
        geoType: 'Polygon',
        coordinates: [
          { lat: 3, lng: 101 },
          { lat: 3.2, lng: 101.5 },
          { lat: 3.1, lng: 101.2 },
        ],
      }),
      {
        kind: 'bounds',
        bounds: [
          [101, 3],
          [101.5, 3.2],
        ],
        maxZoom: 20,
      },
    ],
    [geofence('n', 'N', { coordinates: [] }), null],
  ])('%#', (g, view) => {
    expect(geofenceView(g)).toEqual(view);
  });
});
