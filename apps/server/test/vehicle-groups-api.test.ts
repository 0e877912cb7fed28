import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGEMENT_TEXTS, type VehicleGroup } from '@jejak/contract';
import { signIn, type Client, type Me } from './accounts-fixture.ts';
import { dbKinds, startTestServer, type TestServer } from './harness.ts';
import { openLive } from './live-client.ts';

// Issue 11 item 1, spec 2 §5–§7: /vehicle/group/get|add|edit|assign/vehicle|reassign/vehicle|updatevehicles.
describe.each(await dbKinds())('vehicle groups API on %s', (kind) => {
  let server: TestServer;
  let owner: { c: Client; me: Me };
  let ownerVids: string[];

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signIn(server.baseUrl, 'owner');
    const rows = await server.app.database.db
      .selectFrom('vehicles')
      .select('vid')
      .where('uid', '=', owner.me.uid)
      .orderBy('vid')
      .execute();
    ownerVids = rows.map((r) => r.vid);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const audits = (id: string) =>
    server.app.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_type'])
      .where('target_id', '=', id)
      .orderBy('seq')
      .execute();

  it('adds, edits, assigns and lists a group, with audit rows', async () => {
    const added = await owner.c.post('/vehicle/group/add', {
      uid: owner.me.uid,
      vehicleGroupName: 'Kumpulan Ujian',
      colorHexCode: '#ffccCC',
    });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(MANAGEMENT_TEXTS.vehicleGroupAdded);
    const g = added.body.vehicleGroup as VehicleGroup;
    expect(g).toMatchObject({ uid: owner.me.uid, groupName: 'Kumpulan Ujian', colorHexCode: 'FFCCCC', vehicles: [] });
    const [a, b, c] = ownerVids as [string, string, string];
    const assigned = await owner.c.post('/vehicle/group/assign/vehicle', {
      uid: owner.me.uid,
      vgid: g.vgid,
      vids: [a, b],
    });
    expect(assigned.body.message).toBe(MANAGEMENT_TEXTS.vehicleGroupAssigned);
    expect((assigned.body.vehicleGroup as VehicleGroup).vehicles).toEqual([a, b].sort());
    const edited = await owner.c.post('/vehicle/group/edit', {
      vehicleGroup: { vgid: g.vgid, groupName: 'Kumpulan Baru', colorHexCode: 'E6ECFF', vehicles: [b, c] },
    });
    expect(edited.body.message).toBe(MANAGEMENT_TEXTS.vehicleGroupEdited);
    expect(edited.body.vehicleGroup).toMatchObject({
      groupName: 'Kumpulan Baru',
      colorHexCode: 'E6ECFF',
      vehicles: [b, c].sort(),
    });
    const all = (await owner.c.post('/vehicle/group/get', { uid: owner.me.uid, vgids: [] })).body
      .vehicleGroups as VehicleGroup[];
    const puchong = all.find((x) => x.groupName === 'Kumpulan Puchong')?.vgid ?? '';
    const moved = await owner.c.post('/vehicle/group/updatevehicles', {
      vid: b,
      srcUid: owner.me.uid,
      srcVgid: g.vgid,
      destUid: owner.me.uid,
      destVgid: puchong,
    });
    expect(moved.status).toBe(200);
    const listed = await owner.c.post('/vehicle/group/get', { uid: owner.me.uid, vgids: [g.vgid] });
    expect((listed.body.vehicleGroups as VehicleGroup[])[0]?.vehicles).toEqual([c]);
    expect((await audits(g.vgid)).map((r) => [r.action, r.target_type])).toEqual([
      ['vehiclegroup.add', 'vehiclegroup'],
      ['vehiclegroup.assign', 'vehiclegroup'],
      ['vehiclegroup.edit', 'vehiclegroup'],
    ]);
    // A move is recorded on the group the vehicle went to.
    expect((await audits(puchong)).map((r) => r.action)).toContain('vehiclegroup.move');
  });

  it('checks the fields in the spec order and keeps ALL built in', async () => {
    const r1 = await owner.c.post('/vehicle/group/add', { uid: '', vehicleGroupName: '', colorHexCode: '' });
    expect(r1.body.message).toContain(MANAGEMENT_TEXTS.currentUserNotFound);
    const r2 = await owner.c.post('/vehicle/group/add', { uid: owner.me.uid, vehicleGroupName: '', colorHexCode: '' });
    expect(r2.body.message).toContain(MANAGEMENT_TEXTS.vehicleGroupNameEmpty);
    const r3 = await owner.c.post('/vehicle/group/add', { uid: owner.me.uid, vehicleGroupName: 'X', colorHexCode: '' });
    expect(r3.body.message).toContain(MANAGEMENT_TEXTS.vehicleGroupColorEmpty);
    const all = await owner.c.post('/vehicle/group/add', {
      uid: owner.me.uid,
      vehicleGroupName: 'all',
      colorHexCode: 'FFFFFF',
    });
    expect([all.status, all.body.message]).toEqual([400, MANAGEMENT_TEXTS.builtInGroup]);
  });

  it("refuses to move a vehicle out of ALL, or edit ALL's vehicles, saying why (issue 25 defect 3)", async () => {
    const groups = (await owner.c.post('/vehicle/group/get', { uid: owner.me.uid, vgids: [] })).body
      .vehicleGroups as VehicleGroup[];
    const allGroup = groups.find((g) => g.groupName === 'ALL') as VehicleGroup;
    const other = groups.find((g) => g.groupName !== 'ALL') as VehicleGroup;
    const vid = allGroup.vehicles[0] ?? '';
    const moved = await owner.c.post('/vehicle/group/updatevehicles', {
      vid,
      srcUid: owner.me.uid,
      srcVgid: allGroup.vgid,
      destUid: owner.me.uid,
      destVgid: other.vgid,
    });
    expect([moved.status, moved.body.message]).toEqual([400, MANAGEMENT_TEXTS.allGroupKeepsVehicles]);
    const edited = await owner.c.post('/vehicle/group/edit', {
      vehicleGroup: { vgid: allGroup.vgid, groupName: 'ALL', colorHexCode: 'FFFFFF', vehicles: [vid] },
    });
    expect([edited.status, edited.body.message]).toEqual([400, MANAGEMENT_TEXTS.allGroupKeepsVehicles]);
    const after = (await owner.c.post('/vehicle/group/get', { uid: owner.me.uid, vgids: [allGroup.vgid] })).body
      .vehicleGroups as VehicleGroup[];
    expect(after[0]?.vehicles).toEqual(allGroup.vehicles);
  });

  it('reassigns a vehicle to exactly the chosen groups, keeping ALL', async () => {
    const groups = (await owner.c.post('/vehicle/group/get', { uid: owner.me.uid, vgids: [] })).body
      .vehicleGroups as VehicleGroup[];
    const allGroup = groups.find((g) => g.groupName === 'ALL');
    const made = (
      await owner.c.post('/vehicle/group/add', {
        uid: owner.me.uid,
        vehicleGroupName: 'Kumpulan R',
        colorHexCode: 'E6FFE6',
      })
    ).body.vehicleGroup as VehicleGroup;
    const vid = ownerVids[5] as string;
    const r = await owner.c.post('/vehicle/group/reassign/vehicle', { uid: owner.me.uid, vid, vgids: [made.vgid] });
    expect(r.status).toBe(200);
    expect((r.body.vehicleGroups as VehicleGroup[]).map((g) => g.vgid).sort()).toEqual(
      [allGroup?.vgid, made.vgid].sort(),
    );
  });

  it("refuses operators and managers, and answers another tree's group like a missing one", async () => {
    const operator = await signIn(server.baseUrl, 'operator');
    const refused = await operator.c.post('/vehicle/group/add', {
      uid: owner.me.uid,
      vehicleGroupName: 'X',
      colorHexCode: 'FFFFFF',
    });
    expect(refused.status).toBe(403);
    const owner2 = await signIn(server.baseUrl, 'owner2');
    const theirs = (await owner2.c.post('/vehicle/group/get', { uid: owner2.me.uid, vgids: [] })).body
      .vehicleGroups as VehicleGroup[];
    const foreign = theirs[0]?.vgid ?? '';
    const edit = (vgid: string) =>
      owner.c.post('/vehicle/group/edit', { vehicleGroup: { vgid, groupName: 'Diambil', colorHexCode: 'FFFFFF' } });
    const a = await edit(foreign);
    const b = await edit('no-such-group');
    expect([a.status, a.body.message]).toEqual([404, MANAGEMENT_TEXTS.vehicleGroupNotFound]);
    expect(a.body).toEqual(b.body);
    const own = (
      await owner.c.post('/vehicle/group/add', {
        uid: owner.me.uid,
        vehicleGroupName: 'Kumpulan F',
        colorHexCode: 'FFFFFF',
      })
    ).body.vehicleGroup as VehicleGroup;
    const theirVid = (
      await server.app.database.db
        .selectFrom('vehicles')
        .select('vid')
        .where('uid', '=', owner2.me.uid)
        .executeTakeFirstOrThrow()
    ).vid;
    const grab = await owner.c.post('/vehicle/group/assign/vehicle', {
      uid: owner.me.uid,
      vgid: own.vgid,
      vids: [theirVid],
    });
    expect([grab.status, grab.body.message]).toEqual([404, MANAGEMENT_TEXTS.vehicleNotFound]);
  });

  it("narrows a fleet operator's open live socket at once when a vehicle leaves its group", async () => {
    const operator = await signIn(server.baseUrl, 'operator');
    const groups = (await owner.c.post('/vehicle/group/get', { uid: owner.me.uid, vgids: [] })).body
      .vehicleGroups as VehicleGroup[];
    const puchong = groups.find((g) => g.groupName === 'Kumpulan Puchong');
    if (!puchong) throw new Error('demo group');
    const [vid, ...rest] = puchong.vehicles as [string, ...string[]];
    const { dvid } = await server.app.database.db
      .selectFrom('vehicles')
      .select('dvid')
      .where('vid', '=', vid)
      .executeTakeFirstOrThrow();
    const live = await openLive(server.baseUrl, operator.c.cookie);
    live.ws.send(JSON.stringify({ action: 'subscribeTo', data: { uid: operator.me.uid, ids: [`dev#${dvid}`] } }));
    await live.until((m) => m.mode === 'subscribed');
    const edit = (vehicles: string[]) =>
      owner.c.post('/vehicle/group/edit', {
        vehicleGroup: {
          vgid: puchong.vgid,
          groupName: puchong.groupName,
          colorHexCode: puchong.colorHexCode,
          vehicles,
        },
      });
    expect((await edit(rest)).status).toBe(200);
    const narrowed = await live.until(
      (m) => m.mode === 'subscribed' && (m.item as { rejected: number }).rejected === 1,
    );
    expect(narrowed.item).toMatchObject({ ids: [] });
    live.ws.close();
    expect((await edit([vid, ...rest])).status).toBe(200);
  });
});
