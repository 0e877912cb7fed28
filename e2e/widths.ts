import type { Page } from 'playwright-core';
import { screenshot } from './browser.ts';

/** The widths every screen is looked at (DESIGN §7 "every screen readable at 390 px"). */
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
] as const;

/** Saves `{name}-{width}.png` at each width, then puts the page back to 1440 px. */
export async function screenshotAtWidths(page: Page, name: string): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await screenshot(page, `${name}-${size.width}`);
  }
  await page.setViewportSize(WIDTHS[0]);
}
