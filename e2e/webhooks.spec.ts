import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCert, startReceiver } from '../apps/server/test/webhook-receiver.ts';
import { defaultRtid, storeEvent, vehicleOf } from '../apps/server/test/notifications-fixture.ts';
import { FLOW_TIMEOUT_MS, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { myUid } from './page-api.ts';
import { screenshotAtWidths } from './widths.ts';

const tls = selfSignedCert();
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver(
    tls,
    () => '',
    () => 200,
  );
});
afterAll(async () => {
  await receiver.close();
  tls.dispose();
});

/** Management's Webhook tab in Chromium (issue 28 item 2, ADR 0089): add, the secret once, the log. */
describe('webhooks in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest(() => ({
    JEJAK_WEBHOOK_ALLOW_PRIVATE: 'true',
    JEJAK_WEBHOOK_CA_FILE: tls.caFile,
  }));

  it('adds a webhook, shows its secret once, and lists its deliveries', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/Management/Webhook');
    await page.getByTestId('webhook-table').waitFor();
    await page.getByTestId('webhook-url').fill(`https://localhost:${receiver.port}/jejak`);
    await page.getByTestId('add-webhook').click();
    const secret = page.getByTestId('webhook-secret');
    await secret.waitFor();
    expect(await secret.textContent()).toMatch(/whsec_[0-9a-f]{64}/);

    // An SOS of the owner's vehicle reaches the receiver and the log.
    const uid = await myUid(page);
    await defaultRtid(ui.server.app, uid);
    const vehicle = await vehicleOf(ui.server.app, uid);
    const sos = await storeEvent(ui.server.app, vehicle, { rtid: null, ruid: null }, Date.now());
    await ui.server.app.bus.enqueue('event.notify', { dvid: sos.dvid, items: [sos] });
    const row = page.getByTestId('webhook-table').locator('tr.ant-table-row').first();
    await row.locator('.ant-table-row-expand-icon').click();
    await page.locator('[data-testid^="webhook-log-"] tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    await page.locator('[data-testid^="webhook-log-"]').getByText('Sent').first().waitFor();
    expect(receiver.received.length).toBe(1);
    await screenshotAtWidths(page, 'webhooks');

    // The secret is not shown again once the page is read anew.
    await page.reload();
    await page.getByTestId('webhook-table').locator('tr.ant-table-row').first().waitFor();
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);
    await page.close();
  });
});
