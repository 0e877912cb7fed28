import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { isCopy, type CopyRows } from './copy.ts';

async function copyIn(client: pg.PoolClient, sql: string, data: CopyRows): Promise<PostgresQueryResult<never>> {
  const stream = client.query(copyFrom(sql));
  await pipeline(Readable.from([data.text]), stream);
  // Kysely reads only numAffectedRows from a copy: report it as an insert.
  return { command: 'INSERT', rowCount: stream.rowCount, rows: [] };
}

/** A pool client that runs `copy … from stdin` queries (see copy.ts) through pg-copy-streams. */
class CopyingClient implements PostgresPoolClient {
  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') throw new Error('streaming queries are not configured');
    const copy = isCopy(parameters);
    if (copy) return copyIn(this.client, sqlOrCursor, copy);
    return this.plain<R>(sqlOrCursor, parameters);
  }

  private async plain<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    const r = await this.client.query<R & pg.QueryResultRow>(sql, [...parameters]);
    return { command: r.command as PostgresQueryResult<R>['command'], rowCount: r.rowCount ?? 0, rows: r.rows };
  }

  release(): void {
    this.client.release();
  }
}

/** Wraps a pg pool for Kysely's PostgresDialect so its connections can COPY. */
export function copyingPool(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => new CopyingClient(await pool.connect()),
    end: () => pool.end(),
  };
}
