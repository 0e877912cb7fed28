import { launchBrowser, signIn } from './browser.ts';
import { execFileSync } from 'node:child_process';

const base = 'http://127.0.0.1:8080';
const browser = await launchBrowser();
for (const width of [1440, 1024, 390]) {
  const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, base, 'owner@demo.jejak.my');
  await page.waitForTimeout(4000);
  await page.screenshot({ path: `/tmp/shots/dash-${width}.png` });
  await page.goto(`${base}/EventRecord`);
  await page.locator('#event-vehicle').click();
  await page.locator('#event-vehicle').fill('BMK');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.keyboard.press('Escape');
  await page.getByTestId('event-submit').click();
  await page.getByTestId('event-item').first().waitFor({ timeout: 15000 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/events-${width}.png` });
  if (width === 1440) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('event-export').click()]);
    const file = `/tmp/shots/${download.suggestedFilename()}`;
    await download.saveAs(file);
    console.log('saved', file);
    execFileSync('libreoffice', ['--headless', '--convert-to', 'csv', '--outdir', '/tmp/shots', file], { stdio: 'ignore' });
  }
  await context.close();
}
await browser.close();
