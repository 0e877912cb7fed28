import { createHmac } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import { WEBHOOK_HEADERS } from '@jejak/contract';

/**
 * Addresses a webhook may not reach (ADR 0089): this host, private networks, link-local (cloud
 * metadata), carrier-grade NAT, multicast and reserved ranges, in IPv4 and IPv6.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is one a webhook may reach; IPv4-mapped IPv6 is judged as its IPv4. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped?.[1] ?? address;
  const family = isIP(ip);
  if (family === 0) return false;
  return !blocked.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signWebhook(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export interface WebhookSendOptions {
  /** JEJAK_WEBHOOK_ALLOW_PRIVATE: http:// and private addresses allowed (tests, closed networks). */
  allowPrivate: boolean;
  /** Extra trusted CA certificates (PEM, JEJAK_WEBHOOK_CA_FILE), beside the system's. */
  ca?: string;
  timeoutMs: number;
  now: () => number;
}

export interface WebhookRequest {
  url: string;
  secret: string;
  kind: string;
  deliveryId: string;
  body: string;
}

export interface WebhookResult {
  ok: boolean;
  /** Worth another attempt: a network failure or an answer other than 2xx; not a refusal of ours. */
  retryable: boolean;
  responseCode: number | null;
  latencyMs: number | null;
  error: string | null;
}

const refused = (error: string): WebhookResult => ({
  ok: false,
  retryable: false,
  responseCode: null,
  latencyMs: null,
  error,
});

/**
 * The address to connect to, checked: the URL's host resolved now, every address it resolves to
 * public (unless allowed), and the connection pinned to the first of them so a second lookup
 * cannot answer differently (DNS rebinding). A string is why it is refused.
 */
async function resolveTarget(url: URL, allowPrivate: boolean): Promise<{ address: string; family: number } | string> {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return 'Only https:// addresses are allowed';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host)
      ? [{ address: host, family: isIP(host) }]
      : await lookup(host, { all: true, verbatim: true });
  } catch {
    return `The host ${host} could not be resolved`;
  }
  if (addresses.length === 0) return `The host ${host} could not be resolved`;
  if (!allowPrivate) {
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) return `The host ${host} resolves to a private or reserved address (${bad.address})`;
  }
  return addresses[0] as { address: string; family: number };
}

/**
 * Posts one signed delivery (ADR 0089). Redirects are not followed: a 3xx is a failed attempt,
 * so an answer cannot send us to an address we would refuse.
 */
export async function sendWebhook(req: WebhookRequest, opts: WebhookSendOptions): Promise<WebhookResult> {
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return refused('The address is not a URL');
  }
  const target = await resolveTarget(url, opts.allowPrivate);
  if (typeof target === 'string') return refused(target);
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
  const unix = Math.floor(opts.now() / 1000);
  const started = performance.now();
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<WebhookResult>((resolve) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        // The system's roots stay trusted beside the extra CA.
        ...(opts.ca && url.protocol === 'https:' ? { ca: [...rootCertificates, opts.ca] } : {}),
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(req.body),
          'user-agent': 'Jejak-Webhook/1',
          [WEBHOOK_HEADERS.signature]: signWebhook(req.secret, unix, req.body),
          [WEBHOOK_HEADERS.event]: req.kind,
          [WEBHOOK_HEADERS.delivery]: req.deliveryId,
        },
      },
      (res) => {
        // The answer's body is not kept; read it so the socket closes cleanly.
        res.resume();
        res.on('end', () => {
          const code = res.statusCode ?? 0;
          const ok = code >= 200 && code < 300;
          resolve({
            ok,
            retryable: !ok,
            responseCode: code,
            latencyMs: Math.round(performance.now() - started),
            error: ok ? null : code >= 300 && code < 400 ? 'Redirects are not followed' : `HTTP ${code}`,
          });
        });
        res.on('error', (err) => fail(err));
      },
    );
    const fail = (err: Error) =>
      resolve({
        ok: false,
        retryable: true,
        responseCode: null,
        latencyMs: Math.round(performance.now() - started),
        error: err.message.slice(0, 300),
      });
    // The whole exchange, not only each silence, ends at the timeout: a claim's lease outlasts it.
    const deadline = setTimeout(
      () => request.destroy(new Error(`No answer within ${opts.timeoutMs} ms`)),
      opts.timeoutMs,
    );
    request.on('close', () => clearTimeout(deadline));
    request.on('error', fail);
    request.end(req.body);
  });
}
