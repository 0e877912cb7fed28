import { expect } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { LANGUAGE_STORAGE_KEY, THEME_STORAGE_KEY } from '../apps/web/src/store/stored-choices.ts';
import { screenshot, signInAt } from './browser.ts';
import { untranslatedTexts } from './untranslated.ts';

/** A language and a colour scheme, as Profile remembers them. */
export interface Look {
  language: 'en' | 'ms';
  theme: 'light' | 'dark';
}

/**
 * A browser context whose console opens in this language and scheme, as Profile remembers them
 * (1440 × 900 unless the options say otherwise).
 */
export async function lookContext(
  browser: Browser,
  look: Look,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
  await context.addInitScript(
    ([languageKey, themeKey, chosen]) => {
      localStorage.setItem(languageKey, chosen.language);
      localStorage.setItem(themeKey, chosen.theme);
    },
    [LANGUAGE_STORAGE_KEY, THEME_STORAGE_KEY, look] as const,
  );
  return context;
}

/** Every screen a fleet owner opens, then the administrators' own (issue 14 item 7). */
export const OWNER_SCREENS = [
  '/',
  '/InformationTable',
  '/TripRecord',
  '/EventRecord',
  '/Geofence',
  '/Geofence/AddNewPOI',
  '/Geofence/AddNewZone',
  '/Geofence/AddGroup',
  '/UserManagement',
  '/UserManagement/Add',
  '/Management/Vehicle',
  '/Management/Vehicle/Add',
  '/Management/Rule',
  '/Management/Rule/Add',
  '/Management/RuleTemplate/Add',
  '/Management/Notification',
  '/Management/Notification/Add',
  '/Management/Notification/Log',
  '/FuelAnalysis',
  '/SOSAlerts',
  '/VehicleReport',
  '/Profile',
];
export const SUPER_SCREENS = ['/Management/Device', '/Management/Device/Add', '/VehicleSubscription', '/Migration'];
/**
 * The support staff's and the fleet manager's own views (issue 25, defect 10): the map with their
 * sidebar, and the screens whose content differs for them; the rest are the screens walked above.
 */
const SUPPORT_SCREENS = ['/', '/Management/Device', '/SOSAlerts'];
const MANAGER_SCREENS = ['/', '/Management/Vehicle', '/Geofence'];

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
] as const;

interface LayoutProblems {
  sideways: number;
  /** Window height the frame leaves empty below itself. */
  frameGap: number;
  brokenTitles: string[];
  background: string;
}

/** What a reader would see wrong: a page wider than the window, a title or column header broken inside a word. */
function layoutProblems(page: Page): Promise<LayoutProblems> {
  return page.evaluate(() => {
    const titles = document.querySelectorAll<HTMLElement>(
      'h1, h2, h3, h4, h5, .ant-card-head-title, .ant-modal-title, .ant-drawer-title, .ant-table-thead th',
    );
    const brokenTitles: string[] = [];
    for (const el of titles) {
      const text = (el.textContent ?? '').trim();
      if (text.length < 4 || el.offsetParent === null) continue;
      // The lines its words take: the line boxes of its text (padding and icons do not count).
      const rects: DOMRect[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...[...range.getClientRects()].filter((r) => r.width > 0));
      }
      const tops = rects.map((r) => r.top).sort((a, b) => a - b);
      const lines = tops.filter((top, i) => i === 0 || top - (tops[i - 1] ?? top) > (rects[0]?.height ?? 0) / 2).length;
      const words = text.split(/\s+/).length;
      // More lines than words: a word was split across lines.
      if (lines > words) brokenTitles.push(`${text} (${lines} lines)`);
    }
    const frame = document.querySelector('.app-frame')?.getBoundingClientRect();
    return {
      sideways: document.documentElement.scrollWidth - window.innerWidth,
      frameGap: frame ? Math.round(window.innerHeight - frame.bottom) : 0,
      brokenTitles,
      background: getComputedStyle(document.body).backgroundColor,
    };
  });
}

/** Relative luminance of an rgb() colour, 0 (black) to 1 (white). */
function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Waits until the screen has drawn what it loads: no spinner, and a map (where there is one) loaded. */
export async function settled(page: Page): Promise<void> {
  await page.locator('.app-content').waitFor();
  await page.waitForFunction(
    () =>
      document.querySelector('.ant-spin-spinning, .ant-skeleton-active') === null &&
      (document.querySelector('.maplibregl-map') === null || window.__jejak?.map.loaded() === true),
    undefined,
    { timeout: 30_000 },
  );
}

/**
 * Opens `path` as the sidebar would, inside the running console (its map and caches kept; a
 * page load each time cost seconds of map start-up per screen), and waits until it shows.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // The screen shown is the path's, or where the console sent it on (a redirect).
  await page.waitForFunction((from) => {
    const shown = document.querySelector<HTMLElement>('.app-content')?.dataset['path'];
    return shown === window.location.pathname && (shown === from || window.location.pathname !== from);
  }, path);
  await settled(page);
}

async function visit(page: Page, path: string, look: Look, name: string): Promise<string[]> {
  const untranslated = new Set<string>();
  await openInApp(page, path);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    // The console re-lays itself out after a resize (breakpoints re-render): poll until it has.
    const fits = async () => {
      const seen = await layoutProblems(page);
      return {
        sideways: seen.sideways > 1 ? `scrolls sideways by ${seen.sideways} px` : null,
        frameGap: seen.frameGap > 1 ? `leaves ${seen.frameGap} px empty below the frame` : null,
        brokenTitles: seen.brokenTitles,
        dark: luminance(seen.background) < 0.3,
      };
    };
    await expect
      .poll(fits, { timeout: 10_000, message: `${path} at ${size.width} px` })
      .toEqual({ sideways: null, frameGap: null, brokenTitles: [], dark: look.theme === 'dark' });
    await screenshot(page, `gallery-${look.language}-${look.theme}-${name}-${size.width}`);
    if (look.language === 'ms') for (const text of await untranslatedTexts(page)) untranslated.add(`${path}: ${text}`);
  }
  await page.setViewportSize(WIDTHS[0]);
  return [...untranslated];
}

const shotName = (path: string) => (path === '/' ? 'dashboard' : path.slice(1).replaceAll('/', '-'));

/**
 * Walks every screen in one look at 1440, 1024 and 390 px: saves a picture of each and checks the
 * page never scrolls sideways, the frame fills the window, no title breaks inside a word, and the
 * background follows the theme. In Malay, no text of the console's own may be left in English.
 */
export async function walkScreens(browser: Browser, base: string, look: Look): Promise<void> {
  const untranslated: string[] = [];
  // The owner's and the admin's pictures keep their names; the others' are named after the role.
  for (const [email, paths, prefix] of [
    ['owner@demo.jejak.my', OWNER_SCREENS, ''],
    ['super@demo.jejak.my', SUPER_SCREENS, ''],
    ['support@demo.jejak.my', SUPPORT_SCREENS, 'support-'],
    ['manager@demo.jejak.my', MANAGER_SCREENS, 'manager-'],
  ] as const) {
    const context = await lookContext(browser, look, { viewport: WIDTHS[0] });
    const page = await context.newPage();
    await signInAt(page, base, email, paths[0] ?? '/');
    for (const path of paths) untranslated.push(...(await visit(page, path, look, prefix + shotName(path))));
    await context.close();
  }
  expect(untranslated, 'English texts on Malay screens').toEqual([]);
}
