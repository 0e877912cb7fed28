import { execFileSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A self-signed certificate for localhost and 127.0.0.1, made by openssl; `caFile` holds it as PEM. */
export function selfSignedCert(): { key: string; cert: string; caFile: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'jejak-webhook-cert-'));
  const keyFile = join(dir, 'key.pem');
  const caFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      keyFile,
      '-out',
      caFile,
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return {
    key: readFileSync(keyFile, 'utf8'),
    cert: readFileSync(caFile, 'utf8'),
    caFile,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** What a receiver does with a request to this path: answer this code, or redirect. */
export type Answer = number | { redirect: string };

export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The signature checked with the secret, as a receiver does. */
  verified: boolean;
  answered: number;
}

/**
 * A receiver's check of X-Jejak-Signature (`t=<unix>,v1=<hex>`): the HMAC-SHA256 of "<t>.<body>"
 * with the webhook's secret, compared in constant time.
 */
export function verifySignature(secret: string, header: string | undefined, body: string): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A real HTTPS receiver on 127.0.0.1; `answer` decides each request's reply. */
export async function startReceiver(
  tls: { key: string; cert: string },
  secretOf: (path: string) => string,
  answer: (path: string, seen: number) => Answer,
): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const body = Buffer.concat(chunks).toString('utf8');
      const a = answer(path, received.filter((r) => r.path === path).length);
      const code = typeof a === 'number' ? a : 302;
      const signature = req.headers['x-jejak-signature'];
      received.push({
        path,
        headers: req.headers,
        body,
        verified: verifySignature(secretOf(path), typeof signature === 'string' ? signature : undefined, body),
        answered: code,
      });
      res.writeHead(code, typeof a === 'number' ? {} : { location: a.redirect }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
