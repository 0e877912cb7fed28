import { execSync } from 'node:child_process';
import { launchBrowser, signIn } from '../browser.ts';
const base = 'http://127.0.0.1:18080';
const dvid = 'GPS100#359710040000005';
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
let frames: number[] = [];
page.on('websocket', (ws) => ws.on('framereceived', () => frames.push(Date.now())));
await signIn(page, base, 'super@demo.jejak.my', 'Kuat-Demo-2026!');
await page.waitForURL(`${base}/`);
await page.waitForFunction(() => !!window.__jejak, undefined, { timeout: 30000 });
const shown = () => page.evaluate((d) => window.__jejak?.liveStore.device(d)?.deviceTime ?? 0, dvid);
const t0 = await shown();
await page.waitForFunction((a) => (window.__jejak?.liveStore.device(a.d)?.deviceTime ?? 0) > a.t, { d: dvid, t: t0 }, { timeout: 30000 });
await page.screenshot({ path: '/tmp/compose-1440.png' });
console.log('live ok; frames', frames.length);
for (const victim of ['jejak_api-1_1', 'jejak_api-2_1']) {
  const before = await shown();
  const killedAt = Date.now();
  execSync(`docker kill ${victim}`);
  await page.waitForFunction((a) => (window.__jejak?.liveStore.device(a.d)?.deviceTime ?? 0) > a.t + 3000, { d: dvid, t: before }, { timeout: 60000 });
  console.log(`${victim} killed: map updated again after ${((Date.now() - killedAt) / 1000).toFixed(1)} s`);
  execSync(`docker start ${victim}`);
  await page.waitForTimeout(25000);
}
await page.screenshot({ path: '/tmp/compose-after.png' });
await page.setViewportSize({ width: 390, height: 844 });
await page.screenshot({ path: '/tmp/compose-390.png' });
await browser.close();
