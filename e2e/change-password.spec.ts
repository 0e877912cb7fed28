import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectToast, FLOW_TIMEOUT_MS, passwordMatchShows, screenshot, signIn, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';

/** The policy's reason under the new-password field, shown while typing. */
async function policySays(page: Page, text: string): Promise<void> {
  await page.locator('.ant-form-item-explain').getByText(text, { exact: true }).waitFor();
}

async function fillNew(page: Page, password: string): Promise<void> {
  await page.fill('#password', password);
  await page.fill('#confirmPassword', password);
}

/** Spec 1 §7 Reset password for the signed-in user (e-mail, current and new password) in Chromium. */
describe('reset password from the profile in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it("is reached from the user menu and the profile; explains the policy; 'Reset password success'", async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'operator@demo.jejak.my', '/Profile');
    await page.getByTestId('profile-reset-password').click();
    await page.waitForURL(/\/Profile\/ResetPassword$/);
    await page.goto(`${ui.server.baseUrl}/UserManagement`);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-reset-password').click();
    await page.waitForURL(/\/Profile\/ResetPassword$/);
    const form = page.getByTestId('change-password');
    await form.getByText('Reset password', { exact: true }).first().waitFor();
    expect(await page.inputValue('#email')).toBe('operator@demo.jejak.my');

    // The policy speaks while typing, in the server's words.
    await page.fill('#password', 'kuda88');
    await policySays(page, 'Password must be at least 8 characters');
    await page.fill('#password', 'password123');
    await policySays(page, 'This password is too common, please choose another');
    await page.fill('#password', 'Operator-2026');
    await policySays(page, 'Password must not contain the e-mail address');
    await page.fill('#password', 'aisyah-rumah-1');
    await policySays(page, 'Password must not contain the user name');
    await page.getByTestId('submit').click();
    await expectToast(page, 'Fields cannot be empty');

    // A wrong current password: the server's message, and the session stays.
    await page.fill('#currentPassword', 'not-it-123');
    await fillNew(page, 'kereta-biru-88');
    await page.locator('#password').focus();
    await passwordMatchShows(page, 'match');
    await page.getByTestId('submit').click();
    await expectToast(page, 'Entered a wrong password, please try again');
    expect(page.url()).toMatch(/\/Profile\/ResetPassword$/);
    await screenshot(page, 'change-password-1440');

    await page.fill('#currentPassword', 'demo1234');
    await page.getByTestId('submit').click();
    await expectToast(page, 'Reset password success');
    expect(await page.inputValue('#currentPassword')).toBe('');
    await page.close();

    // The new password signs in; the old one no longer does.
    const again = await ui.browser.newPage({ viewport: { width: 1024, height: 768 } });
    await signIn(again, ui.server.baseUrl, 'operator@demo.jejak.my');
    await expectToast(again, 'Entered a wrong password, please try again');
    await again.fill('#password', 'kereta-biru-88');
    await again.press('#password', 'Enter');
    await again.waitForURL(`${ui.server.baseUrl}/`);
    await again.goto(`${ui.server.baseUrl}/Profile/ResetPassword`);
    await again.getByTestId('change-password').waitFor();
    await again.fill('#password', 'password123');
    await policySays(again, 'This password is too common, please choose another');
    await screenshot(again, 'change-password-1024');
    await again.close();
  });

  it('fits a phone', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/Profile/ResetPassword');
    await page.getByTestId('change-password').waitFor();
    await page.fill('#password', 'maju-jaya-2026');
    await policySays(page, 'Password must not contain the user name');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'change-password-390');
    await page.close();
  });
});
