import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isLoopback, sameSecret } from './operations.ts';

/**
 * In the data folder, beside the database: where the running server's HTTP address is and the
 * token of its backup route, readable by the folder's owner only (ADR 0084). Whoever may read
 * it could copy the folder itself.
 */
export const ADMIN_FILE = 'jejak-admin.json';
export const BACKUP_PATH = '/admin/backup';

export interface AdminFile {
  url: string;
  token: string;
}

/** Writes this run's address and a new token (replacing any earlier run's); returns the token. */
export function writeAdminFile(dataDir: string, url: string): string {
  const token = randomBytes(32).toString('base64url');
  const path = join(dataDir, ADMIN_FILE);
  writeFileSync(`${path}.tmp`, JSON.stringify({ url, token } satisfies AdminFile), { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
  return token;
}

export function readAdminFile(dataDir: string): AdminFile | null {
  try {
    const parsed = JSON.parse(readFileSync(join(dataDir, ADMIN_FILE), 'utf8')) as Partial<AdminFile>;
    return typeof parsed.url === 'string' && typeof parsed.token === 'string'
      ? { url: parsed.url, token: parsed.token }
      : null;
  } catch {
    return null;
  }
}

/**
 * POST /admin/backup: the embedded store as a gzipped tarball, taken between transactions while
 * the server runs. Only from this host (a loopback peer, or the server's own address) and with
 * the admin file's token; `token` is null until the server listens and has written it.
 */
export function registerBackupRoute(
  app: FastifyInstance,
  opts: { dump: () => Promise<Uint8Array>; token: () => string | null },
): void {
  app.post(BACKUP_PATH, async (request, reply) => {
    const { remoteAddress, localAddress } = request.socket;
    const sameHost = isLoopback(remoteAddress) || (remoteAddress !== undefined && remoteAddress === localAddress);
    const expected = opts.token();
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!sameHost || expected === null || given === undefined || !sameSecret(given, expected))
      return reply.status(403).type('text/plain').send('forbidden\n');
    const bytes = await opts.dump();
    request.log.info({ bytes: bytes.length }, 'backup taken');
    return reply.type('application/gzip').send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
  });
}
