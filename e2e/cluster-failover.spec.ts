import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dvidOf } from '@jejak/contract';
import { startSimulator, type RunningSimulator } from '@jejak/simulator';
import { demoImei } from '../apps/server/src/demo/demo-fleet.ts';
import { DEMO_MODEL } from '../apps/server/src/demo/seed.ts';
import { postgresAvailable } from '../apps/server/test/harness.ts';
import { startCluster, type Cluster } from '../tools/testing/cluster.ts';
import { waitFor } from '../tools/server-process.ts';
import { launchBrowser, screenshot, signIn } from './browser.ts';

const PG_ADMIN_URL = process.env.JEJAK_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WEB_DIST = new URL('../apps/web/dist', import.meta.url).pathname;
/**
 * Issue 15 item 6 asks that a signed-in console keep updating within 5 s of losing its API node.
 * The figure is printed (docs/deploy.md records it); the wait's limit is generous, since the
 * 2-core machine is shared, and only fails a console that never updates again.
 */
const UPDATE_AGAIN_LIMIT_MS = 30_000;
const withPostgres = await postgresAvailable();

const imei = demoImei(13); // owner2's
const dvid = dvidOf(DEMO_MODEL, imei);

/** The device time of the tracker's last fix in the console's live store (what the map draws). */
const shownDeviceTime = (page: Page): Promise<number> =>
  page.evaluate((d) => window.__jejak?.liveStore.device(d)?.deviceTime ?? 0, dvid);

interface LiveSocketLog {
  /** The api node behind each live socket the page opened, in order. */
  nodes: string[];
  /** When each socket's upgrade was answered, and when each closed (epoch ms). */
  openedAt: number[];
  closedAt: number[];
}

/**
 * Watches the page's live sockets through the DevTools protocol: HAProxy names the api node in
 * the upgrade's response (X-Jejak-Node).
 */
async function watchLiveSockets(page: Page): Promise<LiveSocketLog> {
  const log: LiveSocketLog = { nodes: [], openedAt: [], closedAt: [] };
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.webSocketHandshakeResponseReceived', (e) => {
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    log.nodes.push(String(headers['x-jejak-node'] ?? ''));
    log.openedAt.push(Date.now());
  });
  cdp.on('Network.webSocketClosed', () => log.closedAt.push(Date.now()));
  await cdp.send('Network.enable');
  return log;
}

describe.runIf(withPostgres)('the console behind HAProxy when its api node dies', () => {
  let cluster: Cluster;
  let browser: Browser;
  let sim: RunningSimulator;

  beforeAll(async () => {
    cluster = await startCluster({ adminUrl: PG_ADMIN_URL, gateways: 2, apis: 2, schedulers: 1, webDist: WEB_DIST });
    sim = startSimulator({
      host: '127.0.0.1',
      port: cluster.gt06Port,
      devices: [{ imei, seed: 13 }],
      intervalMs: 1000,
      heartbeatEveryMs: 0,
    });
    browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await sim?.stop();
    await cluster?.stop();
  });

  it('keeps the map updating: the console reconnects through HAProxy to the other node and refetches', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const sockets = await watchLiveSockets(page);
    await signIn(page, cluster.url, 'owner2@demo.jejak.my');
    await page.waitForURL(`${cluster.url}/`);
    await page.waitForFunction((d) => (window.__jejak?.liveStore.device(d)?.deviceTime ?? 0) > 0, dvid);
    const moving = await shownDeviceTime(page);
    await expect.poll(() => shownDeviceTime(page)).toBeGreaterThan(moving);
    const node = sockets.nodes.at(-1) ?? '';
    expect(node).toMatch(/^api-[12]$/);

    const killedAt = Date.now();
    await cluster.kill(node);
    // The console waits its 3 s, opens a socket through HAProxy (to the other node) and refetches;
    // then the tracker's next fix must reach the map through that socket.
    await waitFor(() => sockets.nodes.length > 1, UPDATE_AGAIN_LIMIT_MS, 'the console to open a new live socket');
    const atReconnect = await shownDeviceTime(page);
    await waitFor(async () => (await shownDeviceTime(page)) > atReconnect, UPDATE_AGAIN_LIMIT_MS, 'the map to update');
    const gapMs = Date.now() - killedAt;
    const [closedMs, reopenedMs] = [(sockets.closedAt[0] ?? NaN) - killedAt, (sockets.openedAt[1] ?? NaN) - killedAt];
    console.log(
      `api node ${node} killed: socket closed after ${closedMs} ms, reopened on ${sockets.nodes[1]} after ` +
        `${reopenedMs} ms, the map updated again after ${gapMs} ms (issue: within 5 s)`,
    );
    expect(sockets.nodes.slice(1)).not.toContain(node);
    await screenshot(page, 'cluster-failover-after-kill');
    await page.close();
  });
});
