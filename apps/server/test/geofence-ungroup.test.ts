import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeofenceDto, GeofenceTemplateDto } from '@jejak/contract';
import { apiClient, dbKinds, startTestServer, type TestServer } from './harness.ts';

const POI = (name: string) => ({
  geoType: 'POI',
  geofenceName: name,
  geofenceComment: '',
  coordinates: [{ lat: 3.07, lng: 101.52 }],
  geofenceRadius: 150,
});

/**
 * UNGROUP (spec 1 §3, spec 2) is the built-in group of ungrouped geofences: a geofence leaves it
 * when another of its owner's templates takes it, and comes back when it leaves the last one, so
 * no tree lists a geofence both ungrouped and grouped (issue 14).
 */
describe.each(await dbKinds())('UNGROUP membership on %s', (kind) => {
  let server: TestServer;
  let api: ReturnType<typeof apiClient>;
  let uid: string;
  let ungroup: string;
  let depots: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = apiClient(server.baseUrl);
    uid = (await api.login('owner@demo.jejak.my')).uid;
    ungroup = (await templates()).find((t) => t.templateName === 'UNGROUP')?.gtid ?? '';
    const made = await api.post('/geofence/template/add', {
      uid,
      geofenceTemplateName: 'Depoh Ujian',
      colorHexCode: '#1677ff',
    });
    depots = (made.body.geofenceTemplate as GeofenceTemplateDto).gtid;
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function templates(): Promise<GeofenceTemplateDto[]> {
    const res = await api.post('/geofence/template/get', { uid, gtids: [] });
    return res.body.geofenceTemplates as GeofenceTemplateDto[];
  }
  /** The templates holding the geofence, by name, as /geofence/template/get lists them. */
  async function holders(geoid: string): Promise<string[]> {
    return (await templates()).filter((t) => t.geofences.includes(geoid)).map((t) => t.templateName);
  }
  async function add(name: string, gtids?: string[]): Promise<string> {
    const res = await api.post('/geofence/add', { geofence: { ...POI(name), ...(gtids ? { gtids } : {}) } });
    expect(res.status).toBe(200);
    return (res.body.geofence as GeofenceDto).geoid;
  }

  it('moves a geofence out of UNGROUP when a template takes it, and back when it leaves the last', async () => {
    expect(ungroup).not.toBe('');
    const geoid = await add('Gudang Ujian');
    expect(await holders(geoid)).toEqual(['UNGROUP']);

    // The template form: assign, then unassign.
    expect((await api.post('/geofence/template/assign/geofence', { uid, gtid: depots, geoids: [geoid] })).status).toBe(
      200,
    );
    expect(await holders(geoid)).toEqual(['Depoh Ujian']);
    await api.post('/geofence/template/unassign/geofence', { uid, gtid: depots, geoids: [geoid] });
    expect(await holders(geoid)).toEqual(['UNGROUP']);

    // The geofence form: UNGROUP still ticked beside the new template, then no template at all.
    const both = await api.post('/geofence/template/reassign/geofence', { uid, geoid, gtids: [ungroup, depots] });
    expect((both.body.geofence as GeofenceDto).gtids).toEqual([depots]);
    expect(await holders(geoid)).toEqual(['Depoh Ujian']);
    await api.post('/geofence/template/reassign/geofence', { uid, geoid, gtids: [] });
    expect(await holders(geoid)).toEqual(['UNGROUP']);

    // Added with UNGROUP and a template: grouped only.
    expect(await holders(await add('Hab Ujian', [ungroup, depots]))).toEqual(['Depoh Ujian']);
  });

  it('settles a store where a grouped geofence stayed in UNGROUP (migration 025)', async () => {
    const geoid = await add('Stor Lama', [depots]);
    const db = server.app.database.db;
    await sql`insert into geofence_template_members (gtid, geoid) values (${ungroup}, ${geoid})`.execute(db);
    const loose = await add('Stor Bebas');
    expect(await holders(geoid)).toEqual(['UNGROUP', 'Depoh Ujian']);
    const migration = new URL('../src/storage/db/migrations/025_ungroup_settled.sql', import.meta.url);
    await sql.raw(readFileSync(migration, 'utf8')).execute(db);
    expect(await holders(geoid)).toEqual(['Depoh Ujian']);
    expect(await holders(loose)).toEqual(['UNGROUP']);
  });
});
