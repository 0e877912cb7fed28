import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

export interface EngineResult<R> {
  rows: R[];
  affectedRows: number | undefined;
}

/** PostgreSQL settings of the embedded engine (ADR 0031). */
export interface PGliteSettings {
  /** shared_buffers: PostgreSQL's page cache inside the WASM heap, resident from start-up. */
  sharedBuffersMb: number;
}

/** What the PGlite dialect needs of the database: one query at a time, in order. */
export interface PGliteEngine {
  query<R>(sql: string, params: readonly unknown[], copyText?: string): Promise<EngineResult<R>>;
  /** Requests sent to the thread and not answered yet (the metrics' pool). */
  pending(): number;
  /**
   * The data folder as a gzipped tarball (PGlite's dumpDataDir) after a checkpoint: no query runs
   * meanwhile; the caller makes sure no transaction is open (database.ts, ADR 0084).
   */
  dump(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** A PostgreSQL error as it crosses the thread boundary: its message and fields such as `code`. */
export class PGliteError extends Error {
  code?: string;
  detail?: string;
  constraint?: string;
}

/**
 * The worker's code, kept as plain JavaScript so the thread needs no TypeScript loader (the
 * server runs under tsx, tests under vitest; neither reaches a worker thread). It runs one
 * PGlite and answers each request with its rows or its error. PGlite reads COPY data from
 * the blob it is given, named '/dev/blob' in the statement.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.modulePath);
const fields = (e) => ({ message: String(e && e.message || e), code: e && e.code, detail: e && e.detail, constraint: e && e.constraint });
const startParams = [...PGlite.defaultStartParams, ...workerData.settings.flatMap((s) => ['-c', s])];
const loadDataDir = workerData.template ? new Blob([require('node:fs').readFileSync(workerData.template)]) : undefined;
PGlite.create(workerData.dataDir || undefined, { startParams, loadDataDir }).then((db) => {
  parentPort.on('message', async (m) => {
    try {
      if (m.close) { await db.close(); parentPort.postMessage({ id: m.id }); return; }
      if (m.dump) {
        await db.query('checkpoint');
        const bytes = new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer());
        parentPort.postMessage({ id: m.id, dump: bytes }, [bytes.buffer]);
        return;
      }
      const r = m.copyText === undefined
        ? await db.query(m.sql, m.params)
        : await db.query(m.sql.replace(/ from stdin$/, " from '/dev/blob'"), [], { blob: new Blob([m.copyText]) });
      parentPort.postMessage({ id: m.id, rows: r.rows, affectedRows: r.affectedRows });
    } catch (e) {
      parentPort.postMessage({ id: m.id, error: fields(e) });
    }
  });
  parentPort.postMessage({ ready: true });
}, (e) => parentPort.postMessage({ fatal: fields(e) }));
`;

interface Reply {
  id?: number;
  ready?: true;
  fatal?: ErrorFields;
  error?: ErrorFields;
  rows?: unknown[];
  affectedRows?: number;
  dump?: Uint8Array;
}
interface ErrorFields {
  message: string;
  code?: string;
  detail?: string;
  constraint?: string;
}

function toError(f: ErrorFields): PGliteError {
  const err = new PGliteError(f.message);
  if (f.code !== undefined) err.code = f.code;
  if (f.detail !== undefined) err.detail = f.detail;
  if (f.constraint !== undefined) err.constraint = f.constraint;
  return err;
}

/**
 * Creates a new data folder in a child process that exits once it is done. PGlite runs initdb
 * in a second engine of its own, whose WASM heap and code (some 500 MB) its close() does not
 * free; in a thread of ours they would stay resident until a full garbage collection that a
 * quiet server may not run for minutes, and part of them for good (ADR 0031).
 */
const INITDB_SOURCE = `
const [modulePath, dataDir, settings, tarball] = process.argv.slice(1);
const { PGlite } = require(modulePath);
const startParams = [...PGlite.defaultStartParams, ...JSON.parse(settings).flatMap((s) => ['-c', s])];
const loadDataDir = tarball ? new Blob([require('node:fs').readFileSync(tarball)]) : undefined;
PGlite.create(dataDir, { startParams, loadDataDir }).then((db) => db.close()).then(
  () => process.exit(0),
  (e) => { console.error(String(e && e.message || e)); process.exit(1); },
);
`;

async function createDataDir(modulePath: string, dataDir: string, settings: string[], tarball?: string): Promise<void> {
  const args = [modulePath, dataDir, JSON.stringify(settings), ...(tarball ? [tarball] : [])];
  const child = spawn(process.execPath, ['-e', INITDB_SOURCE, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new PGliteError(`could not create the database in ${dataDir}: ${stderr.trim()}`);
}

/** A new data folder made from a tarball `dump()` wrote (jejak restore), in a child process as above. */
export async function restoreDataDir(dataDir: string, tarball: string, settings: PGliteSettings): Promise<void> {
  const modulePath = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  await createDataDir(modulePath, dataDir, startSettingsOf(settings), tarball);
}

const startSettingsOf = (settings: PGliteSettings) => [`shared_buffers=${settings.sharedBuffersMb}MB`];

/**
 * The thread's short-lived objects (requests, rows, protocol messages) live in V8's young
 * generation, which grows to 48 MB by default and stays that size; 16 MB measured the same
 * ingest speed (ADR 0031).
 */
const WORKER_YOUNG_GENERATION_MB = 16;

/**
 * Starts PGlite on its own thread (DESIGN §2), so its work — big commits above all — never
 * stalls the event loop that serves devices and the API. dataDir null means in memory.
 * `template`, a tarball `dump()` wrote, is what a new database starts as instead of an empty
 * one made by initdb (seconds of WASM work; tests start hundreds of servers).
 */
export async function startPGliteWorker(
  dataDir: string | null,
  settings: PGliteSettings,
  template?: string,
): Promise<PGliteEngine> {
  const modulePath = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const startSettings = startSettingsOf(settings);
  const created = dataDir !== null && !existsSync(join(dataDir, 'PG_VERSION'));
  if (created) await createDataDir(modulePath, dataDir, startSettings, template);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    workerData: { modulePath, dataDir, settings: startSettings, template: dataDir === null ? template : undefined },
  });
  const pending = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let failure: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: Reply) => {
      if (m.ready) return resolve();
      if (m.fatal) return reject(toError(m.fatal));
      const p = m.id === undefined ? undefined : pending.get(m.id);
      if (!p || m.id === undefined) return;
      pending.delete(m.id);
      // The thread keeps the process alive only while a query is waiting for it.
      if (pending.size === 0) worker.unref();
      if (m.error) p.reject(toError(m.error));
      else p.resolve(m);
    });
    const fail = (err: Error) => {
      failure = err;
      reject(err);
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`PGlite thread exited (code ${code})`)));
  });

  function send(message: Record<string, unknown>): Promise<Reply> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<Reply>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...message, id });
    });
  }

  await ready;
  worker.unref();
  return {
    async query<R>(sql: string, params: readonly unknown[], copyText?: string): Promise<EngineResult<R>> {
      const r = await send({ sql, params, copyText });
      return { rows: (r.rows ?? []) as R[], affectedRows: r.affectedRows };
    },
    pending: () => pending.size,
    async dump() {
      const r = await send({ dump: true });
      if (!r.dump) throw new PGliteError('the database thread sent no dump');
      return r.dump;
    },
    async close() {
      await send({ close: true });
      await worker.terminate();
    },
  };
}
