import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@jejak/contract';
import { mayCall, type PermissionRole } from '@jejak/domain';
import { signIn } from './accounts-fixture.ts';
import { missing, type Gate, type Objects } from './authz-world/objects.ts';
import { ROUTE_SPECS } from './authz-world/route-specs.ts';
import { buildWorld, type World } from './authz-world/world.ts';
import { dbKinds, startTestServer, type TestServer } from './harness.ts';
import { startSmtpSink } from './smtp-sink.ts';

const kinds = await dbKinds();
const ROUTES = Object.entries(API_PATHS) as [keyof typeof API_PATHS, string][];

function allowed(role: PermissionRole, gate: Gate): boolean {
  if (gate === 'any') return true;
  if (gate === 'global') return role === 'SUPER' || role === 'SUPPORT';
  return mayCall(role, gate);
}

/** Rows of a caller's foreign objects, to show its calls changed none of them. */
async function snapshot(server: TestServer, rows: { uids: string[]; vids: string[] }): Promise<string> {
  const db = server.app.database.db;
  const parts = await Promise.all([
    db.selectFrom('users').selectAll().where('uid', 'in', rows.uids).orderBy('uid').execute(),
    db.selectFrom('user_stages').selectAll().where('uid', 'in', rows.uids).orderBy('uid').orderBy('stage').execute(),
    db
      .selectFrom('user_vehicle_groups')
      .selectAll()
      .where('uid', 'in', rows.uids)
      .orderBy('uid')
      .orderBy('vgid')
      .execute(),
    db.selectFrom('users').select('uid').where('parent_id', 'in', rows.uids).orderBy('uid').execute(),
    db.selectFrom('vehicle_packages').selectAll().where('vid', 'in', rows.vids).orderBy('vehicle_package_id').execute(),
    db
      .selectFrom('vehicle_package_logs')
      .select('vehicle_package_log_id')
      .where('vid', 'in', rows.vids)
      .orderBy('vehicle_package_log_id')
      .execute(),
    db.selectFrom('password_resets').select('token_hash').where('uid', 'in', rows.uids).orderBy('token_hash').execute(),
    db.selectFrom('geofences').selectAll().where('uid', 'in', rows.uids).orderBy('geoid').execute(),
    db.selectFrom('geofence_templates').selectAll().where('uid', 'in', rows.uids).orderBy('gtid').execute(),
    db
      .selectFrom('geofence_template_members as m')
      .innerJoin('geofence_templates as t', 't.gtid', 'm.gtid')
      .select(['m.gtid', 'm.geoid'])
      .where('t.uid', 'in', rows.uids)
      .orderBy('m.gtid')
      .orderBy('m.geoid')
      .execute(),
    db.selectFrom('rule_templates').selectAll().where('uid', 'in', rows.uids).orderBy('rtid').execute(),
    db
      .selectFrom('rules as r')
      .innerJoin('rule_templates as t', 't.rtid', 'r.rtid')
      .selectAll('r')
      .where('t.uid', 'in', rows.uids)
      .orderBy('r.ruid')
      .execute(),
    db.selectFrom('tickets').selectAll().where('vid', 'in', rows.vids).orderBy('ticket_id').execute(),
    db.selectFrom('api_tokens').selectAll().where('uid', 'in', rows.uids).orderBy('token_id').execute(),
  ]);
  return JSON.stringify(parts);
}

describe.each(kinds)('authorization matrix on %s: every role × every call × own and foreign objects', (kind) => {
  let server: TestServer;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let world: World;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(kind, {
      JEJAK_SMTP_HOST: '127.0.0.1',
      JEJAK_SMTP_PORT: String(sink.port),
      // Every call from one address, many times a minute: the limits have their own suite.
      JEJAK_LOGIN_MAX_PER_MINUTE: '10000',
    });
    world = await buildWorld(server.app.database.db, server.baseUrl, (await signIn(server.baseUrl, 'super')).c);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  it('has a spec for every API path', () => {
    expect(Object.keys(ROUTE_SPECS).sort()).toEqual(ROUTES.map(([k]) => k).sort());
  });

  it.each(['super', 'support', 'distributor', 'fleetOwner', 'fleetManager', 'fleetOperator'])(
    '%s: no 500s, no leaks, foreign answers like missing, foreign rows untouched',
    async (name) => {
      const caller = world.callers.find((c) => c.name === name);
      if (!caller) throw new Error(name);
      const role = caller.role as PermissionRole;
      const rows = world.foreignRows[name];
      const before = rows ? await snapshot(server, rows) : null;
      const problems: string[] = [];
      const show = (body: unknown) => JSON.stringify(body).slice(0, 300);
      const leaks = (path: string, variant: string, body: unknown) => {
        const text = JSON.stringify(body);
        for (const id of caller.foreignIds) if (text.includes(id)) problems.push(`${path} ${variant}: leaks ${id}`);
      };
      const send = async (path: string, body: unknown) => caller.c.post(path, body);

      for (const [key, path] of ROUTES) {
        const spec = ROUTE_SPECS[key];
        if ('skip' in spec) continue;
        const call = (o: Objects) => send(path, spec.body(o));
        const own = await call(caller.own);
        if (own.status >= 500) problems.push(`${path} own: ${own.status} ${show(own.body)}`);
        const forbidden = own.body.errorType === 'Forbidden';
        if (forbidden === allowed(role, spec.gate))
          problems.push(`${path} own: ${forbidden ? 'refused' : 'allowed'} ${show(own.body)}`);
        if (!forbidden && own.status === 404 && own.body.message !== 'This vehicle has no package')
          problems.push(`${path} own: not found ${show(own.body)}`);
        leaks(path, 'own', own.body);
        if (!caller.foreign) continue;
        const foreign = await call(caller.foreign);
        const absent = await call(missing(caller.foreign));
        for (const [variant, r] of [
          ['foreign', foreign],
          ['missing', absent],
        ] as const)
          if (r.status >= 500) problems.push(`${path} ${variant}: ${r.status} ${show(r.body)}`);
        // A foreign object answers exactly like a missing one (key-set calls such as search
        // and getstages name no object, so both answers are the same call's).
        if (JSON.stringify(foreign.body) !== JSON.stringify(absent.body) || foreign.status !== absent.status)
          problems.push(
            `${path}: foreign ${foreign.status} ${show(foreign.body)} ≠ missing ${absent.status} ${show(absent.body)}`,
          );
        leaks(path, 'foreign', foreign.body);
      }
      expect(problems).toEqual([]);
      if (rows && before) expect(await snapshot(server, rows)).toBe(before);
    },
    240_000,
  );
});
