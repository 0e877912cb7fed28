import type { Page } from 'playwright-core';
import { popupsClosed, screenshot } from './browser.ts';

/** The name a target-user tree shows for a user. */
export const treeTitle = (name: string, role: string) => `${name} (${role})`;

/** Opens the tree's level below `title` when it is closed, and waits for its first child. */
async function expand(page: Page, title: string): Promise<void> {
  const node = page
    .locator('.ant-select-dropdown:visible .ant-select-tree-treenode:not([aria-hidden])')
    .filter({ has: page.getByText(title, { exact: true }) });
  await node.waitFor();
  if ((await node.getAttribute('class'))?.includes('switcher-close'))
    await node.locator('.ant-select-tree-switcher').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-treenode:not([aria-hidden])')
    .filter({ has: page.getByText(title, { exact: true }) })
    .and(page.locator('.ant-select-tree-treenode-switcher-open'))
    .waitFor();
}

/**
 * Opens the target-user TreeSelect, opens the levels below `open`, waits for the user `shows`
 * (a level loads after it opens), and reads the users and the disabled ones.
 */
export async function targetUserChoices(
  page: Page,
  open: readonly string[] = [],
  shows?: string,
): Promise<{ all: string[]; disabled: string[] }> {
  await page.locator('#targetUid').click();
  const nodes = page.locator('.ant-select-dropdown:visible .ant-select-tree-treenode:not([aria-hidden])');
  await nodes.first().waitFor();
  for (const title of open) await expand(page, title);
  if (shows) await nodes.filter({ has: page.getByText(shows, { exact: true }) }).waitFor();
  const read = await nodes.evaluateAll((els) => ({
    all: els.map((el) => el.querySelector('.ant-select-tree-title')?.textContent ?? ''),
    disabled: els
      .filter((el) => el.classList.contains('ant-select-tree-treenode-disabled'))
      .map((el) => el.querySelector('.ant-select-tree-title')?.textContent ?? ''),
  }));
  await page.keyboard.press('Escape');
  await popupsClosed(page);
  return read;
}

/** Picks a user in the target-user TreeSelect, opening the tree levels on the way. */
export async function pickTargetUser(page: Page, path: readonly string[]): Promise<void> {
  await page.locator('#targetUid').click();
  for (const title of path.slice(0, -1)) await expand(page, title);
  // A level still loading inserts rows when it arrives, and a click then lands on another row.
  await page.waitForFunction(
    () =>
      document.querySelectorAll(
        '.ant-select-dropdown .ant-select-tree-treenode-loading, .ant-select-dropdown .ant-select-tree-switcher-loading-icon',
      ).length === 0,
  );
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-title')
    .getByText(path.at(-1) ?? '', { exact: true })
    .click();
  await popupsClosed(page);
}

/** Screenshots of the form from its top at 1440, 1024 and 390 px wide (the last to check it stays readable). */
export async function screenshotWidths(page: Page, name: string): Promise<void> {
  for (const width of [1440, 1024, 390]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.locator('.ant-card-head').first().scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 1000 });
}
