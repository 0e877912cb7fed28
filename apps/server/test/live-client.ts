import WebSocket from 'ws';
import type { LiveServerMessage } from '@jejak/contract';

/**
 * A console's live socket for tests: collects what the server pushes; `until` waits for a
 * message, `flushed` for everything the server sent before it, `refusedWith` holds the HTTP
 * status of a refused upgrade.
 */
export async function openLive(baseUrl: string, cookie: string | null, headers: Record<string, string> = {}) {
  const ws = new WebSocket(baseUrl.replace('http', 'ws') + '/api/live', {
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
  const messages: LiveServerMessage[] = [];
  let refusedWith: number | null = null;
  // Behind the test cluster's HAProxy, the api node that took the upgrade (tools/testing/cluster.ts).
  let servedBy = '';
  ws.on('upgrade', (res) => (servedBy = String(res.headers['x-jejak-node'] ?? '')));
  ws.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString()) as LiveServerMessage));
  ws.on('unexpected-response', (_req, res) => {
    refusedWith = res.statusCode ?? 0;
    res.resume();
    ws.terminate();
  });
  ws.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve) => {
    ws.once('open', () => resolve());
    ws.once('close', () => resolve());
  });
  const until = async (pred: (m: LiveServerMessage) => boolean, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const m = messages.find(pred);
      if (m) return m;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`live message did not arrive; got ${JSON.stringify(messages)}`);
  };
  /** Resolves once every message the server wrote before now has arrived (a ping's pong follows them). */
  const flushed = () =>
    new Promise<void>((resolve, reject) => {
      if (ws.readyState !== ws.OPEN) return resolve();
      ws.once('pong', () => resolve());
      ws.once('close', () => resolve());
      ws.ping((err?: Error) => (err ? reject(err) : undefined));
    });
  return {
    ws,
    messages,
    closed,
    until,
    flushed,
    get refusedWith() {
      return refusedWith;
    },
    get servedBy() {
      return servedBy;
    },
  };
}
