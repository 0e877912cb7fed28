import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_TOKEN_TEXTS,
  API_TOKEN_VISIBLE_CHARS,
  LIVE_SESSION_ENDED_CLOSE,
  type AddApiTokenResponse,
  type ApiToken,
} from '@jejak/contract';
import { startJejak, type RunningJejak } from '../src/app.ts';
import { hashToken } from '../src/services/accounts/auth-service.ts';
import { createScratchPostgres } from '../../../tools/scratch-postgres.ts';
import { signIn, type Client } from './accounts-fixture.ts';
import { dbKinds, PG_ADMIN_URL, postgresAvailable, startTestServer, testConfig, type TestServer } from './harness.ts';
import { openLive } from './live-client.ts';

/** API tokens (issue 28 item 1, ADR 0087) on both stores, and a revocation seen by two nodes. */
const DAY_MS = 86_400_000;
/** A small allowance, so the limit is reached in a few calls; each test uses tokens of its own. */
const PER_MINUTE = 12;

/** One call with `Authorization: Bearer <token>` and no cookie, as another system makes it. */
async function withToken(baseUrl: string, token: string, path: string, body: unknown = {}) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function addToken(c: Client, scope: 'read' | 'full', name = `token ${scope}`, expiresInDays = 30) {
  const r = await c.post('/apitoken/add', { name, scope, expiresInDays });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return r.body as unknown as AddApiTokenResponse;
}

const listOf = async (c: Client) => (await c.post('/apitoken/get')).body.apiTokens as ApiToken[];

