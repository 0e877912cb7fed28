import { describe, expect, it } from 'vitest';
import { encodeLogin, protocolById } from '@jejak/protocols';
import { commandTracker, gt06CommandAnswer, sameBytes } from '../apps/server/test/device-client.ts';
import { FLOW_TIMEOUT_MS, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { screenshotAtWidths } from './widths.ts';

/** The Commands drawer of a vehicle's info window in Chromium (issue 29 item 4, ADR 0090). */
describe('commands in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('queues a command for an offline tracker, sends it when it connects, shows its answer; stops an engine after confirming', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/');
    const row = page.getByTestId('fleet-row').first();
    await row.waitFor();
    const vid = (await row.getAttribute('data-vid')) ?? '';
    await row.click();
    await page.getByTestId('vehicle-info').waitFor();
    await page.getByTestId('vehicle-info-commands').click();
    await page.getByTestId('command-panel').waitFor();

    // The demo tracker is not connected (no simulator here): the command waits in the queue.
    await page.getByTestId('command-type').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Request position' }).click();
    await page.getByTestId('command-send').click();
    const log = page.getByTestId('command-log');
    await log.getByTestId('command-log-item').filter({ hasText: 'Queued' }).waitFor();

    // The tracker connects: the command goes out over its connection, and its answer shows.
    const { dvid } = await ui.server.app.database.db
      .selectFrom('vehicles')
      .select('dvid')
      .where('vid', '=', vid)
      .executeTakeFirstOrThrow();
    const imei = dvid.split('#')[1] ?? '';
    const command = await ui.server.app.database.db
      .selectFrom('device_commands')
      .select(['serial', 'cmid'])
      .where('vid', '=', vid)
      .executeTakeFirstOrThrow();
    const tracker = await commandTracker(ui.server.gt06Port);
    tracker.write(encodeLogin(imei, 1));
    const want = protocolById('gt06')?.commands?.encode({ type: 'requestPosition' }, { imei, serial: command.serial });
    await tracker.next((f) => want !== undefined && want !== null && sameBytes(f, want));
    tracker.write(gt06CommandAnswer(command.serial, 'Lat:N3.0449,Lon:E101.4456', 2));
    await log.getByTestId('command-log-item').filter({ hasText: 'Answered' }).waitFor({ timeout: 15_000 });
    expect(await log.textContent()).toContain('Lat:N3.0449,Lon:E101.4456');

    // Engine stop asks for a reason and a confirmation.
    await page.getByTestId('command-type').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Engine stop' }).click();
    await page.getByTestId('command-send').click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: 'Reason' }).waitFor();
    await page.getByTestId('command-reason').fill('Reported stolen at Klang');
    await page.getByTestId('command-send').click();
    await page.getByTestId('command-confirm-stop').click();
    await expect.poll(() => log.getByTestId('command-log-item').filter({ hasText: 'Engine stop' }).count()).toBe(1);
    expect(await log.textContent()).toContain('Reported stolen at Klang');
    await screenshotAtWidths(page, 'commands');
    tracker.close();
    await page.close();
  });

  it('shows no Commands control to a fleet operator', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'operator@demo.jejak.my', '/');
    await page.getByTestId('fleet-row').first().click();
    await page.getByTestId('vehicle-info').waitFor();
    expect(await page.getByTestId('vehicle-info-commands').count()).toBe(0);
    await page.close();
  });
});
