/**
 * The web benches' browser steps (real Chromium through playwright-core): what a page fetched,
 * signing in, and waiting until the dashboard's map holds vehicles.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const DEMO_OWNER = 'owner@demo.jejak.my';
/** The demo's password (README "Demo sign-ins"; JEJAK_DEMO_PASSWORD changes it). */
export const DEMO_PASSWORD = process.env.JEJAK_DEMO_PASSWORD ?? 'demo1234';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A context as a new browser has it (empty cache), 1440×900, with `state`'s cookies when given. */
export async function freshContext(browser: Browser, state?: StorageState): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: state });
  // tsx compiles the in-page functions with esbuild's keepNames, which calls a __name helper.
  await context.addInitScript({ content: `globalThis.__name = (f) => f; ${KEEP_TIMINGS}` });
  return context;
}

export interface Fetched {
  /** Path on the server (no query); the page itself (the navigation) is `document`. */
  path: string;
  /** Body bytes as they came over the wire (compressed when the server compressed them). */
  encodedBytes: number;
  /** Body and header bytes over the wire (0 when the browser's cache answered). */
  transferBytes: number;
  /** Body bytes after decoding. */
  decodedBytes: number;
}

/**
 * Everything `page` and its workers fetched from `origin` since it was opened, from the browser's
 * own Resource Timing entries (same origin, so their sizes are given).
 */
export async function fetchedResources(page: Page, origin: string): Promise<Fetched[]> {
  const read = () => {
    const entries = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ] as PerformanceResourceTiming[];
    return entries.map((e) => ({
      url: e.name,
      navigation: e.entryType === 'navigation',
      encodedBytes: e.encodedBodySize,
      transferBytes: e.transferSize,
      decodedBytes: e.decodedBodySize,
    }));
  };
  const lists = [await page.evaluate(read), ...(await Promise.all(page.workers().map((w) => w.evaluate(read))))];
  return lists.flat().flatMap((e) => {
    const url = new URL(e.url);
    if (url.origin !== origin) return [];
    const { encodedBytes, transferBytes, decodedBytes } = e;
    return [{ path: e.navigation ? 'document' : url.pathname, encodedBytes, transferBytes, decodedBytes }];
  });
}

/** Lets the page keep every Resource Timing entry (the browser's default stops at 250). */
export const KEEP_TIMINGS = 'performance.setResourceTimingBufferSize(100000);';

/** Fills in the sign-in form of the page at /Login and waits for the dashboard's address. */
export async function signInOnPage(page: Page, base: string, email = DEMO_OWNER): Promise<void> {
  await page.fill('#email', email);
  await page.fill('#password', DEMO_PASSWORD);
  await page.press('#password', 'Enter');
  await page.waitForURL(`${base}/`);
}

/**
 * Waits until the dashboard map's vehicles source holds at least one feature (polled every 100 ms:
 * the source's data is read asynchronously, which waitForFunction does not wait for).
 */
export async function vehiclesDrawn(page: Page, timeoutMs = 120_000): Promise<void> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    const features = await page.evaluate(async () => {
      const source = window.__jejak?.map.getSource('vehicles');
      if (!source || !('getData' in source)) return 0;
      const data = await (source as { getData: () => Promise<{ features?: unknown[] }> }).getData();
      return data.features?.length ?? 0;
    });
    if (features > 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no vehicles on the map within ${timeoutMs / 1000} s (at ${page.url()})`);
}

/** Waits until the map has loaded its style, sources and tiles (the basemap fetched and drawn). */
export async function mapLoaded(page: Page, timeoutMs = 120_000): Promise<void> {
  await page.waitForFunction(() => window.__jejak?.map.loaded() === true, undefined, {
    timeout: timeoutMs,
    polling: 100,
  });
}
