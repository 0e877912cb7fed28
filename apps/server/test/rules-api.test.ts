import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_PATHS, ALERT_TEXTS, BUILT_IN_RULES, type Rule, type RuleTemplate } from '@jejak/contract';
import { signIn, type Client, type Me } from './accounts-fixture.ts';
import { dbKinds, startTestServer, type TestServer } from './harness.ts';

const kinds = await dbKinds();
const SPEED = { parameter: 'speed', operator: 'more', value: 90 };
const GEOFENCE = { parameter: 'geofence', operator: 'inside', value: 'no-such-geofence' };

describe.each(kinds)('rules and rule templates on %s', (kind) => {
  let server: TestServer;
  let owner: { c: Client; me: Me };
  let owner2: { c: Client; me: Me };
  let operator: { c: Client; me: Me };
  const changed: string[][] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    server.app.bus.subscribe('rules.changed', (m) => changed.push(m.rtids));
    [owner, owner2, operator] = await Promise.all([
      signIn(server.baseUrl, 'owner'),
      signIn(server.baseUrl, 'owner2'),
      signIn(server.baseUrl, 'operator'),
    ]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const templates = async (c: Client, body: object = {}) => {
    const r = await c.post(ALERT_PATHS.ruleTemplateGet, body);
    expect(r.status).toBe(200);
    return r.body.ruleTemplates as RuleTemplate[];
  };
  const addTemplate = async (c: Client, createdBy: string, name: string) =>
    c.post(ALERT_PATHS.ruleTemplateAdd, { createdBy, ruleTemplateName: name });
  const ruleBody = (me: Me, over: object = {}) => ({
    createdAt: Date.now(),
    createdBy: me.uid,
    ruleName: 'Had laju',
    ruleType: 'warning',
    ruleCompliedName: '',
    ruleViolatedName: '',
    conditions: [SPEED],
    ...over,
  });

  it("lists the owner's DEFAULT first, holding one read-only built-in rule per alarm", async () => {
    const list = await templates(owner.c);
    const def = list[0];
    expect(def?.templateName).toBe('DEFAULT');
    expect(def?.uid).toBe(owner.me.uid);
    expect(def?.rules.map((r) => r.ruid)).toEqual(BUILT_IN_RULES.map((b) => `builtin.${b.alarm}`));
    const sos = def?.rules[0];
    expect(sos).toMatchObject({
      rtid: def?.rtid,
      ruleName: 'SOS',
      ruleType: 'critical',
      builtIn: true,
      ruleCompliedName: 'Rule "SOS" Complied',
      ruleViolatedName: 'Rule "SOS" Violated',
      conditions: [{ parameter: 'deviceMessage', operator: 'is', value: 'help me' }],
    });
  });

  it('adds and renames templates with the spec texts; DEFAULT keeps its name and names stay unique', async () => {
    const added = await addTemplate(owner.c, owner.me.uid, 'Lori Puchong');
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Successfully Added New Rule Template');
    const t = added.body.ruleTemplate as RuleTemplate;
    expect(t).toMatchObject({ templateName: 'Lori Puchong', uid: owner.me.uid, rules: [], updatedBy: owner.me.uid });
    expect(changed).toContainEqual([t.rtid]);

    expect((await addTemplate(owner.c, owner.me.uid, 'lori puchong')).body.message).toBe(
      ALERT_TEXTS.ruleTemplateNameTaken,
    );
    expect((await addTemplate(owner.c, owner.me.uid, 'default')).body.message).toBe(ALERT_TEXTS.ruleTemplateNameTaken);
    expect((await addTemplate(owner.c, owner.me.uid, '  ')).body.message).toBe('Please Enter The Rule Template Name');

    const renamed = await owner.c.post(ALERT_PATHS.ruleTemplateUpdate, {
      uid: owner.me.uid,
      ruleTemplate: { rtid: t.rtid, templateName: 'Lori Klang' },
    });
    expect(renamed.body).toMatchObject({ status: 200, message: 'Successfully Edited Rule Template' });
    expect((renamed.body.ruleTemplate as RuleTemplate).templateName).toBe('Lori Klang');

    const def = (await templates(owner.c))[0];
    const r = await owner.c.post(ALERT_PATHS.ruleTemplateUpdate, {
      uid: owner.me.uid,
      ruleTemplate: { rtid: def?.rtid, templateName: 'Lain' },
    });
    expect(r.body).toEqual({
      status: 400,
      errorType: 'ValidationException',
      message: ALERT_TEXTS.defaultTemplateReadOnly,
    });
  });

  it('checks the rule form in the spec order and fills the default names', async () => {
    const [, custom] = await templates(owner.c);
    // The demo fleet's own template may already hold rules ('Speeding').
    const before = (custom?.rules ?? []).map((r) => r.ruleName);
    const add = (rtid: string | undefined, rule: object) => owner.c.post(ALERT_PATHS.ruleAdd, { rtid, rule });
    const message = async (rtid: string | undefined, rule: object) => (await add(rtid, rule)).body.message;
    expect(await message('', ruleBody(owner.me, { createdBy: '', ruleName: '' }))).toBe('Current User ID Not Found');
    expect(await message('', ruleBody(owner.me, { ruleName: ' ', ruleType: null }))).toBe(
      "Please Enter The Rule's Name",
    );
    expect(await message('', ruleBody(owner.me, { ruleType: null }))).toBe("Please Select The Rule's Type");
    expect(await message('', ruleBody(owner.me, { conditions: [] }))).toBe('Please Select A Rule Template');
    expect(await message(custom?.rtid, ruleBody(owner.me, { conditions: [] }))).toBe(
      'Please Have At Least 1 Condition',
    );
    const incomplete = [SPEED, { parameter: 'speed', operator: 'inside', value: 5 }, { parameter: 'activeTime' }];
    expect(await message(custom?.rtid, ruleBody(owner.me, { conditions: incomplete }))).toBe(
      '2 Condition(s) Are/Is Not Complete',
    );
    // A geofence the owner does not reach is not a complete condition either.
    expect(await message(custom?.rtid, ruleBody(owner.me, { conditions: [SPEED, GEOFENCE] }))).toBe(
      '1 Condition(s) Are/Is Not Complete',
    );

    const ok = await add(custom?.rtid, ruleBody(owner.me, { ruleViolatedName: 'Lori terlalu laju' }));
    expect(ok.body).toMatchObject({ status: 200, message: 'Successfully Added New Rule' });
    expect(ok.body.rule).toMatchObject({
      rtid: custom?.rtid,
      ruleName: 'Had laju',
      ruleType: 'warning',
      ruleCompliedName: 'Rule "Had laju" Complied',
      ruleViolatedName: 'Lori terlalu laju',
      conditions: [SPEED],
      builtIn: false,
      createdBy: owner.me.uid,
    });
    expect(changed).toContainEqual([custom?.rtid]);
    const listed = (await templates(owner.c, { rtids: [custom?.rtid] }))[0];
    expect(listed?.rules.map((r) => r.ruleName).sort()).toEqual([...before, 'Had laju'].sort());
  });

  it('takes a geofence condition on a geofence the owner reaches', async () => {
    const [, custom] = await templates(owner.c);
    const geofences = (await owner.c.post('/geofence/get', { uid: owner.me.uid })).body.geofences as {
      geoid: string;
    }[];
    const geoid = geofences[0]?.geoid;
    expect(geoid).toBeDefined();
    const r = await owner.c.post(ALERT_PATHS.ruleAdd, {
      rtid: custom?.rtid,
      rule: ruleBody(owner.me, { ruleName: 'Di depot', conditions: [{ ...GEOFENCE, value: geoid }] }),
    });
    expect(r.status).toBe(200);
  });

  it('refuses rules into DEFAULT, but moves an edited rule into it with its first condition only', async () => {
    const [def, custom] = await templates(owner.c);
    const intoDefault = await owner.c.post(ALERT_PATHS.ruleAdd, { rtid: def?.rtid, rule: ruleBody(owner.me) });
    expect(intoDefault.body.message).toBe(ALERT_TEXTS.defaultNotSelectable);

    const two = [SPEED, { parameter: 'engineStatus', operator: 'is', value: 1 }];
    const added = await owner.c.post(ALERT_PATHS.ruleAdd, {
      rtid: custom?.rtid,
      rule: ruleBody(owner.me, { ruleName: 'Enjin laju', conditions: two }),
    });
    const rule = added.body.rule as Rule;
    changed.length = 0;
    const moved = await owner.c.post(ALERT_PATHS.ruleUpdate, {
      rule: { ...ruleBody(owner.me, { ruleName: 'Enjin laju', conditions: two }), ruid: rule.ruid, rtid: def?.rtid },
    });
    expect(moved.body).toMatchObject({ status: 200, message: 'Successfully Edited Rule' });
    expect(moved.body.rule).toMatchObject({ rtid: def?.rtid, conditions: [SPEED], createdAt: rule.createdAt });
    expect(changed).toEqual([[custom?.rtid, def?.rtid]]);
    const defRules = (await templates(owner.c, { rtids: [def?.rtid] }))[0]?.rules ?? [];
    expect(defRules.filter((r) => !r.builtIn).map((r) => r.ruid)).toEqual([rule.ruid]);
  });

  it('keeps the built-in rules read-only', async () => {
    const [def] = await templates(owner.c);
    const r = await owner.c.post(ALERT_PATHS.ruleUpdate, {
      rule: { ...ruleBody(owner.me), ruid: 'builtin.sos', rtid: def?.rtid },
    });
    expect(r.body.message).toBe(ALERT_TEXTS.builtInRuleReadOnly);
  });

  it("answers another tree's templates and rules like missing ones", async () => {
    const [, custom] = await templates(owner.c);
    const rule = custom?.rules[0];
    expect(await templates(owner2.c, { rtids: [custom?.rtid] })).toEqual([]);
    const foreign = await owner2.c.post(ALERT_PATHS.ruleAdd, { rtid: custom?.rtid, rule: ruleBody(owner2.me) });
    const missing = await owner2.c.post(ALERT_PATHS.ruleAdd, { rtid: 'no-such-template', rule: ruleBody(owner2.me) });
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body).toEqual({ status: 404, errorType: 'NotFound', message: ALERT_TEXTS.ruleTemplateNotFound });
    const update = (ruid: string | undefined) =>
      owner2.c.post(ALERT_PATHS.ruleUpdate, { rule: { ...ruleBody(owner2.me), ruid, rtid: custom?.rtid } });
    expect((await update(rule?.ruid)).body).toEqual((await update('no-such-rule')).body);
    const list = await owner2.c.post(ALERT_PATHS.ruleTemplateGet, { uid: owner.me.uid });
    expect(list.status).toBe(404);
  });

  it("lets an operator work on a template its owner gave it, and nothing else of the owner's", async () => {
    const [, custom] = await templates(owner.c);
    await server.app.database.db
      .insertInto('user_rule_templates')
      .values({ uid: operator.me.uid, rtid: custom?.rtid ?? '' })
      .execute();
    const mine = await templates(operator.c);
    expect(mine.map((t) => t.rtid)).toEqual([custom?.rtid]);
    const r = await operator.c.post(ALERT_PATHS.ruleAdd, {
      rtid: custom?.rtid,
      rule: ruleBody(operator.me, { ruleName: 'Operator' }),
    });
    expect(r.body).toMatchObject({ status: 200, rule: { createdBy: operator.me.uid } });
    const [def] = await templates(owner.c);
    expect(await templates(operator.c, { rtids: [def?.rtid] })).toEqual([]);
  });
});
