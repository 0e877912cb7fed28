import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { osmandRequest } from '@jejak/protocols';
import { dbKinds, startTestServer, type TestServer } from './harness.ts';

/*
 * Values a decoder can legitimately pass on but the store cannot hold as they are (NUL bytes,
 * lone surrogates, times beyond int8). Found by the fuzz harness: one such message used to fail
 * the whole batch commit, so every other device in that batch lost its acknowledgement.
 */
const GOOD = 'good-phone-1';
const BAD = 'bad-phone-2';

describe.each(await dbKinds())('hostile values in decoded messages (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // A long flush window so the good and the bad phone land in one batch.
    server = await startTestServer(kind, { JEJAK_STORE_FLUSH_MS: '150' });
    const db = server.app.database.db;
    const owner = await sql<{ uid: string }>`select uid from users where user_email = 'owner2@demo.jejak.my'`.execute(
      db,
    );
    for (const id of [GOOD, BAD]) {
      await sql`insert into devices (dvid, model, imei, uid, created_at)
        values (${`OSMAND#${id}`}, 'OSMAND', ${id}, ${owner.rows[0]?.uid ?? ''}, ${Date.now()})`.execute(db);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  const url = () => `http://127.0.0.1:${server.app.gatewayPorts['osmand/http']}`;
  const goodFix = (timeMs: number) => {
    const r = osmandRequest({ id: GOOD, timeMs, lat: 3.1478, lon: 101.6953, speedKmh: 20, course: 10 });
    return fetch(url() + r.uri);
  };
  const rows = (dvid: string) =>
    sql<{
      device_time: string;
      package_time: string | null;
      attributes: Record<string, unknown> | null;
    }>`select device_time, package_time, attributes from device_logs where dvid = ${dvid} order by created_at`
      .execute(server.app.database.db)
      .then((r) => r.rows);

  it('stores NUL bytes and lone surrogates cleaned, and the other device in the batch is unharmed', async () => {
    const t = Date.now() - 60_000;
    const body = JSON.stringify({
      device_id: BAD,
      location: {
        timestamp: new Date(t).toISOString(),
        coords: { latitude: 3.2, longitude: 101.7, speed: 1 },
        extras: { note: 'a\u0000b', lone: 'x\udc00y', [`k\u0000ey`]: 1 },
      },
    });
    const [bad, good] = await Promise.all([
      fetch(url(), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }),
      goodFix(t),
    ]);
    expect(good.status).toBe(200);
    expect(bad.status).toBe(200);
    expect(await rows(`OSMAND#${GOOD}`)).toHaveLength(2); // auth + gps#latest
    const stored = (await rows(`OSMAND#${BAD}`)).find((r) => r.attributes !== null);
    expect(stored?.attributes).toMatchObject({ note: 'ab', lone: 'x\ufffdy', key: 1 });
  });

  it('takes a device time beyond what the store can hold as missing, and dates the fix on receipt', async () => {
    const before = Date.now();
    const bad = fetch(`${url()}/?id=${BAD}&lat=3.3&lon=101.8&timestamp=18446744073709551616`);
    const [badRes, goodRes] = await Promise.all([bad, goodFix(before - 30_000)]);
    expect(goodRes.status).toBe(200);
    expect(badRes.status).toBe(200);
    const last = (await rows(`OSMAND#${BAD}`)).at(-1);
    expect(Number(last?.device_time)).toBeGreaterThanOrEqual(before);
    expect(last?.package_time).toBeNull();
  });

  it("when the store refuses one device's rows, only that device fails; the rest of its batch commits", async () => {
    const db = server.app.database.db;
    await sql
      .raw(
        `create function refuse_bad_phone() returns trigger language plpgsql as $$
      begin if new.dvid = 'OSMAND#${BAD}' then raise exception 'refused for the test'; end if; return new; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger refuse_bad_phone before insert on device_logs
      for each row execute function refuse_bad_phone()`,
      )
      .execute(db);
    try {
      const t = Date.now() - 10_000;
      const [badRes, goodRes] = await Promise.all([
        fetch(`${url()}/?id=${BAD}&lat=3.3&lon=101.8&timestamp=${t}`),
        goodFix(t),
      ]);
      expect(goodRes.status).toBe(200);
      expect(badRes.status).toBe(503);
      const good = await rows(`OSMAND#${GOOD}`);
      expect(good.some((r) => Number(r.device_time) === t)).toBe(true);
    } finally {
      await sql.raw('drop trigger refuse_bad_phone on device_logs').execute(db);
    }
  });
});
