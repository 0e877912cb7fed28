import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, with the flags this machine needs (no GPU, no network beyond loopback). */
export const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(extraFlags: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does it)`);
  return chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS, ...extraFlags], headless: true });
}

/** Records every request that leaves the page's own origin (the console must work offline). */
export function watchForeignRequests(page: Page, origin: string): string[] {
  const foreign: string[] = [];
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  return foreign;
}

export async function signIn(page: Page, baseUrl: string, email: string, password = 'demo1234'): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.waitForURL(/\/Login$/);
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.press('#password', 'Enter');
}
