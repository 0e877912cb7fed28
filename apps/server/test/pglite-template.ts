import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPGlite } from '../src/storage/db/database.ts';
import { migrate, MIGRATIONS_DIR } from '../src/storage/db/migrate.ts';

/**
 * The embedded database every test server starts from: initdb and every migration done once,
 * saved as a tarball in the system's temporary folder under a name that changes with the
 * migrations and PGlite's version. Starting from it takes under a second; initdb alone takes
 * 3–5 s of WASM work, and the suite starts some two hundred embedded servers.
 */
export async function pgliteTemplate(): Promise<string> {
  const hash = createHash('sha256');
  const main = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(join(main.slice(0, main.lastIndexOf('/dist/')), 'package.json')));
  // The migrations, and the code that runs them (its data steps).
  hash.update(readFileSync(new URL('../src/storage/db/migrate.ts', import.meta.url)));
  for (const file of readdirSync(MIGRATIONS_DIR).sort())
    hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  const path = join(tmpdir(), `jejak-pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
  if (existsSync(path)) return path;
  const dataDir = mkdtempSync(join(tmpdir(), 'jejak-template-'));
  try {
    const database = await openPGlite(dataDir, { sharedBuffersMb: 16 });
    try {
      await migrate(database.db);
      const dump = await database.embedded?.dump();
      if (!dump) throw new Error('the embedded database gave no dump');
      // Written aside and renamed: a file at `path` is always whole, whichever process wrote it.
      const partial = `${path}.${process.pid}`;
      writeFileSync(partial, dump);
      renameSync(partial, path);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return path;
}
