import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { LIVE_TOO_MANY_SOCKETS_CLOSE } from '@jejak/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { gt06Track } from './device-client.ts';
import { apiClient, dbKinds, startTestServer, type TestServer } from './harness.ts';
import { openLive } from './live-client.ts';

/**
 * Issue 27 item 1 (ADR 0082): a live-channel flood as the probe sent it — 30 sockets of one
 * signed-in operator, each sending 4 subscribes of many ids (scaled from 50,000 to 20,000 so the
 * test takes seconds) — is held to the caps: every socket past the session's cap is refused,
 * at the upgrade (429) or with LIVE_TOO_MANY_SOCKETS_CLOSE. Another user's API answers and a tracker's acknowledgements
 * are measured one after another, quiet and while it runs, and printed with the goal's bound,
 * max(2 × quiet p99, quiet p99 + 50 ms) (a quiet p99 of a few milliseconds doubles from
 * scheduling noise alone on a loaded 2-core machine). The rules forbid timing thresholds in
 * tests, so the bound is reported, not asserted (docs/decisions/0082).
 */
const SOCKETS = 30;
const MESSAGES = 4;
const IDS = 20_000;
const SAMPLES = 40;
const SOCKETS_PER_SESSION = 8;

const require = createRequire(import.meta.url);

/**
 * The probe's flood, round after round until told to stop: `sockets` sockets of one session,
 * each sending `messages` subscribes at once and closing at the first answer. Reports the rounds
 * and how the sockets that got no answer ended: the HTTP status of a refused upgrade, or the close code.
 */
const FLOODER = `
const { parentPort, workerData: w } = require('node:worker_threads');
const WebSocket = require(w.ws);
let stop = false;
parentPort.on('message', () => { stop = true; });
const closes = [];
const socket = () => new Promise((resolve) => {
  const ws = new WebSocket(w.url, { headers: { cookie: w.cookie } });
  let answers = 0;
  let status = null;
  ws.on('unexpected-response', (_req, res) => { status = res.statusCode; res.resume(); ws.terminate(); });
  ws.on('error', () => undefined);
  ws.on('open', () => { for (let i = 0; i < w.messages; i++) ws.send(w.message); });
  ws.on('message', () => { answers++; ws.close(); });
  ws.on('close', (code) => { if (answers === 0) closes.push(status ?? code); resolve(); });
});
(async () => {
  let rounds = 0;
  while (!stop) {
    await Promise.all(Array.from({ length: w.sockets }, socket));
    rounds++;
  }
  parentPort.postMessage({ rounds, closes });
})();
`;

function p99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] ?? 0;
}
const bound = (quiet: number) => Math.max(2 * quiet, quiet + 50);

async function timed(f: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

describe.each(await dbKinds())('a live-channel flood on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { JEJAK_LIVE_MAX_SOCKETS_PER_SESSION: String(SOCKETS_PER_SESSION) });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("refuses the flooder's sockets past the cap, and measures other users' answers and acks", async () => {
    const owner2 = apiClient(server.baseUrl);
    const me = await owner2.login('owner2@demo.jejak.my');
    const track = await gt06Track(server.gt06Port, demoImei(12), Date.now() - 86_400_000);
    const sample = async () => {
      const api: number[] = [];
      const acks: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        api.push(await timed(() => owner2.post('/user/gethierarchy', { uid: me.uid })));
        acks.push(await timed(() => track.send(30, true, 0.5)));
      }
      return { api: p99(api), acks: p99(acks) };
    };
    await sample(); // warm-up: first queries, JIT
    const quiet = await sample();

    const operatorClient = apiClient(server.baseUrl);
    const operator = await operatorClient.login('operator@demo.jejak.my');
    const ids = Array.from({ length: IDS }, (_, i) => `dev#GPS100#${String(i).padStart(15, '9')}`);
    const message = JSON.stringify({ action: 'subscribeTo', data: { uid: operator.uid, ids } });
    // The flooder runs in a thread of its own, as it would on a machine of its own: its sending
    // costs this process's event loop nothing but what the server does with it.
    const flooder = new Worker(FLOODER, {
      eval: true,
      workerData: {
        ws: require.resolve('ws'),
        url: server.baseUrl.replace('http', 'ws') + '/api/live',
        cookie: operatorClient.cookie ?? '',
        message,
        sockets: SOCKETS,
        messages: MESSAGES,
      },
    });
    const report = new Promise<{ rounds: number; closes: number[] }>((resolve, reject) => {
      flooder.once('message', resolve);
      flooder.once('error', reject);
    });
    const flood = await sample();
    flooder.postMessage('stop');
    const { rounds, closes } = await report;
    await flooder.terminate();

    console.info(
      `live flood on ${kind}: quiet p99 api ${quiet.api.toFixed(1)} ms, acks ${quiet.acks.toFixed(1)} ms;`,
      `under flood api ${flood.api.toFixed(1)} ms, acks ${flood.acks.toFixed(1)} ms (${rounds} rounds)`,
    );
    expect(rounds).toBeGreaterThan(0);
    // Every socket that got no answer was refused with the cap's code; at least 22 of each round's
    // 30 (a round's sockets may still be closing on the server when the next opens).
    expect(closes.every((c) => c === LIVE_TOO_MANY_SOCKETS_CLOSE || c === 429)).toBe(true);
    expect(closes.length).toBeGreaterThanOrEqual(rounds * (SOCKETS - SOCKETS_PER_SESSION) - SOCKETS_PER_SESSION);
    // Measured, not asserted (HELPERS: no timing thresholds in tests); the goal is the bound.
    console.info(
      `bound max(2x, +50 ms): api ${bound(quiet.api).toFixed(1)} ms, acks ${bound(quiet.acks).toFixed(1)} ms`,
    );
    track.device.close();
  }, 120_000);
});

