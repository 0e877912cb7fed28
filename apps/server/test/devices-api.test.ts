import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS, MANAGEMENT_TEXTS as T, type DeviceGroup, type ManagedDevice } from '@jejak/contract';
import { insertUser, newUserBody, signIn, type Client, type Me } from './accounts-fixture.ts';
import { dbKinds, startTestServer, type TestServer } from './harness.ts';

const kinds = await dbKinds();
let serial = 0;
const nextImei = () => String(861_000_000_000_000 + ++serial);
const nextSim = () => `+60177${String(100_000 + ++serial)}`;

describe.each(kinds)('device management on %s', (kind) => {
  let server: TestServer;
  let sup: { c: Client; me: Me };
  let dist: { c: Client; me: Me };
  let owner: { c: Client; me: Me };
  let operator: { c: Client; me: Me };
  let dist2: { c: Client; me: Me };

  beforeAll(async () => {
    server = await startTestServer(kind, { JEJAK_LOGIN_MAX_PER_MINUTE: '10000' });
    sup = await signIn(server.baseUrl, 'super');
    dist = await signIn(server.baseUrl, 'distributor');
    owner = await signIn(server.baseUrl, 'owner');
    operator = await signIn(server.baseUrl, 'operator');
    const d2 = await insertUser(server.app.database.db, {
      role: 'distributor',
      parent: sup.me,
      email: 'distributor-dua@demo.jejak.my',
    });
    dist2 = await signIn(server.baseUrl, 'distributor-dua@demo.jejak.my');
    expect(dist2.me.uid).toBe(d2.uid);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const device = (patch: Record<string, unknown> = {}) => ({
    imei: nextImei(),
    model: 'GPS100',
    simCard: nextSim(),
    brand: 'Concox',
    uid: dist.me.uid,
    ...patch,
  });
  const add = (c: Client, d: Record<string, unknown>, dgid: string | null = null) =>
    c.post('/device/add', { dgid, device: d });
  const update = (c: Client, d: Record<string, unknown>) => c.post('/device/update', { device: d });
  const audits = (dvid: string) =>
    server.app.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_uid', 'target_type', 'details'])
      .where('target_id', '=', dvid)
      .orderBy('seq')
      .execute();
  const groupsOf = async (c: Client, uid: string) =>
    (await c.post('/device/group/get', { uid, dgids: [] })).body.deviceGroups as DeviceGroup[];

  it('adds a device for the distributor itself, in its ALL group, with an audit row', async () => {
    const d = device();
    const r = await add(dist.c, d);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(T.deviceAdded);
    const got = r.body.device as ManagedDevice;
    expect(got).toMatchObject({
      dvid: `GPS100#${d.imei}`,
      uid: dist.me.uid,
      imei: d.imei,
      model: 'GPS100',
      simCard: d.simCard,
      brand: 'Concox',
      assignedStatus: 0,
      vid: null,
      package: null,
      updatedAt: null,
    });
    const all = (await groupsOf(dist.c, dist.me.uid)).find((g) => g.groupName === 'ALL');
    expect(got.dgids).toEqual([all?.dgid]);
    expect(all?.devices.map((x) => x.dvid)).toContain(got.dvid);
    expect(await audits(got.dvid)).toEqual([
      {
        action: 'device.add',
        actor_uid: dist.me.uid,
        target_type: 'device',
        details: { uid: dist.me.uid, simCard: d.simCard, brand: 'Concox', settings: {}, dgids: [all?.dgid] },
      },
    ]);
  });

  it('answers every device message of spec 2 §5, and the server own ones', async () => {
    const taken = device();
    expect((await add(dist.c, taken)).status).toBe(200);
    const cases: [Record<string, unknown>, string][] = [
      [device({ imei: '' }), T.deviceImeiEmpty],
      [device({ imei: '   ' }), T.deviceImeiEmpty],
      [device({ model: '' }), T.deviceModelEmpty],
      [device({ imei: taken.imei }), T.deviceExists],
      [device({ simCard: taken.simCard }), T.simInUse],
      [device({ uid: '' }), T.deviceTargetUserEmpty],
      [device({ imei: 'a#b' }), T.imeiFormat],
      [device({ model: 'GPS999' }), T.modelUnknown],
      [device({ simCard: '+44123456789' }), T.simFormat],
      [device({ uid: owner.me.uid }), T.deviceTargetNotDistributor],
      [device({ uid: operator.me.uid }), T.deviceTargetNotDistributor],
    ];
    for (const [d, message] of cases) {
      const r = await add(dist.c, d);
      expect({ status: r.status, message: r.body.message }).toEqual({ status: 400, message });
    }
    // Same IMEI on another model is another device.
    expect((await add(dist.c, device({ imei: taken.imei, model: 'TEL100' }))).status).toBe(200);
  });

  it('refuses roles without the device grant, whatever they name', async () => {
    for (const who of [owner, operator]) {
      for (const [path, body] of [
        ['/device/add', { dgid: null, device: device() }],
        ['/device/update', { device: { ...device(), dvid: 'GPS100#1' } }],
        ['/device/vgid/get', { uid: who.me.uid, vgids: [] }],
        ['/device/group/get', { uid: who.me.uid, dgids: [] }],
      ] as const) {
        const r = await who.c.post(path, body);
        expect({ path, status: r.status, errorType: r.body.errorType }).toEqual({
          path,
          status: 403,
          errorType: 'Forbidden',
        });
      }
    }
  });

  it('answers a foreign user or device exactly like a missing one', async () => {
    const mine = device();
    expect((await add(dist.c, mine)).status).toBe(200);
    const foreignTarget = await add(dist2.c, device({ uid: dist.me.uid }));
    const missingTarget = await add(dist2.c, device({ uid: 'no-such-user' }));
    expect(foreignTarget.body).toEqual(missingTarget.body);
    expect(foreignTarget.body.message).toBe(ACCOUNT_TEXTS.userNotFound);
    const foreignDevice = await update(dist2.c, { ...mine, dvid: `GPS100#${mine.imei}`, uid: dist2.me.uid });
    const missingDevice = await update(dist2.c, { ...mine, imei: '1', dvid: 'GPS100#1', uid: dist2.me.uid });
    expect(foreignDevice.body).toEqual(missingDevice.body);
    expect(foreignDevice.body.message).toBe(T.deviceNotFound);
    for (const path of ['/device/vgid/get', '/device/group/get']) {
      const body = (uid: string) => ({ uid, vgids: [], dgids: [] });
      const foreign = await dist2.c.post(path, body(dist.me.uid));
      const missing = await dist2.c.post(path, body('no-such-user'));
      expect(foreign.body).toEqual(missing.body);
      expect(foreign.status).toBe(404);
    }
    const foreignGroup = (await groupsOf(dist.c, dist.me.uid))[0]?.dgid ?? '';
    const r = await add(dist2.c, device({ uid: dist2.me.uid }), foreignGroup);
    expect(r.body.message).toBe(T.deviceGroupNotFound);
  });

  it('edits SIM and brand, keeps IMEI and model, and audits the change', async () => {
    const d = device();
    const dvid = `GPS100#${d.imei}`;
    const other = device();
    expect((await add(dist.c, d)).status).toBe(200);
    expect((await add(dist.c, other)).status).toBe(200);
    const sim = nextSim();
    const r = await update(dist.c, { ...d, dvid, simCard: sim, brand: 'Teltonika' });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(T.deviceEdited);
    expect(r.body.device).toMatchObject({ dvid, simCard: sim, brand: 'Teltonika', imei: d.imei, model: 'GPS100' });
    // Its own SIM again is no conflict; another device's is.
    expect((await update(dist.c, { ...d, dvid, simCard: sim })).status).toBe(200);
    expect((await update(dist.c, { ...d, dvid, simCard: other.simCard })).body.message).toBe(T.simInUse);
    expect((await update(dist.c, { ...d, dvid, imei: nextImei() })).body.message).toBe(T.deviceIdentityFixed);
    expect((await update(dist.c, { ...d, dvid, model: 'TEL100' })).body.message).toBe(T.deviceIdentityFixed);
    expect((await update(dist.c, { ...d, dvid, imei: other.imei })).body.message).toBe(T.deviceExists);
    expect((await update(dist.c, { ...d, dvid, uid: owner.me.uid })).body.message).toBe(T.deviceTargetNotDistributor);
    const row = await server.app.database.db
      .selectFrom('devices')
      .select(['imei', 'model', 'sim_card', 'brand'])
      .where('dvid', '=', dvid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ imei: d.imei, model: 'GPS100', sim_card: sim, brand: 'Concox' });
    const trail = await audits(dvid);
    expect(trail.map((a) => a.action)).toEqual(['device.add', 'device.update', 'device.update']);
    expect(trail[1]?.details).toMatchObject({ previousSimCard: d.simCard, simCard: sim, brand: 'Teltonika' });
  });

  it('moves a device to another distributor: out of the old ALL group, into the new one', async () => {
    const d = device();
    const dvid = `GPS100#${d.imei}`;
    expect((await add(sup.c, d)).status).toBe(200);
    const r = await update(sup.c, { ...d, dvid, uid: dist2.me.uid });
    expect(r.status).toBe(200);
    const [old] = await groupsOf(sup.c, dist.me.uid);
    const [fresh] = await groupsOf(sup.c, dist2.me.uid);
    expect(old?.devices.map((x) => x.dvid)).not.toContain(dvid);
    expect(fresh?.devices.map((x) => x.dvid)).toContain(dvid);
    expect((r.body.device as ManagedDevice).dgids).toEqual([fresh?.dgid]);
    // The first distributor no longer reaches it.
    expect((await update(dist.c, { ...d, dvid })).body.message).toBe(T.deviceNotFound);
  });

  it('holds one SIM and one dvid under concurrent adds (the unique indexes decide)', async () => {
    const sim = nextSim();
    const simRace = await Promise.all(Array.from({ length: 6 }, () => add(dist.c, device({ simCard: sim }))));
    expect(simRace.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of simRace.filter((x) => x.status !== 200)) expect(r.body.message).toBe(T.simInUse);
    const imei = nextImei();
    const dvidRace = await Promise.all(Array.from({ length: 6 }, () => add(dist.c, device({ imei }))));
    expect(dvidRace.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of dvidRace.filter((x) => x.status !== 200)) expect(r.body.message).toBe(T.deviceExists);
  });

  it('lists the devices of vehicle groups with their vehicles, and a new distributor gets ALL', async () => {
    const db = server.app.database.db;
    const puchong = await db
      .selectFrom('vehicle_groups')
      .select('vgid')
      .where('group_name', '=', 'Kumpulan Puchong')
      .executeTakeFirstOrThrow();
    const inGroup = await db
      .selectFrom('vehicle_group_members as m')
      .innerJoin('vehicles as v', 'v.vid', 'm.vid')
      .select(['v.dvid', 'v.vid', 'v.vehicle_plate'])
      .where('m.vgid', '=', puchong.vgid)
      .orderBy('v.dvid')
      .execute();
    const r = await dist.c.post('/device/vgid/get', { uid: owner.me.uid, vgids: [puchong.vgid] });
    expect(r.status).toBe(200);
    const got = r.body.devices as ManagedDevice[];
    expect(got.map((d) => [d.dvid, d.vid, d.vehiclePlate, d.assignedStatus])).toEqual(
      inGroup.map((v) => [v.dvid, v.vid, v.vehicle_plate, 1]),
    );
    const all = (await dist.c.post('/device/vgid/get', { uid: owner.me.uid, vgids: [] })).body.devices as unknown[];
    expect(all.length).toBeGreaterThan(got.length);
    // The demo owner's trackers are in its ALL device group (seeded and back-filled).
    const [ownerAll] = await groupsOf(dist.c, owner.me.uid);
    expect(ownerAll?.groupName).toBe('ALL');
    expect(ownerAll?.devices.length).toBe(all.length);

    const made = await sup.c.post('/user/add', newUserBody(sup.me, 'distributor', 'pengedar-baru@demo.jejak.my'));
    expect(made.status).toBe(200);
    const groups = await groupsOf(sup.c, made.body.uid as string);
    expect(groups.map((g) => [g.groupName, g.devices])).toEqual([['ALL', []]]);
  });
});
