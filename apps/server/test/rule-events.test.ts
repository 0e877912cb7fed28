import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveServerMessage } from '@jejak/contract';
import { encodeSos16 } from '@jejak/protocols';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { gt06Track } from './device-client.ts';
import { apiClient, startTestServer, type TestServer } from './harness.ts';
import { openLive } from './live-client.ts';

// Demo vehicles 0 and 1 belong to owner; owner2 may not see them.
const SOS_IMEI = demoImei(0);
const SPEED_IMEI = demoImei(1);
const dvidOf = (imei: string) => `GPS100#${imei}`;
type NotifyMessage = Extract<LiveServerMessage, { mode: 'notify' }>;

/** An SOS press at this fix, as a GT06 0x16 alarm packet. */
const encodeSos = (fix: { timeMs: number; lat: number; lon: number }, serial: number) =>
  encodeSos16({ ...fix, speedKmh: 0, course: 0, satellites: 9, valid: true, reupload: false, acc: true }, serial);

describe('rules in the pipeline, over a real GT06 socket (pglite)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.stop();
  });
  const db = () => server.app.database.db;

  async function watch(email: string, imei: string) {
    const client = apiClient(server.baseUrl);
    const me = await client.login(email);
    const live = await openLive(server.baseUrl, client.cookie);
    live.ws.send(JSON.stringify({ action: 'subscribeTo', data: { ids: [`dev#${dvidOf(imei)}`], uid: me.uid } }));
    await live.until((m) => m.mode === 'subscribed');
    const notes = () => live.messages.filter((m): m is NotifyMessage => m.mode === 'notify');
    return { live, notes };
  }
  const count = async (table: 'events' | 'tickets', dvid: string) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} t
        where t.vid = (select vid from vehicles where dvid = ${dvid})`.execute(db())
    ).rows[0]?.n;

  it('an SOS alarm packet stores a CRITICAL SOS event, opens a ticket and notifies who may see the vehicle', async () => {
    const owner = await watch('owner@demo.jejak.my', SOS_IMEI);
    const stranger = await watch('owner2@demo.jejak.my', SOS_IMEI);
    const t0 = Math.floor(Date.now() / 1000) * 1000 - 600_000;
    const tracker = await gt06Track(server.gt06Port, SOS_IMEI, t0);
    await tracker.send(0, true);
    const sosAt = { timeMs: tracker.now() + 30_000, ...tracker.here() };
    tracker.device.write(encodeSos(sosAt, 100));
    await tracker.device.ack(100);

    const note = (await owner.live.until((m) => m.mode === 'notify')) as NotifyMessage;
    expect(note.id).toBe(`dev#${dvidOf(SOS_IMEI)}`);
    expect(note.item).toMatchObject({
      eventName: 'SOS',
      eventType: 'CRITICAL',
      eventResult: 1,
      alarm: 'sos',
      ruid: 'builtin.sos',
      eventCreatedAt: sosAt.timeMs,
      dvid: dvidOf(SOS_IMEI),
    });
    expect(note.item.vehiclePlate.length).toBeGreaterThan(0);
    expect(note.item.address).toMatch(/\S/);
    const stored = await sql<{ event_name: string; event_type: string; ticket: string | null }>`
      select e.event_name, e.event_type, t.ticket_id as ticket from events e
      left join tickets t on t.evid = e.evid where e.evid = ${note.item.evid}`.execute(db());
    expect(stored.rows.map((r) => [r.event_name, r.event_type, typeof r.ticket])).toEqual([
      ['SOS', 'CRITICAL', 'string'],
    ]);

    // The tracker sends the same alarm again (its ack was lost): stored once, announced once.
    tracker.device.write(encodeSos(sosAt, 101));
    await tracker.device.ack(101);
    await owner.live.flushed();
    expect(await count('events', dvidOf(SOS_IMEI))).toBe(1);
    expect(await count('tickets', dvidOf(SOS_IMEI))).toBe(1);
    expect(owner.notes()).toHaveLength(1);
    await stranger.live.flushed();
    expect(stranger.notes()).toEqual([]);
    tracker.device.close();
    owner.live.ws.close();
    stranger.live.ws.close();
  });

  it('a speed hovering at a rule limit gives one violation and one compliance; memory data never fires', async () => {
    const dvid = dvidOf(SPEED_IMEI);
    const { vid, uid } = (
      await sql<{ vid: string; uid: string }>`select vid, uid from vehicles where dvid = ${dvid}`.execute(db())
    ).rows[0] ?? { vid: '', uid: '' };
    const rtid = randomUUID();
    const now = Date.now();
    await db()
      .insertInto('rule_templates')
      .values({ rtid, uid, template_name: 'Highway', created_at: now, updated_by: uid, updated_at: now })
      .execute();
    await db().insertInto('vehicle_rule_templates').values({ vid, rtid }).execute();
    await db()
      .insertInto('rules')
      .values({
        ruid: randomUUID(),
        rtid,
        rule_name: 'Over 80',
        rule_type: 'warning',
        rule_complied_name: 'Back under 80',
        rule_violated_name: 'Over 80',
        conditions: JSON.stringify([{ parameter: 'speed', operator: 'more', value: 80 }]),
        trigger_type: null,
        template_type: null,
        created_by: uid,
        created_at: now,
        updated_at: now,
      })
      .execute();
    server.app.bus.publish('rules.changed', { rtids: [rtid] });

    const owner = await watch('owner@demo.jejak.my', SPEED_IMEI);
    const t0 = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
    const tracker = await gt06Track(server.gt06Port, SPEED_IMEI, t0);
    await tracker.send(0, true);
    // A memory upload of a fast fix from before: stored, never evaluated.
    await tracker.sendAt({ timeMs: t0 - 600_000, at: tracker.here(), speedKmh: 150, acc: true, reupload: true });
    for (const kmh of [60, 90, 90, 85, 78, 84, 79, 60, 60, 60]) await tracker.send(kmh, true, kmh / 60);
    // The demo fleet's own 'Speeding' rule (DEMO_SPEED_LIMIT_KMH) watches this vehicle too: only this
    // template's events are counted.
    await owner.live.until((m) => m.mode === 'notify' && m.item.rtid === rtid && m.item.eventResult === 0);
    await owner.live.flushed();
    const ours = owner.notes().filter((n) => n.item.rtid === rtid);
    expect(ours.map((n) => [n.item.eventName, n.item.eventType, n.item.eventResult, n.item.speed])).toEqual([
      ['Over 80', 'WARNING', 1, 90],
      ['Back under 80', 'WARNING', 0, 60],
    ]);
    const stored = await sql<{
      n: number;
    }>`select count(*)::int as n from events where dvid = ${dvid} and rtid = ${rtid}`.execute(db());
    expect(stored.rows[0]?.n).toBe(2);
    expect(await count('tickets', dvid)).toBe(0);
    tracker.device.close();
    owner.live.ws.close();
  });
});
