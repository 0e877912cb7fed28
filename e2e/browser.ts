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

/**
 * The limit of one whole browser flow. A flow is dozens of steps, each waiting on a condition
 * with its own limit; on a shared two-core machine the sum can pass Vitest's default of 30 s
 * without anything being wrong, so the flow's limit only catches a hang.
 */
export const FLOW_TIMEOUT_MS = 300_000;

export async function launchBrowser(extraFlags: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does it)`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS, ...extraFlags], headless: true });
  watchCspViolations(browser);
  return browser;
}

/** What Chromium logs when the Content-Security-Policy blocks something. */
const CSP_VIOLATION = /Refused to|Content Security Policy/i;
const cspViolations = new WeakMap<Browser, string[]>();

/**
 * Records every CSP violation any page (or its workers) of `browser` logs: each context the
 * browser opens, newPage's included, is watched from its start.
 */
function watchCspViolations(browser: Browser): void {
  const seen: string[] = [];
  cspViolations.set(browser, seen);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('console', (message) => {
      if (CSP_VIOLATION.test(message.text())) seen.push(`${message.page()?.url() ?? 'worker'}: ${message.text()}`);
    });
    return context;
  };
}

/** Fails when the console broke its own Content-Security-Policy since the last call. */
export function expectNoCspViolations(browser: Browser | undefined): void {
  const seen = browser ? (cspViolations.get(browser)?.splice(0) ?? []) : [];
  if (seen.length > 0) throw new Error(`Content-Security-Policy violations:\n  ${seen.join('\n  ')}`);
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

/** Signs in and opens `path` (a full load, with the session cookie the sign-in set). */
export async function signInAt(page: Page, baseUrl: string, email: string, path: string, password = 'demo1234') {
  // A missing element fails its step with the locator named, well inside the test's own limit.
  page.setDefaultTimeout(15_000);
  await signIn(page, baseUrl, email, password);
  await page.waitForURL(`${baseUrl}/`);
  await page.goto(`${baseUrl}${path}`);
}

/**
 * Holds the next request to `url` until the returned function is called, so a screen's
 * in-between state (loading, progress) can be seen without racing the server.
 */
export async function holdNextRequest(
  page: Page,
  url: string,
): Promise<{ requested: Promise<void>; release: () => void }> {
  let release: () => void = () => undefined;
  let arrived: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const requested = new Promise<void>((resolve) => (arrived = resolve));
  await page.route(
    url,
    async (route) => {
      arrived();
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  return { requested, release };
}

/** Waits until the Confirm Password indicator shows `state` (it changes when the field loses focus). */
export async function passwordMatchShows(page: Page, state: 'match' | 'mismatch'): Promise<void> {
  await page.locator(`[data-testid="password-match"][data-state="${state}"]`).waitFor();
}

/** Waits for a toast with exactly this text (antd message). */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice').getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
}

/** Waits until no select or date-picker popup is open any more (they close with an animation). */
export async function popupsClosed(page: Page, timeout?: number): Promise<void> {
  await page
    .locator('.ant-select-dropdown, .ant-picker-dropdown, .ant-dropdown')
    .filter({ visible: true })
    .first()
    .waitFor({ state: 'hidden', ...(timeout === undefined ? {} : { timeout }) });
}

/**
 * Opens the antd Select whose input has this id and reads its options and the disabled ones in one
 * pass; reopens it when it closed before it could be read (a form that re-renders closes it).
 */
export async function selectOptions(page: Page, inputId: string): Promise<{ all: string[]; disabled: string[] }> {
  for (let attempt = 0; ; attempt += 1) {
    await page.locator(`#${inputId}`).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
    const read = await page.evaluate((id) => {
      // The popup of this input (its listbox is `${id}_list`): another Select's popup still
      // closing on a loaded machine is not read as this one's.
      const open = [...document.querySelectorAll('.ant-select-dropdown')].filter(
        (el) =>
          !el.classList.contains('ant-select-dropdown-hidden') &&
          (el as HTMLElement).offsetParent !== null &&
          el.querySelector(`[id="${id}_list"]`) !== null,
      );
      const options = open.flatMap((el) => [...el.querySelectorAll('.ant-select-item-option')]);
      return {
        all: options.map((el) => el.textContent ?? ''),
        disabled: options
          .filter((el) => el.classList.contains('ant-select-item-option-disabled'))
          .map((el) => el.textContent ?? ''),
      };
    }, inputId);
    if (read.all.length > 0 || attempt >= 3) {
      await page.keyboard.press('Escape');
      await popupsClosed(page);
      return read;
    }
  }
}

/** Picks `option` in the antd Select whose input has this id, and lets its popup close. */
export async function pickOption(page: Page, inputId: string, option: string, multiple = false): Promise<void> {
  // Another popup still closing (a tree select just chosen, on a loaded machine) would take the click.
  await popupsClosed(page);
  await page.locator(`#${inputId}`).click();
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(option, { exact: true });
  await item.click();
  if (multiple) await page.keyboard.press('Escape');
  // A click that landed while the popup was still sliding in (a loaded machine draws few frames)
  // chose nothing and left it open: choose again, as a user would.
  for (let tries = 1; !multiple && tries < 3; tries += 1) {
    const closed = await popupsClosed(page, 5_000).then(
      () => true,
      () => false,
    );
    if (closed) return;
    if (await item.isVisible()) await item.click();
  }
  await popupsClosed(page);
}

export const SCREENSHOTS = new URL('./screenshots/', import.meta.url).pathname;

/**
 * Saves e2e/screenshots/{name}.png with transitions finished, so fading toasts and rows show as they settle.
 * A picture taken while the page is busy (a 2,000-row upload on a loaded machine) waits for a frame
 * longer than a step's 15 s: the picture is evidence, not the thing under test.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, animations: 'disabled', timeout: 60_000 });
}

/**
 * For a failed flow: prints each open page's address, its toasts and the start of its text, and
 * saves e2e/screenshots/failed-{n}.png beside them.
 */
export async function reportOpenPages(browser: Browser, testName: string): Promise<void> {
  const pages = browser.contexts().flatMap((c) => c.pages());
  for (const [n, page] of pages.entries()) {
    const seen = await page
      .evaluate(() => ({
        toasts: [...document.querySelectorAll('.ant-message-notice')].map((el) => el.textContent ?? ''),
        text: document.body.innerText.replace(/\s+/g, ' ').slice(0, 600),
      }))
      .catch((error: unknown) => ({ toasts: [], text: `(unreadable: ${String(error)})` }));
    const shot = `failed-${n}`;
    await screenshot(page, shot).catch(() => undefined);
    console.error(
      [
        `[${testName}] page ${n} at ${page.url()}`,
        `toasts: ${JSON.stringify(seen.toasts)}`,
        `text: ${seen.text}`,
        `screenshot: ${SCREENSHOTS}${shot}.png`,
      ].join('\n  '),
    );
  }
}
