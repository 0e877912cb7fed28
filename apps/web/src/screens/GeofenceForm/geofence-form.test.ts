import { describe, expect, it } from 'vitest';
import type { GeofenceTemplateDto } from '@jejak/contract';
import { GEOFENCE_TEXTS } from '@jejak/domain';
import { geofenceFormProblem, pointFromSearch, templateColour, templatesToSave } from './geofence-form.ts';

const template = (
  gtid: string,
  templateName: string,
  colorHexCode: string,
  createdAt: number,
): GeofenceTemplateDto => ({
  gtid,
  uid: 'u1',
  templateName,
  geofences: [],
  colorHexCode,
  createdAt,
});
const templates = [
  template('g0', 'UNGROUP', '5C1A8E', 1),
  template('g1', 'Depots', 'FF0000', 10),
  template('g2', 'Hubs', 'ffa500', 20),
];
const at = [{ lat: 3.07, lng: 101.5 }];
const bowTie = [
  { lat: 0, lng: 0 },
  { lat: 2, lng: 2 },
  { lat: 0, lng: 2 },
  { lat: 2, lng: 0 },
];

describe('geofenceFormProblem', () => {
  it.each([
    ['no name', 'POI', { geofenceName: '  ', geofenceRadius: 100 }, at, 'geofenceName', GEOFENCE_TEXTS.nameEmpty],
    ['radius 0', 'POI', { geofenceName: 'A', geofenceRadius: 0 }, at, 'geofenceRadius', GEOFENCE_TEXTS.poiRadius],
    ['no radius', 'POI', { geofenceName: 'A', geofenceRadius: null }, at, 'geofenceRadius', GEOFENCE_TEXTS.poiRadius],
    ['no marker yet', 'POI', { geofenceName: 'A', geofenceRadius: 100 }, null, null, GEOFENCE_TEXTS.poiOnePoint],
    ['no zone yet', 'Polygon', { geofenceName: 'A' }, null, null, GEOFENCE_TEXTS.zonePoints],
    ['a bow-tie', 'Polygon', { geofenceName: 'A' }, bowTie, null, GEOFENCE_TEXTS.zoneSelfCrossing],
  ] as const)('%s', (_name, geoType, values, points, field, text) => {
    expect(geofenceFormProblem(geoType, values, points)).toEqual({ field, text });
  });

  it('passes a sound POI (a zone ignores the radius field)', () => {
    expect(geofenceFormProblem('POI', { geofenceName: 'A', geofenceRadius: 100 }, at)).toBeNull();
    expect(geofenceFormProblem('Polygon', { geofenceName: 'A', geofenceRadius: 0 }, bowTie.slice(0, 3))).toBeNull();
  });
});

describe('templateColour', () => {
  it.each([
    ['none chosen: the default', [], '#5C1A8E'],
    ['one', ['g1'], '#FF0000'],
    ['the newest of those chosen, upper-cased', ['g1', 'g2'], '#FFA500'],
    ['an unknown id is ignored', ['zz'], '#5C1A8E'],
  ])('%s', (_name, chosen, colour) => {
    expect(templateColour(chosen, templates)).toBe(colour);
  });
});

describe('templatesToSave', () => {
  it('keeps the chosen templates, or falls back to UNGROUP', () => {
    expect(templatesToSave(['g2'], templates)).toEqual(['g2']);
    expect(templatesToSave([], templates)).toEqual(['g0']);
    expect(templatesToSave([], templates.slice(1))).toEqual([]);
  });
});

describe('pointFromSearch', () => {
  it.each([
    ['lat=3.1&lng=101.6', { lat: 3.1, lng: 101.6 }],
    ['lat=0&lng=0', { lat: 0, lng: 0 }],
    ['lat=3.1', null],
    ['lat=&lng=', null],
    ['lat=91&lng=101', null],
    ['lat=x&lng=101', null],
  ])('%s', (query, point) => {
    expect(pointFromSearch(new URLSearchParams(query))).toEqual(point);
  });
});
