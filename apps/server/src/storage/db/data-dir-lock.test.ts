import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

describe('lockDataDir', () => {
  const dir = mkdtempSync(join(tmpdir(), 'jejak-dir-lock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the folder against a second open, names the owner, and frees it on release', () => {
    const first = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    let refusal: unknown = null;
    try {
      lockDataDir(dir);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as DataDirInUseError).ownerPid).toBe(process.pid);
    expect((refusal as Error).message).toContain(dir);
    first.release();
    lockDataDir(dir).release();
  });
});
