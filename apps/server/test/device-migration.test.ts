import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/storage/db/migrate.ts';
import { dbKinds, startTestServer, type TestServer } from './harness.ts';

const MIGRATION = '020_device_management.sql';

/**
 * Migration 020 on a database that already holds fleets: the demo data is rolled back to before
 * it (its objects dropped, two devices given one SIM), then the migration runs again.
 */
describe.each(await dbKinds())('migration 020 on an existing %s database', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
    const db = server.app.database.db;
    await sql`drop table device_group_members`.execute(db);
    await sql`drop table device_groups`.execute(db);
    await sql`drop index devices_sim_card_key`.execute(db);
    for (const column of ['brand', 'last_package', 'last_fuel_l', 'last_record_at'])
      await sql.raw(`alter table devices drop column ${column}`).execute(db);
    await db.deleteFrom('schema_migrations').where('name', '=', MIGRATION).execute();
    const [first, second] = await db
      .selectFrom('devices')
      .select(['dvid', 'sim_card'])
      .orderBy('dvid')
      .limit(2)
      .execute();
    await sql`update devices set sim_card = ${first?.sim_card ?? ''}, created_at = created_at + 1 where dvid = ${second?.dvid ?? ''}`.execute(
      db,
    );
    expect(await migrate(db)).toEqual([MIGRATION]);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("gives every distributor and fleet owner an 'ALL' device group holding its devices", async () => {
    const db = server.app.database.db;
    const holders = await db
      .selectFrom('users')
      .select('uid')
      .where('user_role', 'in', ['distributor', 'fleetOwner'])
      .orderBy('uid')
      .execute();
    const groups = await db.selectFrom('device_groups').select(['uid', 'group_name']).orderBy('uid').execute();
    expect(groups).toEqual(holders.map((h) => ({ uid: h.uid, group_name: 'ALL' })));
    const ungrouped = await db
      .selectFrom('devices as d')
      .innerJoin('users as u', 'u.uid', 'd.uid')
      .select('d.dvid')
      .where('u.user_role', 'in', ['distributor', 'fleetOwner'])
      .where('d.dvid', 'not in', db.selectFrom('device_group_members').select('dvid'))
      .execute();
    expect(ungrouped).toEqual([]);
  });

  it('keeps a SIM held twice on the older device, clears the other with an audit row, then holds it unique', async () => {
    const db = server.app.database.db;
    const [first, second] = await db
      .selectFrom('devices')
      .select(['dvid', 'sim_card'])
      .orderBy('dvid')
      .limit(2)
      .execute();
    expect(first?.sim_card).not.toBe('');
    expect(second?.sim_card).toBe('');
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'details'])
      .where('target_id', '=', second?.dvid ?? '')
      .execute();
    expect(audit).toEqual([
      { action: 'device.simCleared', target_type: 'device', details: { simCard: first?.sim_card } },
    ]);
    await expect(
      sql`update devices set sim_card = ${first?.sim_card ?? ''} where dvid = ${second?.dvid ?? ''}`.execute(db),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
