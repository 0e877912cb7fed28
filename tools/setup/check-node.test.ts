import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const work = mkdtempSync(join(tmpdir(), 'jejak-check-node-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs the preinstall check as npm does, against a manifest whose engines.node is `range`. */
function check(range: string): { status: number | null; stderr: string } {
  const dir = mkdtempSync(join(work, 'p-'));
  mkdirSync(join(dir, 'tools', 'setup'), { recursive: true });
  copyFileSync(join(import.meta.dirname, 'check-node.mjs'), join(dir, 'tools', 'setup', 'check-node.mjs'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'x', engines: { node: range, npm: '>=10' } }));
  const run = spawnSync(process.execPath, [join(dir, 'tools', 'setup', 'check-node.mjs')], { encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr };
}

const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];

describe('the preinstall Node.js check (issue 27 §9)', () => {
  it("passes this machine's Node against the project's own engines", () => {
    const run = spawnSync(process.execPath, [join(import.meta.dirname, 'check-node.mjs')], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
  });

  it.each([
    [`>=${major}.${minor} <${major + 1}`, 0],
    [`>=${major + 1}`, 1],
    [`>=${major}.${minor + 1} <${major + 1}`, 1],
    [`>=${major - 2} <${major}`, 1],
    [`>=1 <2 || >=${major} <${major + 1}`, 0],
    [`>=1 <2 || >=${major + 2} <${major + 3}`, 1],
  ])('engines %s → exit %i', (range, status) => {
    const run = check(range);
    expect(run.status).toBe(status);
    if (status === 1) expect(run.stderr).toContain(`Jejak runs on Node.js ${range} (package.json "engines"); this is`);
  });
});
