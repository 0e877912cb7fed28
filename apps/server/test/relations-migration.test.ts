import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserBody, signIn, snapshotUsers, type Client, type Me } from './accounts-fixture.ts';
import { dbKinds, startTestServer, type TestServer } from './harness.ts';

const kinds = await dbKinds();

interface Relations {
  vehicleGroups: { vgid: string; groupName: string }[];
  geofenceTemplates: { id: string }[];
  ruleTemplates: { id: string }[];
  linked: { vgids: string[]; gtids: string[]; rtids: string[] };
}

describe.each(kinds)('user relations and migration on %s', (kind) => {
  let server: TestServer;
  let owner: { c: Client; me: Me };
  let admin: { c: Client; me: Me };
  let fresh: Me;
  let owned: Relations;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signIn(server.baseUrl, 'owner');
    admin = await signIn(server.baseUrl, 'super');
    const r = await owner.c.post('/user/add', newUserBody(owner.me, 'fleetOperator', 'baru-op@demo.jejak.my'));
    const uid = r.body.uid as string;
    fresh = { uid, userRole: 'fleetOperator', userHierarchy: `${owner.me.userHierarchy}#${uid}` };
    owned = (await owner.c.post('/userrelation/get', { uid: owner.me.uid })).body as unknown as Relations;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const NONE: Relations['linked'] = { vgids: [], gtids: [], rtids: [] };
  const relate = (path: string, ids: Partial<Relations['linked']>, patch: Record<string, unknown> = {}) =>
    owner.c.post(path, {
      srcUser: { uid: owner.me.uid, userRole: 'fleetOwner' },
      destUser: { uid: fresh.uid, userRole: 'fleetOperator' },
      ids: { ...NONE, ...ids },
      ...patch,
    });
  const linked = async () =>
    ((await owner.c.post('/userrelation/get', { uid: fresh.uid })).body as unknown as Relations).linked;

  it('adds the picked groups and templates to a new user, then replaces them on update', async () => {
    const all = owned.vehicleGroups.find((g) => g.groupName === 'ALL')?.vgid ?? '';
    const puchong = owned.vehicleGroups.find((g) => g.groupName === 'Kumpulan Puchong')?.vgid ?? '';
    const gtid = owned.geofenceTemplates[0]?.id ?? '';
    const rtid = owned.ruleTemplates[0]?.id ?? '';
    expect((await relate('/userrelation/add', { vgids: [puchong], gtids: [gtid], rtids: [rtid] })).body).toEqual({
      status: 200,
    });
    expect((await relate('/userrelation/add', { vgids: [puchong] })).body).toEqual({ status: 200 });
    expect(await linked()).toEqual({ vgids: [puchong], gtids: [gtid], rtids: [rtid] });
    expect((await relate('/userrelation/update', { vgids: [all] })).body).toEqual({ status: 200 });
    expect(await linked()).toEqual({ vgids: [all], gtids: [], rtids: [] });
    const me = await signIn(server.baseUrl, 'baru-op@demo.jejak.my', 'rahsia-123');
    const seen = await me.c.post('/user/gethierarchy', { uid: fresh.uid });
    expect((seen.body.vehicles as unknown[]).length).toBe(12);
  });

  it('refuses ids the source does not own, a destination not below it and wrong roles, changing nothing', async () => {
    const before = await snapshotUsers(server.app.database.db, [fresh.uid, owner.me.uid]);
    const owner2 = await signIn(server.baseUrl, 'owner2');
    const theirs = ((await owner2.c.post('/userrelation/get', { uid: owner2.me.uid })).body as unknown as Relations)
      .vehicleGroups[0]?.vgid;
    const notOwned = await relate('/userrelation/update', { vgids: [theirs ?? ''] });
    expect(notOwned.body.message).toBe('Some of the groups or templates do not belong to the source user');
    const madeUp = await relate('/userrelation/add', { rtids: ['no-such-template'] });
    expect(madeUp.body.message).toBe('Some of the groups or templates do not belong to the source user');
    const upward = await owner.c.post('/userrelation/add', {
      srcUser: { uid: owner.me.uid, userRole: 'fleetOwner' },
      destUser: { uid: owner.me.uid, userRole: 'fleetOwner' },
      ids: NONE,
    });
    expect(upward.body.message).toBe('The destination user must be below the source user');
    const mismatch = await relate('/userrelation/add', {}, { destUser: { uid: fresh.uid, userRole: 'fleetOwner' } });
    expect(mismatch.body.message).toBe('The user role does not match the user');
    const foreign = await relate('/userrelation/add', {}, { destUser: { uid: owner2.me.uid, userRole: 'fleetOwner' } });
    const missing = await relate('/userrelation/add', {}, { destUser: { uid: 'nobody', userRole: 'fleetOwner' } });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    const operator = await signIn(server.baseUrl, 'operator');
    expect(
      (
        await operator.c.post('/userrelation/add', {
          srcUser: { uid: 'a', userRole: 'fleetOwner' },
          destUser: { uid: 'b', userRole: 'fleetOperator' },
          ids: NONE,
        })
      ).body.errorType,
    ).toBe('Forbidden');
    expect(await snapshotUsers(server.app.database.db, [fresh.uid, owner.me.uid])).toBe(before);
  });

  it.each<[string, unknown]>([
    ['no lists', {}],
    ['a misspelt list', { vgid: ['x'], gtids: [], rtids: [] }],
    ['a list left out', { vgids: [], gtids: [] }],
    ['a list that is not a list', { vgids: 'all', gtids: [], rtids: [] }],
    ['a list of non-ids', { vgids: [7], gtids: [], rtids: [] }],
    ['a list instead of the object', []],
    ['null', null],
  ])('refuses an update whose ids carry %s, unlinking nothing', async (_shape, ids) => {
    const all = owned.vehicleGroups.find((g) => g.groupName === 'ALL')?.vgid ?? '';
    const gtid = owned.geofenceTemplates[0]?.id ?? '';
    expect((await relate('/userrelation/update', { vgids: [all], gtids: [gtid] })).status).toBe(200);
    const before = await linked();
    expect(before.vgids).toEqual([all]);
    const r = await relate('/userrelation/update', {}, { ids });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ status: 400, errorType: 'ValidationException' });
    expect(r.body.message).toMatch(/^ids/);
    expect(await linked()).toEqual(before);
  });

  it('lists users with their V1 and V2 times for super only', async () => {
    const r = await admin.c.post('/user/getstages', {});
    const rows = r.body.users as {
      userEmail: string;
      stage: string | null;
      v1CreatedAt: number | null;
      v2CreatedAt: number | null;
    }[];
    const legacy = rows.find((u) => u.userEmail === 'legacy@demo.jejak.my');
    expect(legacy).toMatchObject({ stage: 'V1', v2CreatedAt: null });
    expect(legacy?.v1CreatedAt).toEqual(expect.any(Number));
    expect(rows.find((u) => u.userEmail === 'owner@demo.jejak.my')).toMatchObject({ stage: 'V2' });
    expect((await owner.c.post('/user/getstages', {})).body.errorType).toBe('Forbidden');
  });

  it.each<[Record<string, string>, string]>([
    [{}, 'Selected User Not Found'],
    [{ uid: '' }, 'Selected User Not Found'],
    [{ uid: 'nobody', sourceStage: 'V1', targetStage: 'V2' }, 'Selected User Not Found'],
    [{ uid: 'LEGACY' }, 'Source Stage Not Found'],
    [{ uid: 'LEGACY', sourceStage: 'V2', targetStage: 'V1' }, 'Source Stage Not Found'],
    [{ uid: 'LEGACY', sourceStage: 'V1' }, 'Please Select The Stage You Want To Send To'],
    [{ uid: 'LEGACY', sourceStage: 'V1', targetStage: 'V1' }, 'Please Select The Stage You Want To Send To'],
    [{ uid: 'OWNER', sourceStage: 'V2', targetStage: 'V1' }, 'Migration is one-way: a V2 user cannot go back to V1'],
  ])('refuses migrating %j: %s', async (body, message) => {
    const uids: Record<string, string> = {
      LEGACY: (await signIn(server.baseUrl, 'legacy')).me.uid,
      OWNER: owner.me.uid,
    };
    const uid = body.uid === undefined ? undefined : (uids[body.uid] ?? body.uid);
    const r = await admin.c.post('/user/migrate', { ...body, ...(uid !== undefined ? { uid } : {}) });
    expect(r.body.message).toBe(message);
    expect(r.status).toBeGreaterThanOrEqual(400);
  });

  it('migrates a V1 user to V2 once: the stage gate changes at the next sign-in', async () => {
    const legacy = await signIn(server.baseUrl, 'legacy');
    const before = await legacy.c.post('/user/getInfo', { uid: legacy.me.uid });
    expect((before.body.user as { stage: string }[]).map((s) => s.stage)).toEqual(['V1']);
    const r = await admin.c.post('/user/migrate', { uid: legacy.me.uid, sourceStage: 'V1', targetStage: 'V2' });
    expect(r.body).toMatchObject({ status: 200, user: { uid: legacy.me.uid, stage: 'V2' } });
    expect(typeof (r.body.user as { createdAt: unknown }).createdAt).toBe('number');
    const again = await signIn(server.baseUrl, 'legacy');
    const after = await again.c.post('/user/getInfo', { uid: again.me.uid });
    expect((after.body.user as { stage: string }[]).map((s) => s.stage)).toEqual(['V1', 'V2']);
    const twice = await admin.c.post('/user/migrate', { uid: legacy.me.uid, sourceStage: 'V1', targetStage: 'V2' });
    expect(twice.body.message).toBe('Source Stage Not Found');
    const back = await admin.c.post('/user/migrate', { uid: legacy.me.uid, sourceStage: 'V2', targetStage: 'V1' });
    expect(back.status).toBe(400);
    const audit = await admin.c.post('/audit/get', { targetId: legacy.me.uid });
    expect(audit.body.auditLogs).toEqual([
      expect.objectContaining({
        action: 'stage.migrate',
        targetType: 'stage',
        actorUid: admin.me.uid,
        ip: '127.0.0.1',
      }),
    ]);
  });

  it('refuses migration to everyone but super', async () => {
    const c = await signIn(server.baseUrl, 'support');
    expect(c.me.userRole).toBe('support');
    const r = await c.c.post('/user/migrate', { uid: fresh.uid, sourceStage: 'V2', targetStage: 'V1' });
    expect(r.body.errorType).toBe('Forbidden');
  });
});
