import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MAINTENANCE_PATHS, MAINTENANCE_TEXTS, type MaintenanceRow } from '@jejak/contract';
import { apiClient, dbKinds, startTestServer, type TestServer } from './harness.ts';
import { startSmtpSink } from './smtp-sink.ts';

const kinds = await dbKinds();
const DAY_MS = 86_400_000;

/** Maintenance reminders (issue 28 item 8, ADR 0092) over the API, with a real SMTP server. */
describe.each(kinds)('maintenance reminders on %s', (kind) => {
  let server: TestServer;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let owner: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(kind, {
      JEJAK_SMTP_HOST: '127.0.0.1',
      JEJAK_SMTP_PORT: String(sink.port),
      JEJAK_MAINTENANCE_SWEEP_MS: '1000',
    });
    owner = apiClient(server.baseUrl);
    await owner.login('owner@demo.jejak.my');
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  const db = () => server.app.database.db;
  async function ownersVehicles() {
    const r = await sql<{ vid: string; plate: string; mileage: number }>`
      select v.vid, v.vehicle_plate as plate, v.mileage_km as mileage from vehicles v join users u on u.uid = v.uid
      where u.user_email = 'owner@demo.jejak.my' order by v.vehicle_plate`.execute(db());
    return r.rows;
  }
  const list = async () => (await owner.post(MAINTENANCE_PATHS.maintenanceGet, {})).body.items as MaintenanceRow[];
  const mailsAbout = (plate: string) => sink.mails.filter((m) => m.decoded.includes(`service due for ${plate}`));

  it('lists a service due soon, mails the owner once, and rolls it forward when done', async () => {
    const [first, second] = await ownersVehicles();
    if (!first || !second) throw new Error('the demo owner has two vehicles');
    await db()
      .updateTable('vehicles')
      .set({ service_next_mileage: Math.round(Number(first.mileage)) + 100 })
      .where('vid', '=', first.vid)
      .execute();
    const row = (await list()).find((r) => r.vid === first.vid && r.item === 'service');
    expect(row).toMatchObject({
      state: 'DUE_SOON',
      leftKm: Math.round(Number(first.mileage)) + 100 - Number(first.mileage),
    });

    const mail = await sink.nextMail();
    expect(mail.to).toEqual(['owner@demo.jejak.my']);
    expect(mail.decoded).toContain(`Jejak: service due for ${first.plate}`);
    expect(mail.decoded).toContain('General service of');

    const done = await owner.post(MAINTENANCE_PATHS.maintenanceDone, {
      vid: first.vid,
      item: 'service',
      interval: { km: 5000, hours: null, days: 180 },
      note: 'Oil and filters',
    });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(MAINTENANCE_TEXTS.done);
    const after = done.body.item as MaintenanceRow;
    expect(after).toMatchObject({
      state: 'OK',
      dueKm: Math.round(Number(first.mileage) + 5000),
      interval: { km: 5000, hours: null, days: 180 },
      lastDoneBy: 'owner@demo.jejak.my',
    });
    expect(after.leftDays).toBeGreaterThanOrEqual(179);
    const logged = await db().selectFrom('maintenance_log').selectAll().where('vid', '=', first.vid).execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]?.note).toBe('Oil and filters');

    // Another vehicle overdue: its own mail comes, and the first vehicle's is not sent again.
    await db()
      .updateTable('vehicles')
      .set({ engine_service_due_date: Date.now() - 2 * DAY_MS })
      .where('vid', '=', second.vid)
      .execute();
    await expect.poll(() => mailsAbout(second.plate).length, { timeout: 15_000 }).toBe(1);
    expect(mailsAbout(second.plate)[0]?.decoded).toContain('is overdue');
    expect(mailsAbout(first.plate)).toHaveLength(1);
    expect((await list()).find((r) => r.vid === second.vid)?.state).toBe('OVERDUE');
  });

  it('lets an operator read the list but not mark a service done, and nobody outside the fleet', async () => {
    const [first] = await ownersVehicles();
    const operator = apiClient(server.baseUrl);
    await operator.login('operator@demo.jejak.my');
    expect((await operator.post(MAINTENANCE_PATHS.maintenanceGet, {})).status).toBe(200);
    const body = { vid: first?.vid, item: 'service', interval: { km: 1000, hours: null, days: null } };
    expect((await operator.post(MAINTENANCE_PATHS.maintenanceDone, body)).status).toBe(403);
    const other = apiClient(server.baseUrl);
    await other.login('owner2@demo.jejak.my');
    expect((await other.post(MAINTENANCE_PATHS.maintenanceGet, {})).body.items).not.toContainEqual(
      expect.objectContaining({ vid: first?.vid }),
    );
    expect((await other.post(MAINTENANCE_PATHS.maintenanceDone, body)).status).toBe(403);
    const notDue = await owner.post(MAINTENANCE_PATHS.maintenanceDone, { ...body, item: 'rearAxle' });
    expect(notDue.status).toBe(400);
    expect(notDue.body.message).toBe(MAINTENANCE_TEXTS.notDue);
  });
});
