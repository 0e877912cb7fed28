import WebSocket from 'ws';
import type { LiveServerMessage } from '@jejak/contract';

/** A console's live socket for tests: collects what the server pushes; `until` waits for a message. */
export async function openLive(baseUrl: string, cookie: string | null) {
  const ws = new WebSocket(baseUrl.replace('http', 'ws') + '/api/live', { headers: cookie ? { cookie } : {} });
  const messages: LiveServerMessage[] = [];
  ws.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString()) as LiveServerMessage));
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
  return { ws, messages, closed, until };
}