describe("a user's live sockets and byte rate (ADR 0082)", () => {
  let server: TestServer;
  beforeAll(async () => {
    // 1 KiB a second past a 64 KiB burst: a 2,000-id subscribe (about 58 kB) fits the burst; a
    // 5,000-id one (145 kB, more than one read from the wire) then runs into a minute of debt.
    server = await startTestServer('pglite', {
      JEJAK_LIVE_BYTES_PER_SECOND: '1024',
      JEJAK_LIVE_BURST_BYTES: '65536',
      JEJAK_LIVE_MAX_SOCKETS_PER_USER: '3',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('reads no more of a user past its rate, on any of its sockets, while others are answered', async () => {
    const operatorClient = apiClient(server.baseUrl);
    const operator = await operatorClient.login('operator@demo.jejak.my');
    const ownerClient = apiClient(server.baseUrl);
    const owner = await ownerClient.login('owner2@demo.jejak.my');
    const subscribe = (uid: string, ids: string[]) => JSON.stringify({ action: 'subscribeTo', data: { uid, ids } });
    const big = Array.from({ length: 2_000 }, (_, i) => `dev#GPS100#${String(i).padStart(15, '9')}`);

    const first = await openLive(server.baseUrl, operatorClient.cookie);
    first.ws.send(subscribe(operator.uid, big));
    expect((await first.until((m) => m.mode === 'subscribed')).item).toMatchObject({ rejected: 2_000 });
    // The bytes are charged as they arrive: the longer list runs the user into debt part-way,
    // and the rest of it is not read until paid.
    const longer = Array.from({ length: 5_000 }, (_, i) => `dev#GPS100#${String(i).padStart(15, '8')}`);
    first.ws.send(subscribe(operator.uid, longer));
    const second = await openLive(server.baseUrl, operatorClient.cookie);
    second.ws.send(subscribe(operator.uid, []));

    const other = await openLive(server.baseUrl, ownerClient.cookie);
    other.ws.send(subscribe(owner.uid, []));
    await other.until((m) => m.mode === 'subscribed');
    expect((await ownerClient.post('/user/gethierarchy', { uid: owner.uid })).status).toBe(200);
    // The operator's later subscribes wait in TCP: neither socket has read them whole.
    expect(first.messages.filter((m) => m.mode === 'subscribed')).toHaveLength(1);
    expect(second.messages).toEqual([]);
    for (const live of [first, second, other]) live.ws.close();
  });

  it("refuses a user's socket past its cap at the upgrade, whichever session asks", async () => {
    const sessions = [apiClient(server.baseUrl), apiClient(server.baseUrl)];
    for (const client of sessions) await client.login('manager@demo.jejak.my');
    const open = [];
    for (let i = 0; i < 3; i++) open.push(await openLive(server.baseUrl, sessions[i % 2]?.cookie ?? null));
    expect(open.map((live) => live.refusedWith)).toEqual([null, null, null]);
    const fourth = await openLive(server.baseUrl, sessions[1]?.cookie ?? null);
    expect(fourth.refusedWith).toBe(429);
    // One closes: the user may open one again.
    open[0]?.ws.close();
    await open[0]?.closed;
    await expect.poll(async () => (await openLive(server.baseUrl, sessions[1]?.cookie ?? null)).refusedWith).toBe(null);
    for (const live of open) live.ws.close();
  });
});
