/**
 * npm run bench:memory — the resident memory (RSS) of a real `jejak start` process on a fresh
 * data folder, as a small server would see it. Prints RSS when the server answers, every
 * `--every` seconds after, and the final and peak figures.
 * Options: --db pglite|postgres  --demo (demo fleet and simulator, as `npm start`)
 *   --seconds S (how long to watch after start; default 120 with --demo, 20 without)
 *   --every S (default 10)  --env KEY=VALUE (repeatable): server configuration
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROTOCOLS } from '@jejak/protocols';
import { createScratchPostgres } from '../scratch-postgres.ts';
import {
  exited,
  freePort,
  residentMb,
  serverAnswers,
  serverEnv,
  startServerProcess,
  waitFor,
} from '../server-process.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    demo: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    every: { type: 'string', default: '10' },
    env: { type: 'string', multiple: true, default: [] },
  },
});
const DB = values.db === 'postgres' ? 'postgres' : 'pglite';
const SECONDS = Number(values.seconds ?? (values.demo ? 120 : 20));
const EVERY_S = Number(values.every);
const PG_URL = process.env.JEJAK_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const mb = (n: number) => `${n.toFixed(0)} MB`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'jejak-memory-'));
  const scratch = DB === 'postgres' ? await createScratchPostgres(PG_URL, 'jejak_memory') : null;
  const httpPort = await freePort();
  const env = {
    // Every gateway on, as by default, each on a free port.
    ...serverEnv(httpPort, Object.fromEntries(PROTOCOLS.map((p) => [p.id, 0]))),
    JEJAK_DATA_DIR: dir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...Object.fromEntries(values.env.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])),
  };
  const server = startServerProcess(env, { demo: values.demo });
  const pid = server.pid ?? -1;
  try {
    const started = Date.now();
    await waitFor(() => serverAnswers(httpPort), 120_000, 'the server to answer');
    console.log(
      `bench:memory — ${DB}, ${values.demo ? 'demo fleet and simulator' : 'no data, no demo'}, ` +
        `ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const report = (label: string) => {
      const m = residentMb(pid);
      if (!m) throw new Error('the server has exited');
      console.log(`  ${label.padEnd(8)} RSS ${mb(m.rssMb).padStart(7)}   peak ${mb(m.peakMb).padStart(7)}`);
      return m;
    };
    report('ready');
    const watchStart = Date.now();
    let last = residentMb(pid);
    for (let t = EVERY_S; t <= SECONDS; t += EVERY_S) {
      await new Promise((r) => setTimeout(r, watchStart + t * 1000 - Date.now()));
      last = report(`${t} s`);
    }
    if (last) console.log(`RSS ${mb(last.rssMb)} after ${SECONDS} s (peak ${mb(last.peakMb)})`);
  } finally {
    server.kill('SIGTERM');
    await exited(server);
    rmSync(dir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

await main();
