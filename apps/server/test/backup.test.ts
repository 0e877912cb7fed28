import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { startJejak, type RunningJejak } from '../src/app.ts';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { BACKUP_PATH } from '../src/ops/backup.ts';
import { runBackup, runRestore } from '../src/ops/backup-cli.ts';
import type { Db } from '../src/storage/db/database.ts';
import { gt06Track } from './device-client.ts';
import { testConfig } from './harness.ts';

const TRACKERS = [0, 1, 2].map(demoImei);
const dvidOf = (imei: string) => `GPS100#${imei}`;

/** A command's exit code and what it printed. */
async function run(command: typeof runBackup, file: string, env: Record<string, string>) {
  const lines: string[] = [];
  const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
  return { code: await command([file], { ...process.env, ...env }, io), lines };
}

/** Each tracker's stored fixes (device times), and its device row's last fix. */
async function stored(db: Db) {
  const fixes = await sql<{ dvid: string; device_time: number }>`
    select dvid, device_time from device_logs where package = 'gps#latest' order by device_time`.execute(db);
  const devices = await db.selectFrom('devices').select(['dvid', 'device_time']).execute();
  return {
    fixes: fixes.rows.map((r) => `${r.dvid}@${r.device_time}`),
    lastFix: new Map(devices.map((d) => [d.dvid, d.device_time])),
  };
}

// The embedded store only: PostgreSQL is backed up with its own tools (docs/operations.md).
describe('jejak backup and restore of the embedded store', () => {
  const dirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  let app: RunningJejak | null = null;
  afterAll(async () => {
    await app?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it(
    'copies a running server under traffic; the copy starts with every fix acknowledged before it',
    { timeout: 180_000 },
    async () => {
      const dataDir = tempDir('jejak-backup-');
      app = await startJejak(testConfig({ JEJAK_DATA_DIR: dataDir }));
      const acked: string[] = [];
      let flowing = true;
      const t0 = Date.UTC(2026, 10, 2, 1);
      const traffic = TRACKERS.map(async (imei) => {
        const track = await gt06Track(app?.gatewayPorts.gt06 ?? 0, imei, t0);
        while (flowing) {
          await track.send(30, true, 0.3);
          acked.push(`${dvidOf(imei)}@${track.now()}`);
        }
        track.device.close();
      });
      while (acked.length < 30) await new Promise((resolve) => setImmediate(resolve));

      const ackedBefore = [...acked];
      const file = join(tempDir('jejak-backup-file-'), 'jejak.tar.gz');
      const startedAt = performance.now();
      const backup = await run(runBackup, file, { JEJAK_DATA_DIR: dataDir });
      const backupMs = Math.round(performance.now() - startedAt);
      const ackedDuring = acked.length - ackedBefore.length;
      flowing = false;
      await Promise.all(traffic);
      expect(backup.code, backup.lines.join('\n')).toBe(0);
      expect(statSync(file).size).toBeGreaterThan(0);
      // The server held the folder, so the copy came from it (its route's one answer), and only
      // to the admin file's token.
      const metrics = await (await fetch(`${app.httpUrl}/metrics`)).text();
      expect(metrics).toContain('route="/admin/backup",status_code="200"} 1\n');
      expect((await fetch(`${app.httpUrl}${BACKUP_PATH}`, { method: 'POST' })).status).toBe(403);
      const original = await stored(app.database.db);
      await app.stop();
      app = null;

      // Into a folder that holds anything: refused.
      const refused = await run(runRestore, file, { JEJAK_DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.lines.join('\n')).toMatch(/is not empty/);

      const restoredDir = join(tempDir('jejak-restore-'), 'data');
      const restore = await run(runRestore, file, { JEJAK_DATA_DIR: restoredDir });
      expect(restore.code, restore.lines.join('\n')).toBe(0);
      app = await startJejak(testConfig({ JEJAK_DATA_DIR: restoredDir }));
      const copy = await stored(app.database.db);

      // Every fix acknowledged before the backup was asked for is in the copy…
      expect(ackedBefore.filter((fix) => !copy.fixes.includes(fix))).toEqual([]);
      // …and the copy is the original up to a point: nothing the original lacks, nothing skipped.
      expect(copy.fixes.filter((fix) => !original.fixes.includes(fix))).toEqual([]);
      for (const imei of TRACKERS) {
        const mine = (fixes: string[]) => fixes.filter((f) => f.startsWith(`${dvidOf(imei)}@`));
        expect(mine(copy.fixes)).toEqual(mine(original.fixes).slice(0, mine(copy.fixes).length));
        // The device row and the log rows come from the same commits.
        const last = mine(copy.fixes).at(-1)?.split('@')[1];
        expect(String(copy.lastFix.get(dvidOf(imei)))).toBe(last);
      }
      expect(copy.fixes.length).toBeGreaterThanOrEqual(ackedBefore.length);
      expect(copy.fixes.length).toBeLessThanOrEqual(original.fixes.length);
      console.log(
        `backup under traffic: ${ackedBefore.length} fixes acknowledged before it, ${ackedDuring} while it ran; ` +
          `copy holds ${copy.fixes.length} of the original's ${original.fixes.length}; ${statSync(file).size} bytes in ${backupMs} ms`,
      );
    },
  );

  it('points PostgreSQL to its own tools', async () => {
    const result = await run(runBackup, join(tmpdir(), 'never-written.tar.gz'), {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(result.code).toBe(1);
    expect(result.lines.join('\n')).toMatch(/PostgreSQL .*docs\/operations\.md/);
  });
});
