import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserBody, signIn, snapshotUsers, type Client, type Me } from './accounts-fixture.ts';
import { dbKinds, startTestServer, type TestServer } from './harness.ts';

const kinds = await dbKinds();

describe.each(kinds)('user accounts API on %s', (kind) => {
  let server: TestServer;
  const as: Record<string, { c: Client; me: Me }> = {};
  const db = () => server.app.database.db;
  const userCount = async () => (await db().selectFrom('users').select('uid').execute()).length;

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const who of ['super', 'distributor', 'owner', 'operator', 'owner2'])
      as[who] = await signIn(server.baseUrl, who);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const s = (who: string) => {
    const found = as[who];
    if (!found) throw new Error(who);
    return found;
  };

  it('a fleet owner adds a fleet operator under itself; it can sign in on V2', async () => {
    const { c, me } = s('owner');
    const r = await c.post('/user/add', newUserBody(me, 'fleetOperator', 'pemandu1@demo.jejak.my'));
    expect(r.status).toBe(200);
    const uid = r.body.uid as string;
    const h = await c.post('/user/gethierarchy', { uid: me.uid });
    const child = (h.body.children as { uid: string; childCount: number; userRole: string }[]).find(
      (u) => u.uid === uid,
    );
    expect(child).toMatchObject({ userRole: 'fleetOperator', childCount: 0 });
    const info = await c.post('/user/getInfo', { uid });
    expect((info.body.user as { stage: string }[]).map((x) => x.stage)).toEqual(['V2']);
    const newcomer = await signIn(server.baseUrl, 'pemandu1@demo.jejak.my', 'rahsia-123');
    expect(newcomer.me.userHierarchy).toBe(`${me.userHierarchy}#${uid}`);
    const audit = await s('super').c.post('/audit/get', { targetId: uid });
    expect(audit.body.auditLogs).toEqual([
      expect.objectContaining({ action: 'user.add', actorUid: me.uid, ip: '127.0.0.1', targetType: 'user' }),
    ]);
    expect(JSON.stringify(audit.body)).not.toContain('rahsia-123');
  });

  it('a distributor adds a fleet owner, who gets the built-in group and templates', async () => {
    const { c, me } = s('distributor');
    const r = await c.post('/user/add', newUserBody(me, 'fleetOwner', 'syarikat-baru@demo.jejak.my'));
    expect(r.status).toBe(200);
    const rel = await c.post('/userrelation/get', { uid: r.body.uid });
    expect((rel.body.vehicleGroups as { groupName: string }[]).map((g) => g.groupName)).toEqual(['ALL']);
    expect((rel.body.geofenceTemplates as { templateName: string }[]).map((g) => g.templateName)).toEqual(['UNGROUP']);
    expect((rel.body.ruleTemplates as { templateName: string }[]).map((g) => g.templateName)).toEqual(['DEFAULT']);
  });

  const base = () => newUserBody(s('owner').me, 'fleetOperator', 'sah@demo.jejak.my');
  const without = (field: string) => {
    const b = base();
    return { ...b, newUser: { ...b.newUser, [field]: field === 'userRole' ? undefined : '   ' } };
  };
  it.each<[string, () => unknown, string]>([
    ['no creator', () => ({ newUser: base().newUser }), 'Fields cannot be empty'],
    ...['userName', 'userRole', 'userEmail', 'userAddress', 'userPassword', 'userContact'].map(
      (f): [string, () => unknown, string] => [`empty ${f}`, () => without(f), 'Fields cannot be empty'],
    ),
    [
      'bad e-mail',
      () => ({ ...base(), newUser: { ...base().newUser, userEmail: 'x@y' } }),
      'Please enter a valid email address',
    ],
    [
      'contact without +60',
      () => ({ ...base(), newUser: { ...base().newUser, userContact: '0123334444' } }),
      'Contact number must be +60 followed by 7 to 10 digits',
    ],
    [
      'short password',
      () => ({ ...base(), newUser: { ...base().newUser, userPassword: 'abc' } }),
      'Password must be at least 8 characters',
    ],
  ])('add refuses %s with the message and creates nobody', async (_name, body, message) => {
    const before = await userCount();
    const r = await s('owner').c.post('/user/add', body());
    expect(r.body).toEqual({ status: 400, errorType: 'ValidationException', message });
    expect(await userCount()).toBe(before);
  });

  it('refuses a duplicate e-mail, in any case', async () => {
    const before = await userCount();
    const r = await s('owner').c.post('/user/add', newUserBody(s('owner').me, 'fleetOperator', 'OWNER2@demo.jejak.my'));
    expect(r.body).toEqual({
      status: 409,
      errorType: 'DuplicateEmail',
      message: 'A user with this email already exists',
    });
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['owner', 'owner', 'fleetOwner'],
    ['owner', 'owner', 'distributor'],
    ['distributor', 'distributor', 'fleetOperator'],
    ['super', 'super', 'super'],
    ['super', 'super', 'support'],
  ])('%s may not create a %s→%s user', async (who, parent, role) => {
    const before = await userCount();
    const r = await s(who).c.post(
      '/user/add',
      newUserBody(s(parent).me, role as 'fleetOwner', `x-${role}@demo.jejak.my`),
    );
    expect(r.body).toEqual({ status: 403, errorType: 'RoleNotAllowed', message: 'You may not give a user this role' });
    expect(await userCount()).toBe(before);
  });

  it('refuses a parent of the wrong role, an unknown parent, a foreign one and a stale path', async () => {
    const before = await userCount();
    const d = s('distributor').c;
    const underOperator = await d.post('/user/add', newUserBody(s('operator').me, 'fleetOwner', 'a1@demo.jejak.my'));
    expect(underOperator.body.message).toBe('This role cannot be placed under the assigned user');
    const o = s('owner').c;
    const missing = await o.post(
      '/user/add',
      newUserBody({ ...s('owner').me, uid: 'no-such' }, 'fleetOperator', 'a2@demo.jejak.my'),
    );
    const foreign = await o.post('/user/add', newUserBody(s('owner2').me, 'fleetOperator', 'a3@demo.jejak.my'));
    expect(missing.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(missing.body.message).toBe('User does not exist');
    const stale = await o.post(
      '/user/add',
      newUserBody({ ...s('owner').me, userHierarchy: 'x#y' }, 'fleetOperator', 'a4@demo.jejak.my'),
    );
    expect(stale.status).toBe(409);
    const operator = await s('operator').c.post(
      '/user/add',
      newUserBody(s('operator').me, 'fleetOperator', 'a5@demo.jejak.my'),
    );
    expect(operator.body.errorType).toBe('Forbidden');
    expect(await userCount()).toBe(before);
  });

  const editBody = (me: Me, patch: Record<string, unknown> = {}) => ({
    user: {
      uid: me.uid,
      userHierarchy: me.userHierarchy,
      userName: 'Nama Baru',
      userEmail: `${me.uid.slice(0, 8)}@demo.jejak.my`,
      userRole: me.userRole,
      userContact: '+60198887777',
      userAddress: 'Alamat Baru',
      ...patch,
    },
  });

  it('edits a user of the subtree; the change is audited with before and after', async () => {
    const { c, me } = s('distributor');
    const added = await c.post('/user/add', newUserBody(me, 'fleetOwner', 'edit-me@demo.jejak.my'));
    const target: Me = {
      uid: added.body.uid as string,
      userRole: 'fleetOwner',
      userHierarchy: `${me.userHierarchy}#${String(added.body.uid)}`,
    };
    const r = await c.post(
      '/user/update',
      editBody(target, { userEmail: 'edited@demo.jejak.my', userRole: 'distributor' }),
    );
    expect(r.body).toEqual({ status: 200 });
    const h = await c.post('/user/gethierarchy', { uid: target.uid });
    expect(h.body.user).toMatchObject({
      userName: 'Nama Baru',
      userEmail: 'edited@demo.jejak.my',
      userRole: 'distributor',
    });
    const audit = await s('super').c.post('/audit/get', { targetId: target.uid, limit: 1 });
    const [row] = audit.body.auditLogs as {
      action: string;
      details: { before: { userEmail: string }; after: { userEmail: string } };
    }[];
    expect(row?.action).toBe('user.update');
    expect(row?.details.before.userEmail).toBe('edit-me@demo.jejak.my');
    expect(row?.details.after.userEmail).toBe('edited@demo.jejak.my');
  });

  it('refuses edits outside the subtree, own role changes and bad role moves, changing nothing', async () => {
    const uids = [s('owner').me.uid, s('owner2').me.uid, s('distributor').me.uid, s('operator').me.uid];
    const before = await snapshotUsers(db(), uids);
    const o = s('owner').c;
    const foreign = await o.post('/user/update', editBody(s('owner2').me));
    const missing = await o.post('/user/update', editBody({ ...s('owner2').me, uid: 'nobody' }));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    const up = await o.post('/user/update', editBody(s('distributor').me));
    expect(up.status).toBe(404);
    const ownRole = await o.post('/user/update', editBody(s('owner').me, { userRole: 'distributor' }));
    expect(ownRole.body.errorType).toBe('RoleNotAllowed');
    const d = s('distributor').c;
    const toOperator = await d.post('/user/update', editBody(s('owner').me, { userRole: 'fleetOperator' }));
    expect(toOperator.body.message).toBe('This role cannot be placed under the assigned user');
    const taken = await d.post('/user/update', editBody(s('owner').me, { userEmail: 'owner2@demo.jejak.my' }));
    expect(taken.body.errorType).toBe('DuplicateEmail');
    const empty = await d.post('/user/update', editBody(s('owner').me, { userAddress: '' }));
    expect(empty.body.message).toBe('Fields cannot be empty');
    expect(await snapshotUsers(db(), uids)).toBe(before);
  });

  it('a user may edit itself, keeping its role', async () => {
    const { c, me } = s('owner2');
    const r = await c.post(
      '/user/update',
      editBody(me, { userEmail: 'owner2@demo.jejak.my', userName: 'Klang Valley Cold Chain' }),
    );
    expect(r.body).toEqual({ status: 200 });
  });

  it('saves notification switches ({user: {uid, preference}}) one at a time, each user only its own, fleet operators too', async () => {
    const { c, me } = s('owner');
    expect(
      (
        await c.post('/user/profile/update', {
          user: { uid: me.uid, preference: { in_app_notification_warning: false } },
        })
      ).body,
    ).toEqual({ status: 200 });
    const session = await c.post('/auth/session');
    expect((session.body.user as { preference: unknown }).preference).toEqual({
      in_app_notification: true,
      in_app_notification_info: true,
      in_app_notification_warning: false,
      in_app_notification_critical: true,
    });
    const other = await c.post('/user/profile/update', {
      user: { uid: s('operator').me.uid, preference: { in_app_notification: false } },
    });
    expect(other.status).toBe(404);
    const op = s('operator');
    const own = await op.c.post('/user/profile/update', {
      user: { uid: op.me.uid, preference: { in_app_notification_critical: false } },
    });
    expect(own.body).toEqual({ status: 200 });
    expect(((await op.c.post('/auth/session')).body.user as { preference: unknown }).preference).toMatchObject({
      in_app_notification: true,
      in_app_notification_critical: false,
    });
    const parent = await op.c.post('/user/profile/update', {
      user: { uid: me.uid, preference: { in_app_notification: false } },
    });
    expect(parent.status).toBe(404);
    const none = await c.post('/user/profile/update', { user: { uid: me.uid, preference: {} } });
    expect(none.status).toBe(400);
    // The spec's payload is {user}: the bare fields are refused.
    const bare = await c.post('/user/profile/update', { uid: me.uid, preference: { in_app_notification: false } });
    expect(bare.status).toBe(400);
  });

  it('configures a fleet operator with one of its parent’s groups; it then sees only that group', async () => {
    const { c, me } = s('owner');
    const rel = await c.post('/userrelation/get', { uid: me.uid });
    const groups = rel.body.vehicleGroups as {
      vgid: string;
      groupName: string;
      vehicles: { vehiclePlate: string }[];
    }[];
    const all = groups.find((g) => g.groupName === 'ALL');
    const puchong = groups.find((g) => g.groupName === 'Kumpulan Puchong');
    expect(all?.vehicles).toHaveLength(12);
    expect(puchong?.vehicles.map((v) => v.vehiclePlate)).toContain('WXY 1234');
    const op = s('operator').me;
    const body = (vgid: string | null, patch: Record<string, unknown> = {}) => ({
      user: {
        uid: op.uid,
        userName: 'Nurul Aisyah',
        userEmail: 'operator@demo.jejak.my',
        userRole: 'fleetOperator',
        userContact: '+60123456789',
        userAddress: 'Puchong',
        ...patch,
      },
      vgid,
    });
    expect((await c.post('/user/configure', body(all?.vgid ?? ''))).body).toEqual({ status: 200 });
    const seeAll = await s('operator').c.post('/user/gethierarchy', { uid: op.uid });
    expect((seeAll.body.vehicles as unknown[]).length).toBe(12);
    expect((await c.post('/user/configure', body(puchong?.vgid ?? ''))).body).toEqual({ status: 200 });
    const seeFive = await s('operator').c.post('/user/gethierarchy', { uid: op.uid });
    expect((seeFive.body.vehicles as unknown[]).length).toBe(5);
    // The parent (e-mail and role, for Configure User) shows to those who reach it.
    expect((seeFive.body.user as { parent: unknown }).parent).toBeNull();
    const byOwner = await c.post('/user/gethierarchy', { uid: op.uid });
    expect((byOwner.body.user as { parent: unknown }).parent).toEqual({
      uid: me.uid,
      userEmail: 'owner@demo.jejak.my',
      userRole: 'fleetOwner',
    });

    const foreignGroup = (await s('owner2').c.post('/userrelation/get', { uid: s('owner2').me.uid })).body
      .vehicleGroups as { vgid: string }[];
    const refused = await c.post('/user/configure', body(foreignGroup[0]?.vgid ?? ''));
    expect(refused.body.message).toBe("The vehicle group is not one of the parent's vehicle groups");
    const notOperator = await s('distributor').c.post('/user/configure', {
      ...body(null, { uid: me.uid, userEmail: 'owner@demo.jejak.my' }),
    });
    expect(notOperator.body.message).toBe('Only fleet operators are configured');
    const roleChange = await c.post('/user/configure', body(null, { userRole: 'fleetOwner' }));
    expect(roleChange.body.errorType).toBe('RoleNotAllowed');
  });

  it('finds users by name within the subtree only, and lists children lazily', async () => {
    const d = await s('distributor').c.post('/user/search', { query: 'MAJU' });
    expect((d.body.users as { userEmail: string }[]).map((u) => u.userEmail)).toEqual(['owner@demo.jejak.my']);
    const o = await s('owner').c.post('/user/search', { query: 'cold chain' });
    expect(o.body.users).toEqual([]);
    const children = await s('distributor').c.post('/user/getchildren', { uid: s('distributor').me.uid });
    const emails = (children.body.users as { userEmail: string }[]).map((u) => u.userEmail);
    expect(emails).toEqual(
      expect.arrayContaining(['owner@demo.jejak.my', 'owner2@demo.jejak.my', 'legacy@demo.jejak.my']),
    );
    const foreign = await s('owner').c.post('/user/getchildren', { uid: s('owner2').me.uid });
    expect(foreign.status).toBe(404);
  });

  it('serves the vehicle table to all, the device table only to device managers', async () => {
    const v = await s('owner').c.post('/user/getvehicles', { uid: s('owner').me.uid });
    const rows = v.body.vehicles as { vehiclePlate: string; simCard: string | null; subsEndDate: number | null }[];
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.simCard?.startsWith('+6011'))).toBe(true);
    expect(rows.filter((r) => r.subsEndDate !== null).length).toBeGreaterThan(0);
    expect((await s('owner').c.post('/user/getdevices', { uid: s('owner').me.uid })).body.errorType).toBe('Forbidden');
    const d = await s('distributor').c.post('/user/getdevices', { uid: s('owner').me.uid });
    const devices = d.body.devices as { vehiclePlate: string | null }[];
    expect(devices).toHaveLength(12);
    expect(devices.every((x) => x.vehiclePlate !== null)).toBe(true);
  });

  it('lets only super read the audit log', async () => {
    expect((await s('distributor').c.post('/audit/get', {})).body.errorType).toBe('Forbidden');
    const all = await s('super').c.post('/audit/get', { limit: 1000 });
    const actions = new Set((all.body.auditLogs as { action: string }[]).map((a) => a.action));
    expect([...actions]).toEqual(
      expect.arrayContaining(['user.add', 'user.update', 'user.configure', 'user.preference']),
    );
  });
});
