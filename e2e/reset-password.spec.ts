import { describe, expect, it } from 'vitest';
import { expectToast, FLOW_TIMEOUT_MS, passwordMatchShows, screenshot, signIn, signInAt } from './browser.ts';
import { mailingConsoleUnderTest } from './console.ts';

const LINK_RE = /(http:\/\/[^\s"<>]+\/ResetPassword\?token=[A-Za-z0-9_-]+)/;

/** Reset password in Chromium: Edit User's button e-mails a link; the link's page sets the password. */
describe('reset password in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = mailingConsoleUnderTest();

  it("e-mails a link; the page sets the new password ('Reset password success') and the link works once", async () => {
    const admin = await ui.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInAt(admin, ui.server.baseUrl, 'distributor@demo.jejak.my', '/UserManagement');
    await admin.getByTestId('user-tree').getByText('Klang Valley Cold Chain Sdn Bhd').click();
    await admin.getByRole('button', { name: 'Edit user' }).click();
    const mail = ui.sink.nextMail();
    await admin.getByTestId('reset-password').click();
    await expectToast(admin, 'A reset password link has been sent to the user');
    const received = await mail;
    expect(received.to).toEqual(['owner2@demo.jejak.my']);
    const link = LINK_RE.exec(received.decoded)?.[1];
    if (!link) throw new Error('no reset link in the e-mail');
    expect(link.startsWith(ui.server.baseUrl)).toBe(true);
    await admin.close();

    // The owner opens the link signed out.
    const context = await ui.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(link);
    await page.getByTestId('reset-password').waitFor();
    await page.fill('#password', 'short');
    await page.fill('#confirmPassword', 'short');
    await page.getByTestId('submit').click();
    await expectToast(page, 'Password must be at least 8 characters');
    // Signed out, the page does not know whose password it is: the server gives the reason.
    await page.fill('#password', 'cold-chain-2026');
    await page.fill('#confirmPassword', 'cold-chain-2026');
    await page.getByTestId('submit').click();
    await expectToast(page, 'Password must not contain the user name');
    await page.fill('#password', 'kereta-sejuk-2026');
    await page.fill('#confirmPassword', 'kereta-sejuk-2026');
    await page.locator('#password').focus();
    await passwordMatchShows(page, 'match');
    await screenshot(page, 'reset-password');
    await page.getByTestId('submit').click();
    await expectToast(page, 'Reset password success');
    await page.waitForURL(/\/Login$/);

    // The old password no longer works, the new one does; the link is spent.
    await signIn(page, ui.server.baseUrl, 'owner2@demo.jejak.my');
    await expectToast(page, 'Entered a wrong password, please try again');
    await page.fill('#password', 'kereta-sejuk-2026');
    await page.press('#password', 'Enter');
    await page.waitForURL(`${ui.server.baseUrl}/`);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/Login$/);
    await page.goto(link);
    await page.fill('#password', 'another-pass-1');
    await page.fill('#confirmPassword', 'another-pass-1');
    await page.getByTestId('submit').click();
    await expectToast(page, 'This reset password link is invalid or has expired');
    await context.close();
  });
});
