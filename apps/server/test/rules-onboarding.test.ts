import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALERT_PATHS,
  API_PATHS,
  type ApplyRuleTemplateResponse,
  RULE_COVERAGE_PATHS,
  RULE_COVERAGE_TEXTS,
  type RuleCoverage,
  type RuleCoverageResponse,
  type RuleTemplate,
  type TrackerSetupResponse,
  type UnknownDevice,
} from '@jejak/contract';
import { createGt06Client } from '@jejak/simulator';
import { insertVehicle, insertVehicleGroup, signIn, type Client, type Me } from './accounts-fixture.ts';
import { dbKinds, startTestServer, type TestServer } from './harness.ts';

const kinds = await dbKinds();
const STRANGER = '869999000000017';

/**
 * Issue 26 items 3 and 4: what a rule template watches and applying it to a fleet or a group;
 * where trackers report; trackers of unknown IMEIs listed for those who register devices.
 */
describe.each(kinds)('rule coverage and onboarding on %s', (kind) => {
  let server: TestServer;
  let owner: { c: Client; me: Me };
  let owner2: { c: Client; me: Me };
  let distributor: { c: Client; me: Me };
  let staff: { c: Client; me: Me };
  const changed: string[][] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, { JEJAK_PUBLIC_HOST: 'gps.example.my' });
    server.app.bus.subscribe('rules.changed', (m) => changed.push(m.rtids));
    [owner, owner2, distributor, staff] = await Promise.all([
      signIn(server.baseUrl, 'owner'),
      signIn(server.baseUrl, 'owner2'),
      signIn(server.baseUrl, 'distributor'),
      signIn(server.baseUrl, 'support'),
    ]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const coverage = async (c: Client, uid: string) => {
    const r = await c.post(RULE_COVERAGE_PATHS.ruleTemplateCoverage, { uid });
    expect(r.status).toBe(200);
    return r.body as RuleCoverageResponse;
  };
  const of = (res: RuleCoverageResponse, rtid: string): RuleCoverage | undefined =>
    res.coverage.find((c) => c.rtid === rtid);

  it('shows a new template watching nothing, then every vehicle once applied to all', async () => {
    const added = await owner.c.post(ALERT_PATHS.ruleTemplateAdd, {
      createdBy: owner.me.uid,
      ruleTemplateName: 'Had 80',
    });
    const t = added.body.ruleTemplate as RuleTemplate;
    const before = await coverage(owner.c, owner.me.uid);
    expect(before.vehicleCount).toBeGreaterThan(0);
    expect(of(before, t.rtid)).toEqual({ rtid: t.rtid, vehicles: [], groups: [] });
    // DEFAULT watches every vehicle of the owner.
    const [def] = (await owner.c.post(ALERT_PATHS.ruleTemplateGet, {})).body.ruleTemplates as RuleTemplate[];
    if (!def) throw new Error('no DEFAULT');
    expect(of(before, def.rtid)?.vehicles).toHaveLength(before.vehicleCount);

    changed.length = 0;
    const res = await owner.c.post(RULE_COVERAGE_PATHS.ruleTemplateApply, { rtid: t.rtid, vgid: null });
    expect(res.status).toBe(200);
    const applied = res.body as ApplyRuleTemplateResponse;
    expect(applied.message).toBe(RULE_COVERAGE_TEXTS.applied);
    expect(applied.added).toBe(before.vehicleCount);
    expect(applied.coverage.vehicles).toHaveLength(before.vehicleCount);
    // Every non-empty group of the owner is then watched whole.
    const nonEmpty = before.groups.filter((g) => g.vehicleCount > 0).map((g) => g.vgid);
    expect(applied.coverage.groups.map((g) => g.vgid).sort()).toEqual(nonEmpty.sort());
    // The pipeline reloads the rules of those vehicles (they all hold DEFAULT already).
    expect(changed.at(-1)).toEqual(expect.arrayContaining([t.rtid, def.rtid]));

    // Applying again adds nothing; the links are kept once each.
    const again = await owner.c.post(RULE_COVERAGE_PATHS.ruleTemplateApply, { rtid: t.rtid, vgid: null });
    expect(again.body.added).toBe(0);
  });

  it('applies a template to one group only, in one transaction', async () => {
    const db = server.app.database.db;
    const a = await insertVehicle(db, owner.me.uid, 'WRG 1001', '865000000001001');
    const b = await insertVehicle(db, owner.me.uid, 'WRG 1002', '865000000001002');
    const vgid = await insertVehicleGroup(db, owner.me.uid, 'Lori Baharu', [a.vid]);
    const t = (
      await owner.c.post(ALERT_PATHS.ruleTemplateAdd, { createdBy: owner.me.uid, ruleTemplateName: 'Kumpulan' })
    ).body.ruleTemplate as RuleTemplate;
    const r = await owner.c.post(RULE_COVERAGE_PATHS.ruleTemplateApply, { rtid: t.rtid, vgid });
    expect(r.status).toBe(200);
    expect(r.body.added).toBe(1);
    expect(r.body.coverage).toMatchObject({
      vehicles: [{ vid: a.vid, vehiclePlate: 'WRG 1001' }],
      groups: [{ vgid, groupName: 'Lori Baharu' }],
    });
    const after = await coverage(owner.c, owner.me.uid);
    expect(of(after, t.rtid)?.vehicles.map((v) => v.vid)).not.toContain(b.vid);
    // A distributor above the owner sees the same coverage.
    expect(of(await coverage(distributor.c, owner.me.uid), t.rtid)?.vehicles).toHaveLength(1);
  });

  it('refuses DEFAULT, a foreign template or group, and a caller outside the hierarchy', async () => {
    const mine = (await owner.c.post(ALERT_PATHS.ruleTemplateGet, {})).body.ruleTemplates as RuleTemplate[];
    const def = mine.find((t) => t.templateName === 'DEFAULT');
    const custom = mine.find((t) => t.templateName === 'Had 80');
    if (!def || !custom) throw new Error('templates missing');
    const refusedDefault = await owner.c.post(RULE_COVERAGE_PATHS.ruleTemplateApply, { rtid: def.rtid, vgid: null });
    expect(refusedDefault.body.message).toBe(RULE_COVERAGE_TEXTS.defaultOnEveryVehicle);

    const foreign = await owner2.c.post(RULE_COVERAGE_PATHS.ruleTemplateApply, { rtid: custom.rtid, vgid: null });
    expect(foreign.status).toBe(404);
    expect((await owner2.c.post(RULE_COVERAGE_PATHS.ruleTemplateCoverage, { uid: owner.me.uid })).status).toBe(404);

    const theirs = await coverage(owner2.c, owner2.me.uid);
    const theirGroup = theirs.groups[0];
    if (!theirGroup) throw new Error('owner2 has no group');
    const wrongGroup = await owner.c.post(RULE_COVERAGE_PATHS.ruleTemplateApply, {
      rtid: custom.rtid,
      vgid: theirGroup.vgid,
    });
    expect(wrongGroup.body.message).toBe(RULE_COVERAGE_TEXTS.groupNotFound);
    const operator = await signIn(server.baseUrl, 'operator');
    const byOperator = await operator.c.post(RULE_COVERAGE_PATHS.ruleTemplateApply, { rtid: custom.rtid, vgid: null });
    expect([403, 404]).toContain(byOperator.status);
  });

  it('tells where trackers report: the public host and each protocol port', async () => {
    const r = await distributor.c.post(API_PATHS.trackerSetup, {});
    expect(r.status).toBe(200);
    const body = r.body as TrackerSetupResponse;
    expect(body.host).toBe('gps.example.my');
    expect(body.endpoints.find((e) => e.protocol === 'gt06')).toMatchObject({
      models: ['GPS100'],
      port: server.gt06Port,
    });
    expect((await owner.c.post(API_PATHS.trackerSetup, {})).status).toBe(403);
  });

  it('records a GT06 tracker of an unknown IMEI and lists it to staff and distributors', async () => {
    const tracker = createGt06Client({
      host: '127.0.0.1',
      port: server.gt06Port,
      imei: STRANGER,
      nextFix: () => ({ timeMs: Date.now(), lat: 3.1, lon: 101.6, speedKmh: 0, course: 0, acc: true, satellites: 8 }),
      fixEveryMs: 60_000,
      heartbeatEveryMs: 0,
      reconnectMinMs: 600_000,
      reconnectMaxMs: 600_000,
    });
    tracker.start();
    const listed = async (c: Client) =>
      ((await c.post(API_PATHS.unknownDevices, {})).body.unknownDevices ?? []) as UnknownDevice[];
    await expect.poll(async () => (await listed(staff.c)).find((u) => u.imei === STRANGER)).toBeTruthy();
    await tracker.stop();
    const seen = (await listed(staff.c)).find((u) => u.imei === STRANGER);
    expect(seen).toMatchObject({ protocol: 'gt06', models: ['GPS100'], attempts: 1 });
    expect(seen?.remote).toMatch(/127\.0\.0\.1/);
    expect(seen?.lastSeen).toBeGreaterThanOrEqual(seen?.firstSeen ?? Infinity);
    // A distributor sees it too, without the address it came from; a fleet owner is refused.
    const forDistributor = (await listed(distributor.c)).find((u) => u.imei === STRANGER);
    expect(forDistributor).toMatchObject({ imei: STRANGER, remote: null });
    expect((await owner.c.post(API_PATHS.unknownDevices, {})).status).toBe(403);

    // Registered, it leaves the list.
    const add = await distributor.c.post(API_PATHS.deviceAdd, {
      device: { imei: STRANGER, model: 'GPS100', simCard: '+60195550017', brand: 'Concox', uid: distributor.me.uid },
    });
    expect(add.status).toBe(200);
    expect((await listed(staff.c)).find((u) => u.imei === STRANGER)).toBeUndefined();
  });
});