describe.each(await dbKinds())('API tokens on %s', (kind) => {
  let server: TestServer;
  let clock = Date.now();
  let owner: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    server = await startTestServer(kind, { JEJAK_API_TOKEN_MAX_PER_MINUTE: String(PER_MINUTE) }, () => clock);
    owner = await signIn(server.baseUrl, 'owner');
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const auditUses = (tokenId: string) =>
    server.app.database.db
      .selectFrom('audit_log')
      .select(['details', 'actor_uid'])
      .where('action', '=', 'apiToken.use')
      .where('target_id', '=', tokenId)
      .execute();

  it('creates a token shown once, stored hashed, listed by its first characters', async () => {
    const made = await addToken(owner.c, 'full', 'Laporan harian');
    expect(made.token).toMatch(/^jjk_[A-Za-z0-9_-]{43}$/);
    expect(made.apiToken).toMatchObject({ name: 'Laporan harian', scope: 'full', lastUsedAt: null });
    expect(made.apiToken.prefix).toBe(made.token.slice(0, API_TOKEN_VISIBLE_CHARS));
    expect(made.apiToken.expiresAt - made.apiToken.createdAt).toBe(30 * DAY_MS);
    const listed = (await listOf(owner.c)).find((t) => t.tokenId === made.apiToken.tokenId);
    expect(listed).toEqual(made.apiToken);
    expect(JSON.stringify(await listOf(owner.c))).not.toContain(made.token);
    const row = await server.app.database.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('token_id', '=', made.apiToken.tokenId)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(made.token));
    expect(JSON.stringify(row)).not.toContain(made.token);
    // Another user sees none of the owner's tokens, and cannot revoke one.
    const other = await signIn(server.baseUrl, 'owner2');
    expect((await listOf(other.c)).map((t) => t.tokenId)).not.toContain(made.apiToken.tokenId);
    const foreign = await other.c.post('/apitoken/revoke', { tokenId: made.apiToken.tokenId });
    expect(foreign).toMatchObject({ status: 404, body: { message: API_TOKEN_TEXTS.notFound } });
  });

  it('acts as its user on every call, with the same hierarchy, and audits each use', async () => {
    const { token, apiToken } = await addToken(owner.c, 'full');
    const cookie = await owner.c.post('/user/gethierarchy', { uid: owner.me.uid });
    const bearer = await withToken(server.baseUrl, token, '/user/gethierarchy', { uid: owner.me.uid });
    expect(bearer.status).toBe(200);
    expect(bearer.body).toEqual(cookie.body);
    // Beyond the user's reach it answers as the user's cookie does.
    const distributor = await signIn(server.baseUrl, 'distributor');
    const outside = await withToken(server.baseUrl, token, '/user/gethierarchy', { uid: distributor.me.uid });
    const outsideByCookie = await owner.c.post('/user/gethierarchy', { uid: distributor.me.uid });
    expect([outside.status, outside.body]).toEqual([outsideByCookie.status, outsideByCookie.body]);
    // A write of a full-access token.
    const saved = await withToken(server.baseUrl, token, '/user/profile/update', {
      user: { uid: owner.me.uid, preference: { in_app_notification_info: true } },
    });
    expect(saved.status).toBe(200);
    const uses = await auditUses(apiToken.tokenId);
    expect(uses).toHaveLength(3);
    expect(uses.every((u) => u.actor_uid === owner.me.uid)).toBe(true);
    expect(uses.map((u) => (u.details as { path: string }).path).sort()).toEqual(
      ['/user/gethierarchy', '/user/gethierarchy', '/user/profile/update'].sort(),
    );
  });

  it('refuses a read-only token every change with a clear 403, and both kinds the token and password calls', async () => {
    const readOnly = await addToken(owner.c, 'read');
    const full = await addToken(owner.c, 'full');
    const groups = { uid: owner.me.uid, vgids: [] };
    const read = await withToken(server.baseUrl, readOnly.token, '/vehicle/group/get', groups);
    expect(read.status).toBe(200);
    const groupsBefore = await owner.c.post('/vehicle/group/get', groups);
    expect(read.body).toEqual(groupsBefore.body);
    const write = await withToken(server.baseUrl, readOnly.token, '/vehicle/group/add', {
      uid: owner.me.uid,
      vehicleGroupName: 'Dari token',
      colorHexCode: '#123456',
    });
    expect(write).toEqual({
      status: 403,
      body: { status: 403, errorType: 'Forbidden', message: API_TOKEN_TEXTS.readOnly },
    });
    expect((await owner.c.post('/vehicle/group/get', groups)).body).toEqual(groupsBefore.body);
    // The same call with a full-access token adds the group.
    const added = await withToken(server.baseUrl, full.token, '/vehicle/group/add', {
      uid: owner.me.uid,
      vehicleGroupName: 'Dari token',
      colorHexCode: '#123456',
    });
    expect(added.status).toBe(200);
    for (const t of [readOnly.token, full.token]) {
      const minted = await withToken(server.baseUrl, t, '/apitoken/add', {
        name: 'x',
        scope: 'full',
        expiresInDays: 1,
      });
      expect(minted.status).toBe(403);
      expect(minted.body.message).toBe(API_TOKEN_TEXTS.sessionOnly);
      const password = await withToken(server.baseUrl, t, '/auth/changepassword', {
        email: 'owner@demo.jejak.my',
        currentPassword: 'demo1234',
        newPassword: 'ganti-kunci-99',
      });
      expect(password.status).toBe(403);
      expect(password.body.message).toBe(API_TOKEN_TEXTS.sessionOnly);
    }
    // The refusals are audited too.
    const uses = await auditUses(readOnly.apiToken.tokenId);
    expect(uses.filter((u) => (u.details as { refused: boolean }).refused)).toHaveLength(3);
  });

  it('is a 401 when unknown, malformed or revoked, at once', async () => {
    const { token, apiToken } = await addToken(owner.c, 'read');
    expect((await withToken(server.baseUrl, token, '/auth/session')).status).toBe(200);
    const revoked = await owner.c.post('/apitoken/revoke', { tokenId: apiToken.tokenId });
    expect(revoked.body).toEqual({ status: 200, message: API_TOKEN_TEXTS.revoked });
    for (const t of [token, 'jjk_nothing', 'not-a-token', '']) {
      const r = await withToken(server.baseUrl, t, '/auth/session');
      expect(r).toEqual({
        status: 401,
        body: { status: 401, errorType: 'Unauthenticated', message: API_TOKEN_TEXTS.invalid },
      });
    }
    expect((await listOf(owner.c)).map((t) => t.tokenId)).not.toContain(apiToken.tokenId);
  });

  it('counts each token against its own limit a minute', async () => {
    const a = await addToken(owner.c, 'read');
    const b = await addToken(owner.c, 'read');
    const statuses: number[] = [];
    for (let i = 0; i <= PER_MINUTE; i++)
      statuses.push((await withToken(server.baseUrl, a.token, '/auth/session')).status);
    expect(statuses).toEqual([...Array<number>(PER_MINUTE).fill(200), 429]);
    const over = await withToken(server.baseUrl, a.token, '/auth/session');
    expect(over.body).toMatchObject({ status: 429, message: API_TOKEN_TEXTS.tooManyCalls });
    // Another token of the same user is not held by it.
    expect((await withToken(server.baseUrl, b.token, '/auth/session')).status).toBe(200);
    // Calls past the limit are not audited: only the allowed ones are.
    expect(await auditUses(a.apiToken.tokenId)).toHaveLength(PER_MINUTE);
  });

  it('shows its last use, written at most once a minute', async () => {
    const { token, apiToken } = await addToken(owner.c, 'read');
    const lastUse = async () => (await listOf(owner.c)).find((t) => t.tokenId === apiToken.tokenId)?.lastUsedAt;
    expect(await lastUse()).toBeNull();
    const first = clock;
    await withToken(server.baseUrl, token, '/auth/session');
    expect(await lastUse()).toBe(first);
    clock += 30_000;
    await withToken(server.baseUrl, token, '/auth/session');
    expect(await lastUse()).toBe(first);
    clock += 31_000;
    await withToken(server.baseUrl, token, '/auth/session');
    expect(await lastUse()).toBe(clock);
  });

  it('does not open the live channel', async () => {
    const { token } = await addToken(owner.c, 'full');
    const live = await openLive(server.baseUrl, null, { authorization: `Bearer ${token}` });
    expect(await live.closed).toBe(LIVE_SESSION_ENDED_CLOSE);
  });

  it('stops with its user: disabled, or after a password change', async () => {
    const operator = await signIn(server.baseUrl, 'operator');
    const { token } = await addToken(operator.c, 'full');
    const { db } = server.app.database;
    const session = () => withToken(server.baseUrl, token, '/auth/session');
    expect((await session()).status).toBe(200);
    await db.updateTable('users').set({ disabled: true }).where('uid', '=', operator.me.uid).execute();
    expect((await session()).status).toBe(401);
    await db.updateTable('users').set({ disabled: false }).where('uid', '=', operator.me.uid).execute();
    expect((await session()).status).toBe(200);
    const changed = await operator.c.post('/auth/changepassword', {
      email: 'operator@demo.jejak.my',
      currentPassword: 'demo1234',
      newPassword: 'ganti-kunci-99',
    });
    expect(changed.status).toBe(200);
    expect((await session()).status).toBe(401);
    expect(await listOf(operator.c)).toEqual([]);
  });

  it('ends at its expiry', async () => {
    const { token } = await addToken(owner.c, 'read', 'short', 1);
    expect((await withToken(server.baseUrl, token, '/auth/session')).status).toBe(200);
    clock += DAY_MS;
    expect((await withToken(server.baseUrl, token, '/auth/session')).status).toBe(401);
  });
});

