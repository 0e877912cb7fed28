import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_PATHS, ALERT_TEXTS, type Ticket } from '@jejak/contract';
import { signIn, type Client, type Me } from './accounts-fixture.ts';
import { insertTicket } from './alerts-fixture.ts';
import { dbKinds, startTestServer, type TestServer } from './harness.ts';

const kinds = await dbKinds();
const T0 = Date.UTC(2026, 10, 20, 1, 0);
const MINUTE = 60_000;
const NOT_FOUND = { status: 404, errorType: 'NotFound', message: ALERT_TEXTS.ticketNotFound };

describe.each(kinds)('SOS tickets on %s', (kind) => {
  let server: TestServer;
  let owner: { c: Client; me: Me };
  let operator: { c: Client; me: Me };
  let owner2: { c: Client; me: Me };
  let manager: { c: Client; me: Me };
  const vid: Record<string, string> = {};
  const ticket: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(kind);
    const db = server.app.database.db;
    [owner, operator, owner2] = await Promise.all([
      signIn(server.baseUrl, 'owner'),
      signIn(server.baseUrl, 'operator'),
      signIn(server.baseUrl, 'owner2'),
    ]);
    // The demo's fleet manager, given the operator's group: it may resolve.
    manager = await signIn(server.baseUrl, 'manager');
    for (const r of await db.selectFrom('vehicles').select(['vid', 'vehicle_plate']).execute())
      vid[r.vehicle_plate] = r.vid;
    const at = (plate: string, minutes: number, name = 'SOS', location: { lat: number; lon: number } | null = null) =>
      insertTicket(db, {
        vid: vid[plate] ?? '',
        eventTime: T0 + minutes * MINUTE,
        eventName: name,
        ...(location ? { location } : { location: null }),
      });
    ticket.bmkOld = (await at('BMK 5521', 0, 'SOS', { lat: 3.05, lon: 101.6 })).ticketId;
    ticket.wvc = (await at('WVC 3308', 5, 'POWER CUT')).ticketId;
    ticket.bmkNew = (await at('BMK 5521', 10, 'ACCIDENT')).ticketId;
    ticket.bkt = (await at('BKT 3321', 3)).ticketId;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = async (c: Client, vids: string[]) => c.post(ALERT_PATHS.ticketGet, { vids });
  const ids = (r: { body: Record<string, unknown> }) => (r.body.ticketList as Ticket[]).map((t) => t.ticketId);
  const resolve = (c: Client, me: Me, states: { ticketId: string; vid: string }[]) =>
    c.post(ALERT_PATHS.ticketAcknowledge, { ticketStates: states, remark: 'Ticket(s) acknowledged', uid: me.uid });

  it('lists open tickets with their event, newest first; all the caller reaches when no vehicle is named', async () => {
    const all = await get(owner.c, []);
    expect(all.status).toBe(200);
    expect(ids(all)).toEqual([ticket.bmkNew, ticket.wvc, ticket.bmkOld]);
    const first = (all.body.ticketList as Ticket[])[2];
    expect(first).toMatchObject({
      vid: vid['BMK 5521'],
      event: { eventName: 'SOS', eventType: 'CRITICAL', location: { lat: 3.05, lon: 101.6 }, eventCreatedAt: T0 },
      createdAt: T0 + 500,
    });
    expect(ids(await get(owner.c, [vid['WVC 3308'] ?? '']))).toEqual([ticket.wvc]);
    // The operator reaches only its group's vehicles (WVC 3308 is outside it).
    expect(ids(await get(operator.c, []))).toEqual([ticket.bmkNew, ticket.bmkOld]);
    expect(ids(await get(owner2.c, []))).toEqual([ticket.bkt]);
  });

  it("refuses another tree's vehicles like missing ones", async () => {
    const foreign = await get(owner2.c, [vid['BMK 5521'] ?? '']);
    const missing = await get(owner2.c, ['no-such-vehicle']);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(missing.body);
  });

  it('resolves only with the resolve grant, and never a ticket out of reach', async () => {
    const state = { ticketId: ticket.bmkOld ?? '', vid: vid['BMK 5521'] ?? '' };
    expect((await resolve(operator.c, operator.me, [state])).body.errorType).toBe('Forbidden');
    expect((await resolve(owner2.c, owner2.me, [state])).body).toEqual(NOT_FOUND);
    expect(
      (await resolve(owner2.c, owner2.me, [{ ticketId: 'no-such-ticket', vid: vid['BKT 3321'] ?? '' }])).body,
    ).toEqual(NOT_FOUND);
    // Named with another vehicle: not this ticket.
    expect((await resolve(owner.c, owner.me, [{ ...state, vid: vid['WVC 3308'] ?? '' }])).body).toEqual(NOT_FOUND);
    expect(ids(await get(owner.c, []))).toContain(ticket.bmkOld);
  });

  it('resolves tickets once, all or none, and keeps who and why', async () => {
    const bmkOld = { ticketId: ticket.bmkOld ?? '', vid: vid['BMK 5521'] ?? '' };
    const wvc = { ticketId: ticket.wvc ?? '', vid: vid['WVC 3308'] ?? '' };
    const r = await resolve(manager.c, manager.me, [bmkOld]);
    expect(r.body).toEqual({ status: 200, ticketIds: [ticket.bmkOld] });
    const row = await server.app.database.db
      .selectFrom('tickets')
      .selectAll()
      .where('ticket_id', '=', ticket.bmkOld ?? '')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ resolved_by: manager.me.uid, remark: 'Ticket(s) acknowledged' });
    expect(row.resolved_at).not.toBeNull();
    // Already resolved: a clear error, and the other ticket named with it stays open.
    expect((await resolve(owner.c, owner.me, [wvc, bmkOld])).body).toEqual(NOT_FOUND);
    expect(ids(await get(owner.c, []))).toEqual([ticket.bmkNew, ticket.wvc]);
    expect((await resolve(owner.c, owner.me, [wvc])).body).toEqual({ status: 200, ticketIds: [ticket.wvc] });
  });
});
