import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';

/*
 * LibreOffice Calc, headless, for tests that need "a file another program saved" (issue 11:
 * the bulk dialog accepts LibreOffice's .xlsx) or a second reader of our own files. Each call
 * gets its own profile directory, so parallel test files do not fight over one profile's lock.
 */

const run = promisify(execFile);
export const LIBREOFFICE = ['/usr/bin/libreoffice', '/usr/bin/soffice'].find((p) => existsSync(p)) ?? null;

/**
 * Converts `bytes` (named `name`) with `--convert-to target`, answering the converted file's
 * bytes. `infilter` is LibreOffice's import filter string (e.g. CSV options that read a column
 * as text, as a customer would set the SIM column so '+6…' stays).
 */
export async function libreofficeConvert(
  bytes: Uint8Array,
  name: string,
  target: 'csv' | 'xlsx',
  infilter?: string,
): Promise<Buffer> {
  if (!LIBREOFFICE) throw new Error('LibreOffice is not installed (apt-get install libreoffice-calc-nogui)');
  const dir = mkdtempSync(join(tmpdir(), 'jejak-office-'));
  try {
    const input = join(dir, name);
    writeFileSync(input, bytes);
    const out = join(dir, 'out');
    await run(
      LIBREOFFICE,
      [
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        '--headless',
        ...(infilter ? [`--infilter=${infilter}`] : []),
        '--convert-to',
        target,
        '--outdir',
        out,
        input,
      ],
      { timeout: 120_000 },
    );
    return readFileSync(join(out, `${basename(name).replace(/\.[^.]+$/, '')}.${target}`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