describe.runIf(await postgresAvailable())('an API token on two PG nodes', () => {
  const apps: RunningJejak[] = [];
  let drop: (() => Promise<void>) | null = null;
  afterAll(async () => {
    for (const app of apps) await app.stop();
    await drop?.();
  });

  it('revoked on one node is refused by the other at once, and is counted by both', { timeout: 120_000 }, async () => {
    const db = await createScratchPostgres(PG_ADMIN_URL, 'jejak_test');
    drop = db.drop;
    const env = { DATABASE_URL: db.url, JEJAK_API_TOKEN_MAX_PER_MINUTE: '6' };
    apps.push(await startJejak(testConfig(env)));
    apps.push(await startJejak(testConfig(env)));
    const [a, b] = apps.map((app) => app.httpUrl);
    if (!a || !b) throw new Error('two nodes expected');
    const owner = await signIn(a, 'owner');
    const limited = await addToken(owner.c, 'read');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await withToken(i % 2 ? b : a, limited.token, '/auth/session')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);

    const { token, apiToken } = await addToken(owner.c, 'read');
    expect((await withToken(b, token, '/auth/session')).status).toBe(200);
    expect((await owner.c.post('/apitoken/revoke', { tokenId: apiToken.tokenId })).status).toBe(200);
    expect((await withToken(b, token, '/auth/session')).status).toBe(401);
    expect((await withToken(a, token, '/auth/session')).status).toBe(401);
  });
});
