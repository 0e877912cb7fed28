import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface EngineResult<R> {
  rows: R[];
  affectedRows: number | undefined;
}

/** What the PGlite dialect needs of the database: one query at a time, in order. */
export interface PGliteEngine {
  query<R>(sql: string, params: readonly unknown[], copyText?: string): Promise<EngineResult<R>>;
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
PGlite.create(workerData.dataDir || undefined).then((db) => {
  parentPort.on('message', async (m) => {
    try {
      if (m.close) { await db.close(); parentPort.postMessage({ id: m.id }); return; }
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
 * Starts PGlite on its own thread (DESIGN §2), so its work — big commits above all — never
 * stalls the event loop that serves devices and the API. dataDir null means in memory.
 */
export async function startPGliteWorker(dataDir: string | null): Promise<PGliteEngine> {
  const modulePath = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { modulePath, dataDir } });
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
    async close() {
      await send({ close: true });
      await worker.terminate();
    },
  };
}
