import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHARE_LINKS_PER_USER,
  SHARE_PAGE_PREFIX,
  SHARE_PATHS,
  SHARE_TEXTS,
  type ShareLink,
  type ShareView,
} from '@jejak/contract';
import { apiClient, dbKinds, registerVehicle, startTestServer, type TestServer } from './harness.ts';

const kinds = await dbKinds();
const IMEI = '868120300009101';
const OTHER_IMEI = '868120300009102';

describe.each(kinds)('share links on %s', (kind) => {
  let server: TestServer;
  let owner: ReturnType<typeof apiClient>;
  let vid: string;
  let otherVid: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    vid = await registerVehicle(server.app, {
      model: 'GPS100',
      imei: IMEI,
      ownerEmail: 'owner@demo.jejak.my',
      plate: 'SHR 1',
      name: 'Lori hantaran',
    });
    otherVid = await registerVehicle(server.app, {
      model: 'GPS100',
      imei: OTHER_IMEI,
      ownerEmail: 'owner@demo.jejak.my',
      plate: 'SHR 2',
      name: 'Lori lain',
    });
    await db()
      .updateTable('devices')
      .set({ lat: 3.139, lon: 101.6869, speed: 42, heading: 90, device_time: 1_790_000_000_000, is_alive: true })
      .where('dvid', '=', `GPS100#${IMEI}`)
      .execute();
    owner = apiClient(server.baseUrl);
    await owner.login('owner@demo.jejak.my');
  });
  afterAll(async () => {
    await server?.stop();
  });

  const db = () => server.app.database.db;
  const add = async (body: Record<string, unknown> = {}) =>
    owner.post(SHARE_PATHS.shareAdd, { vid, label: 'Delivery to Puan Aminah', ...body });
  const tokenOf = (url: string) => url.slice(url.indexOf(SHARE_PAGE_PREFIX) + SHARE_PAGE_PREFIX.length);
  /** The public read, as a customer's browser makes it: no cookie. */
  const view = async (token: string) => {
    const res = await fetch(`${server.baseUrl}/api${SHARE_PATHS.shareView.replace('{token}', token)}`);
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  };

  it('creates a link shown once, readable without a session, showing only that vehicle', async () => {
    const created = await add({ expiresInHours: 2 });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(SHARE_TEXTS.created);
    const link = created.body.link as ShareLink;
    const url = created.body.url as string;
    expect(url).toContain(SHARE_PAGE_PREFIX);
    const token = tokenOf(url);
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(link).toMatchObject({ vid, plate: 'SHR 1', label: 'Delivery to Puan Aminah', active: true, opens: 0 });
    expect(link.expiresAt - link.createdAt).toBe(2 * 3_600_000);

    // Only the token's hash is stored.
    const stored = await db()
      .selectFrom('share_links')
      .selectAll()
      .where('slid', '=', link.slid)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    const seen = await view(token);
    expect(seen.status).toBe(200);
    const body = seen.body as ShareView;
    expect(body.vehicle).toEqual({ plate: 'SHR 1', displayName: 'Lori hantaran' });
    expect(body.position).toMatchObject({ lat: 3.139, lon: 101.6869, speedKmh: 42, course: 90, at: 1_790_000_000_000 });
    expect(body.expiresAt).toBe(link.expiresAt);
    // Nothing else of the fleet: not the other vehicle, not the tracker, not the owner.
    const text = JSON.stringify(seen.body);
    for (const leak of ['SHR 2', IMEI, 'GPS100', vid, otherVid, 'owner@demo']) expect(text).not.toContain(leak);
    expect(Object.keys(seen.body).sort()).toEqual(['expiresAt', 'position', 'status', 'vehicle']);
    // The server's security headers apply; a live position is never cached.
    expect(seen.headers.get('content-security-policy')).toBeTruthy();
    expect(seen.headers.get('x-content-type-options')).toBe('nosniff');
    expect(seen.headers.get('cache-control')).toBe('no-store');

    await view(token);
    const listed = (await owner.post(SHARE_PATHS.shareGet, { vid })).body.links as ShareLink[];
    const mine = listed.find((l) => l.slid === link.slid);
    expect(mine?.opens).toBe(2);
    expect(mine?.lastOpenedAt).toBeGreaterThan(0);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'target_type'])
      .where('target_id', '=', link.slid)
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'sharelink.add', target_type: 'sharelink' });
  });

  it('answers an expired, a revoked and an unknown token with the same 404', async () => {
    const unknown = await view('no-such-token-at-all-000000000000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(SHARE_TEXTS.gone);

    const expiring = await add();
    const expiredToken = tokenOf(expiring.body.url as string);
    expect((await view(expiredToken)).status).toBe(200);
    await db()
      .updateTable('share_links')
      .set({ expires_at: Date.now() - 1 })
      .where('slid', '=', (expiring.body.link as ShareLink).slid)
      .execute();
    const expired = await view(expiredToken);

    const revoking = await add();
    const revokedToken = tokenOf(revoking.body.url as string);
    const slid = (revoking.body.link as ShareLink).slid;
    expect((await view(revokedToken)).status).toBe(200);
    const revoke = await owner.post(SHARE_PATHS.shareRevoke, { slid });
    expect(revoke).toMatchObject({ status: 200, body: { message: SHARE_TEXTS.revoked } });
    const revoked = await view(revokedToken);

    for (const gone of [expired, revoked]) {
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual(unknown.body);
    }
    const listed = (await owner.post(SHARE_PATHS.shareGet, {})).body.links as ShareLink[];
    expect(listed.find((l) => l.slid === slid)).toMatchObject({ active: false });
    expect(listed.find((l) => l.slid === slid)?.revokedAt).toBeGreaterThan(0);
  });

  it('refuses vehicles out of reach, roles without the grant, and revoking another user’s link', async () => {
    const other = apiClient(server.baseUrl);
    await other.login('owner2@demo.jejak.my');
    expect((await other.post(SHARE_PATHS.shareAdd, { vid, label: 'x' })).status).toBe(403);
    expect((await other.post(SHARE_PATHS.shareGet, { vid })).status).toBe(403);
    const mine = (await add()).body.link as ShareLink;
    const foreign = await other.post(SHARE_PATHS.shareRevoke, { slid: mine.slid });
    const missing = await other.post(SHARE_PATHS.shareRevoke, { slid: 'no-such-link' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(((await other.post(SHARE_PATHS.shareGet, {})).body.links as ShareLink[]).length).toBe(0);
    const operator = apiClient(server.baseUrl);
    await operator.login('operator@demo.jejak.my');
    expect((await operator.post(SHARE_PATHS.shareAdd, { vid, label: 'x' })).status).toBe(403);
  });

  it('validates the label and the expiry, and keeps at most 20 active links per user', async () => {
    expect((await add({ label: '  ' })).status).toBe(400);
    expect((await add({ expiresInHours: 0 })).status).toBe(400);
    expect((await add({ expiresInHours: 169 })).status).toBe(400);
    const { count } = await db()
      .selectFrom('share_links')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', Date.now())
      .executeTakeFirstOrThrow();
    for (let i = Number(count); i < SHARE_LINKS_PER_USER; i++) expect((await add({ vid: otherVid })).status).toBe(200);
    const tooMany = await add();
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(SHARE_TEXTS.tooMany);
    // A revoked link frees its place.
    const links = (await owner.post(SHARE_PATHS.shareGet, { vid: otherVid })).body.links as ShareLink[];
    await owner.post(SHARE_PATHS.shareRevoke, { slid: links[0]?.slid });
    expect((await add()).status).toBe(200);
  });
});
