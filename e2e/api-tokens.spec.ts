import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API_TOKEN_TEXTS } from '@jejak/contract';
import { expectToast, FLOW_TIMEOUT_MS, screenshot, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { en } from '../apps/web/src/i18n/en.ts';
import { ms } from '../apps/web/src/i18n/ms.ts';
import { screenshotAtWidths } from './widths.ts';

const s = en.apiTokens;

/** One call from outside the browser (node's fetch) with the token, as another system makes it. */
async function callWithToken(baseUrl: string, token: string, path: string, body: unknown) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Creates a token in Profile's dialog; answers the secret the dialog shows once. */
async function createToken(page: Page, name: string, scope: 'read' | 'full'): Promise<string> {
  await page.getByTestId('api-token-create').click();
  await page.getByTestId('api-token-name').fill(name);
  await page.getByTestId(`api-token-scope-${scope}`).click();
  await page.getByTestId('api-token-submit').click();
  const value = page.getByTestId('api-token-value');
  await value.waitFor();
  return ((await value.textContent()) ?? '').trim();
}

/** Profile → API tokens in Chromium (issue 28, ADR 0087): create, see once, use from outside, revoke. */
describe('API tokens in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('creates a token shown once, which works from outside with the user’s access until revoked', async () => {
    const context = await ui.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const { baseUrl } = ui.server;
    await signInAt(page, baseUrl, 'owner@demo.jejak.my', '/Profile');
    const section = page.getByTestId('api-tokens');
    await section.scrollIntoViewIfNeeded();
    await section.getByText(s.none, { exact: true }).waitFor();

    const token = await createToken(page, 'Laporan malam', 'read');
    expect(token).toMatch(/^jjk_[A-Za-z0-9_-]{43}$/);
    await expectToast(page, API_TOKEN_TEXTS.created);
    await page.getByText(s.shownOnce, { exact: true }).waitFor();
    await page.locator('[data-testid="api-token-value"] .ant-typography-copy').click();
    await page.locator('[data-testid="api-token-value"] .ant-typography-copy-success').waitFor();
    await screenshotAtWidths(page, 'api-token-created');

    // Done: the secret is gone from the page for good; the list names the token by its start.
    await page.getByTestId('api-token-done').click();
    await page.getByTestId('api-token-secret').waitFor({ state: 'detached' });
    const row = section.getByTestId(`api-token-${token.slice(0, 12)}`);
    await row.getByText('Laporan malam', { exact: true }).waitFor();
    await row.getByText(s.scopes.read, { exact: true }).waitFor();
    await row.getByText(`${s.lastUsed}: ${s.never}`, { exact: true }).waitFor();
    expect(await page.content()).not.toContain(token);

    // From node: the owner's hierarchy reads as the owner's own; a change is refused.
    const me = (await page.evaluate(() => fetch('/api/auth/session', { method: 'POST' }).then((r) => r.json()))) as {
      user: { uid: string };
    };
    const read = await callWithToken(baseUrl, token, '/user/gethierarchy', { uid: me.user.uid });
    expect(read.status).toBe(200);
    expect((read.body.user as { uid: string }).uid).toBe(me.user.uid);
    const write = await callWithToken(baseUrl, token, '/vehicle/group/add', {
      uid: me.user.uid,
      vehicleGroupName: 'Dari luar',
      colorHexCode: '#224466',
    });
    expect(write).toMatchObject({ status: 403, body: { message: API_TOKEN_TEXTS.readOnly } });

    // The list shows the use.
    await page.reload();
    await section.scrollIntoViewIfNeeded();
    await row.getByText(`${s.lastUsed}: ${s.never}`, { exact: true }).waitFor({ state: 'detached' });
    await createToken(page, 'Integrasi ERP', 'full');
    await page.getByTestId('api-token-done').click();
    await section.getByText('Integrasi ERP', { exact: true }).waitFor();
    // At each width the list itself is brought into view (the card scrolls at 1440, the page at 390).
    for (const size of [
      { width: 1440, height: 900 },
      { width: 1024, height: 768 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await section.locator('.ant-list').scrollIntoViewIfNeeded();
      await screenshot(page, `api-tokens-list-${size.width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // Revoked: refused at once.
    await row.getByTestId('api-token-revoke').click();
    await page.getByText(s.revokeConfirm, { exact: true }).waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: s.revoke }).click();
    await expectToast(page, API_TOKEN_TEXTS.revoked);
    await row.waitFor({ state: 'detached' });
    const after = await callWithToken(baseUrl, token, '/user/gethierarchy', { uid: me.user.uid });
    expect(after).toMatchObject({ status: 401, body: { message: API_TOKEN_TEXTS.invalid } });

    // In Bahasa Malaysia.
    await page.getByTestId('language-ms').click();
    await section.getByText(ms.apiTokens.title, { exact: true }).waitFor();
    await section.getByText(ms.apiTokens.scopes.full, { exact: true }).waitFor();
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'api-tokens-ms-1440');
    await page.getByTestId('api-token-create').click();
    await page.getByText(ms.apiTokens.newTitle, { exact: true }).waitFor();
    await screenshot(page, 'api-token-form-ms-1440');
    await context.close();
  });
});
