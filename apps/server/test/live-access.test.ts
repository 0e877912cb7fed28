import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SESSION_ENDED_CLOSE } from '@jejak/contract';
import { encodeGps22, encodeLogin } from '@jejak/protocols';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { insertUser, signIn } from './accounts-fixture.ts';
import { connectDevice } from './device-client.ts';
import { openLive } from './live-client.ts';
import { startTestServer, type TestServer } from './harness.ts';

// Issue 10 item 2 / ADR 0032: a live socket stops carrying a vehicle as soon as the change
// that hides it is committed, and a socket whose session ended closes with a code that sends
// the console to sign-in. Demo vehicles 0–4 are in the operator's group; 0–11 are owner's.
// Demo vehicles 6, 8, 10 and 11 carry Teltonika fuel trackers: these tests drive GT06 ones only.
const dvidOf = (i: number) => `GPS100#${demoImei(i)}`;
type Live = Awaited<ReturnType<typeof openLive>>;

describe('live access ends when access ends', () => {
  let server: TestServer;
  let clockOffsetMs = 0;
  let control: Live;
  const devices = new Map<
    number,
    { device: Awaited<ReturnType<typeof connectDevice>>; serial: number; timeMs: number; lon: number }
  >();

  /** A signed-in user's live socket subscribed to these demo vehicles. */
  async function liveOf(who: string, vehicles: number[], password?: string) {
    const { c, me } = await signIn(server.baseUrl, who, password);
    const live = await openLive(server.baseUrl, c.cookie);
    const ids = vehicles.map((i) => `dev#${dvidOf(i)}`);
    live.ws.send(JSON.stringify({ action: 'subscribeTo', data: { uid: me.uid, ids } }));
    await live.until((m) => m.mode === 'subscribed');
    return { live, me, c };
  }

  /**
   * Drives one fix of demo vehicle `i` over the GT06 gateway, 10 s and 55 m after its last one
   * (a plausible drive the filters keep); returns the fix's time, the marker of its messages.
   */
  async function drive(i: number): Promise<number> {
    let d = devices.get(i);
    if (!d) {
      const device = await connectDevice(server.gt06Port);
      device.write(encodeLogin(demoImei(i), 1));
      await device.ack(1);
      d = { device, serial: 1, timeMs: Math.floor(Date.now() / 1000) * 1000 - 1_800_000, lon: 101.6 };
      devices.set(i, d);
    }
    d.serial += 1;
    d.timeMs += 10_000;
    d.lon += 0.0005;
    const fix = { timeMs: d.timeMs, lat: 3.1 + i / 100, lon: d.lon, speedKmh: 20, course: 90, satellites: 9 };
    d.device.write(encodeGps22({ ...fix, valid: true, reupload: false, acc: true }, d.serial));
    await d.device.ack(d.serial);
    return d.timeMs;
  }

  const carries = (live: Live, i: number, at: number) =>
    live.messages.some((m) => m.mode === 'dev' && m.id === `dev#${dvidOf(i)}` && m.item.deviceTime === at);

  /**
   * Whether `live` still gets vehicle `i`: a fix is driven until the control socket (super,
   * sees everything) has it; the hub writes every subscriber in the same turn, so once the
   * control has it and `live` has flushed, `live` has it too or never will.
   */
  async function stillSees(live: Live, i: number): Promise<boolean> {
    const at = await drive(i);
    await control.until((m) => m.mode === 'dev' && m.id === `dev#${dvidOf(i)}` && m.item.deviceTime === at);
    await live.flushed();
    return carries(live, i, at);
  }

  beforeAll(async () => {
    server = await startTestServer(
      'pglite',
      { JEJAK_ALLOWED_ORIGINS: 'https://fleet.example.com' },
      () => Date.now() + clockOffsetMs,
    );
    control = (await liveOf('super', [0, 1, 2, 3, 5, 7, 9, 12])).live;
  });
  afterAll(async () => {
    for (const d of devices.values()) d.device.close();
    await server?.stop();
  });

  it("looks at a subscribe only as far as the user's reach, plus 100 lost ids (ADR 0082)", async () => {
    // The operator sees demo vehicles 0–4: ids past the 105th are refused unread, and an id
    // that is no text is refused alone, not the whole subscribe.
    const { c, me } = await signIn(server.baseUrl, 'operator');
    const live = await openLive(server.baseUrl, c.cookie);
    const lost = (n: number) => Array.from({ length: n }, (_, k) => `dev#GPS100#${String(k).padStart(15, '7')}`);
    const answers = () => live.messages.filter((m) => m.mode === 'subscribed');
    const subscribe = async (ids: unknown[]) => {
      const before = answers().length;
      live.ws.send(JSON.stringify({ action: 'subscribeTo', data: { uid: me.uid, ids } }));
      await live.until(() => answers().length > before);
      return answers()[before]?.item;
    };
    const mine = `dev#${dvidOf(0)}`;
    expect(await subscribe([...lost(103), 42, mine])).toEqual({ ids: [mine], rejected: 104 });
    expect(await subscribe([...lost(105), mine])).toEqual({ ids: [], rejected: 106 });
    live.ws.close();
  });

  it('stops a vehicle group taken from a fleet operator (userrelation/update)', async () => {
    const { live } = await liveOf('operator', [0, 1]);
    expect(await stillSees(live, 0)).toBe(true);
    const { c: owner, me: ownerMe } = await signIn(server.baseUrl, 'owner');
    const operator = await server.app.database.db
      .selectFrom('users')
      .select(['uid', 'user_role'])
      .where('user_email', '=', 'operator@demo.jejak.my')
      .executeTakeFirstOrThrow();
    const relation = (vgids: string[]) => ({
      srcUser: { uid: ownerMe.uid, userRole: ownerMe.userRole },
      destUser: { uid: operator.uid, userRole: operator.user_role },
      ids: { vgids, gtids: [], rtids: [] },
    });
    const linked = await server.app.database.db
      .selectFrom('user_vehicle_groups')
      .select('vgid')
      .where('uid', '=', operator.uid)
      .execute();
    expect((await owner.post('/userrelation/update', relation([]))).status).toBe(200);
    expect(await stillSees(live, 0)).toBe(false);
    expect(await stillSees(live, 1)).toBe(false);
    // The console is told what it still has.
    expect(live.messages.filter((m) => m.mode === 'subscribed').at(-1)?.item).toEqual({ ids: [], rejected: 2 });
    // Given back, the group is live again after a new subscription (the console refetches).
    expect((await owner.post('/userrelation/add', relation(linked.map((l) => l.vgid)))).status).toBe(200);
    live.ws.close();
  });

  it('closes the sockets of a disabled user with the sign-in-again code', async () => {
    const { live, me } = await liveOf('operator', [0]);
    expect(await stillSees(live, 0)).toBe(true);
    const db = server.app.database.db;
    await db.updateTable('users').set({ disabled: true }).where('uid', '=', me.uid).execute();
    server.app.bus.publish('access.changed', { uids: [me.uid] });
    expect(await stillSees(live, 0)).toBe(false);
    expect(await live.closed).toBe(LIVE_SESSION_ENDED_CLOSE);
    await db.updateTable('users').set({ disabled: false }).where('uid', '=', me.uid).execute();
  });

  it('reads every socket again when the bus comes back from a cut (an access change sent meanwhile was lost)', async () => {
    const { live, me } = await liveOf('operator', [0]);
    expect(await stillSees(live, 0)).toBe(true);
    const db = server.app.database.db;
    // Disabled on another node while this one was cut from NATS: its access.changed never came.
    await db.updateTable('users').set({ disabled: true }).where('uid', '=', me.uid).execute();
    expect(await stillSees(live, 0)).toBe(true);
    server.app.bus.publish('bus.resumed', { afterMs: 2_000 });
    expect(await stillSees(live, 0)).toBe(false);
    expect(await live.closed).toBe(LIVE_SESSION_ENDED_CLOSE);
    await db.updateTable('users').set({ disabled: false }).where('uid', '=', me.uid).execute();
  });

  it("stops a vehicle when a fleet operator's group is configured to another (user/configure)", async () => {
    const { live, me } = await liveOf('operator', [0]);
    expect(await stillSees(live, 0)).toBe(true);
    const { c: owner, me: ownerMe } = await signIn(server.baseUrl, 'owner');
    const vgid = randomUUID();
    await server.app.database.db
      .insertInto('vehicle_groups')
      .values({ vgid, uid: ownerMe.uid, group_name: 'Kosong', color_hex: 'FFFFFF', created_at: Date.now() })
      .execute();
    const row = await server.app.database.db
      .selectFrom('users')
      .selectAll()
      .where('uid', '=', me.uid)
      .executeTakeFirstOrThrow();
    const user = {
      uid: row.uid,
      userName: row.user_name,
      userEmail: row.user_email,
      userRole: row.user_role,
      userContact: row.user_contact,
      userAddress: row.user_address,
    };
    const r = await owner.post('/user/configure', { user, vgid });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await stillSees(live, 0)).toBe(false);
    live.ws.close();
  });

  it('stops a vehicle moved to another owner', async () => {
    const { live } = await liveOf('owner', [5, 9]);
    expect(await stillSees(live, 5)).toBe(true);
    const db = server.app.database.db;
    const owner2 = await db
      .selectFrom('users')
      .select('uid')
      .where('user_email', '=', 'owner2@demo.jejak.my')
      .executeTakeFirstOrThrow();
    // No API moves a vehicle yet; the service that will must announce it as this does (ADR 0032).
    await db.transaction().execute(async (tx) => {
      await tx.updateTable('vehicles').set({ uid: owner2.uid }).where('dvid', '=', dvidOf(5)).execute();
      await tx.updateTable('devices').set({ uid: owner2.uid }).where('dvid', '=', dvidOf(5)).execute();
    });
    server.app.bus.publish('access.changed', { uids: 'all' });
    expect(await stillSees(live, 5)).toBe(false);
    // The vehicles it still reaches keep coming.
    expect(await stillSees(live, 9)).toBe(true);
    live.ws.close();
  });

  it('stops everything when a role change takes the global reach away', async () => {
    const db = server.app.database.db;
    const support = await insertUser(db, { role: 'support', parent: null, email: 'support-live@demo.jejak.my' });
    const { live } = await liveOf('support-live@demo.jejak.my', [7, 12]);
    expect(await stillSees(live, 7)).toBe(true);
    // Support and super are not roles the API edits; the change is announced as a service would.
    await db.updateTable('users').set({ user_role: 'fleetOwner' }).where('uid', '=', support.uid).execute();
    server.app.bus.publish('access.changed', { uids: [support.uid] });
    expect(await stillSees(live, 7)).toBe(false);
    expect(await stillSees(live, 12)).toBe(false);
    live.ws.close();
  });

  it("closes a session's socket when a password change elsewhere ends it", async () => {
    const { live } = await liveOf('owner2', [12]);
    const { c: other } = await signIn(server.baseUrl, 'owner2');
    const r = await other.post('/auth/changepassword', {
      email: 'owner2@demo.jejak.my',
      currentPassword: 'demo1234',
      newPassword: 'Lintasan-Baru-77',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await stillSees(live, 12)).toBe(false);
    expect(await live.closed).toBe(LIVE_SESSION_ENDED_CLOSE);
  });

  it('closes a signed-out session with the sign-in-again code', async () => {
    const { live, c } = await liveOf('distributor', [3]);
    expect(await stillSees(live, 3)).toBe(true);
    await c.post('/auth/logout');
    expect(await stillSees(live, 3)).toBe(false);
    expect(await live.closed).toBe(LIVE_SESSION_ENDED_CLOSE);
  });

  it('refuses a cross-site upgrade and lets same-site, listed and non-browser clients in', async () => {
    const { c } = await signIn(server.baseUrl, 'owner');
    const hostOrigin = new URL(server.baseUrl).origin;
    const cases: [Record<string, string>, number | null][] = [
      [{ origin: 'https://evil.example' }, 403],
      [{ origin: 'null' }, 403],
      [{ origin: `${hostOrigin}.evil.example` }, 403],
      [{ origin: hostOrigin }, null],
      [{ origin: 'https://fleet.example.com' }, null],
      [{}, null],
    ];
    for (const [headers, refused] of cases) {
      const live = await openLive(server.baseUrl, c.cookie, headers);
      expect(live.refusedWith, JSON.stringify(headers)).toBe(refused);
      expect(live.ws.readyState === live.ws.OPEN, JSON.stringify(headers)).toBe(refused === null);
      live.ws.close();
    }
  });

  // Last: moving the clock ends every session of this server.
  it('closes a socket when its session expires, within the second sweep', async () => {
    const { live } = await liveOf('owner', [9]);
    expect(await stillSees(live, 9)).toBe(true);
    clockOffsetMs = server.app.config.JEJAK_SESSION_TTL_HOURS * 3_600_000 + 1_000;
    expect(await live.closed).toBe(LIVE_SESSION_ENDED_CLOSE);
    // A socket opened with the expired cookie is closed the same way.
    const again = await openLive(server.baseUrl, (await signIn(server.baseUrl, 'distributor')).c.cookie);
    clockOffsetMs += server.app.config.JEJAK_SESSION_TTL_HOURS * 3_600_000 + 1_000;
    expect(await again.closed).toBe(LIVE_SESSION_ENDED_CLOSE);
  });
});
