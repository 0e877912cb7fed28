import { describe, expect, it } from 'vitest';
import { REPORT_KIND_LABELS, vehicleReportName } from '@jejak/contract';
import { formatLocalDateTime } from '@jejak/domain';
import { localizeSpecText } from '../apps/web/src/i18n/spec-texts.ts';
import type { Page } from 'playwright-core';
import { todayWindow } from '../apps/web/src/ui/alerts/today-window.ts';
import { gt06Track } from '../apps/server/test/device-client.ts';
import { recomputeSettled } from '../apps/server/test/harness.ts';
import { insertEvent } from '../apps/server/test/alerts-fixture.ts';
import { caller, seedChain } from '../apps/server/test/escalation-fixture.ts';
import { firstDemoTracker } from './alerts-e2e.ts';
import { FLOW_TIMEOUT_MS, pickOption, popupsClosed, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { lookContext } from './gallery.ts';
import { untranslatedTexts } from './untranslated.ts';
import { screenshotAtWidths } from './widths.ts';

const MIN = 60_000;
const pickerText = (ms: number) => formatLocalDateTime(ms, 'Asia/Kuala_Lumpur').replaceAll('/', '-');

/** Types a date-time into a report picker and confirms it. */
async function setTime(page: Page, id: string, ms: number): Promise<void> {
  await page.locator(`#${id}`).click();
  await page.locator(`#${id}`).fill(pickerText(ms));
  await page.locator(`#${id}`).press('Enter');
  await page.keyboard.press('Escape');
  expect(await page.locator(`#${id}`).inputValue()).toBe(pickerText(ms));
}

/** WCAG's contrast ratio between an element's text colour and the panel behind it. */
function contrastOf(page: Page, selector: string, panel: string): Promise<number> {
  return page.evaluate(
    ([sel, back]) => {
      const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = ([r = 0, g = 0, b = 0]: number[]) => {
        const c = [r, g, b].map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * (c[0] ?? 0) + 0.7152 * (c[1] ?? 0) + 0.0722 * (c[2] ?? 0);
      };
      const text = document.querySelector(sel);
      const behind = document.querySelector(back);
      if (!text || !behind) return 0;
      const a = lum(rgb(getComputedStyle(text).color));
      const b = lum(rgb(getComputedStyle(behind).backgroundColor));
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    },
    [selector, panel] as const,
  );
}

/** Issue 26 item 6: the Malay screens the user found in English, the dark Trip Record, field errors, toasts. */
describe('polish in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  // The drive below stays parked while the test runs (no disconnect sweep turns it DISCONNECTED).
  const ui = consoleUnderTest(() => ({ JEJAK_TRANSIT_DISCONNECT_AFTER_MS: '7200000' }));

  it('Trip Record, Vehicle Report, Event Record and SOS Alerts speak Malay throughout; the dark player reads', async () => {
    const { imei, vehicle } = await firstDemoTracker(ui.server);
    // Parked 5', driving 10', idling 3', parked 4': every kind of segment.
    const t0 = Math.floor((Date.now() - 40 * MIN) / MIN) * MIN;
    const tracker = await gt06Track(ui.server.gt06Port, imei, t0);
    for (let i = 0; i < 5; i++) await tracker.send(0, false);
    for (let i = 0; i < 10; i++) await tracker.send(48, true, 0.8);
    for (let i = 0; i < 3; i++) await tracker.send(0, true);
    for (let i = 0; i < 4; i++) await tracker.send(0, false);
    await recomputeSettled(ui.server.app, `GPS100#${imei}`);
    tracker.device.close();
    const db = ui.server.app.database.db;
    const { startMs } = todayWindow(Date.now());
    for (const [minute, eventName, eventType] of [
      [1, 'SOS', 'CRITICAL'],
      [2, 'OVERSPEED', 'WARNING'],
      [3, 'VIBRATION', 'INFO'],
    ] as const)
      await insertEvent(db, {
        vid: vehicle.vid,
        eventName,
        eventType,
        eventTime: startMs + minute * MIN,
        location: { lat: 3.0738, lon: 101.5183 },
      });
    await seedChain(db, { recipients: [caller('Ahmad', '+60121110001')], nowMs: Date.now() + 5 * MIN });

    const english: string[] = [];
    const look = async (page: Page, where: string) => {
      for (const text of await untranslatedTexts(page)) english.push(`${where}: ${text}`);
    };
    for (const theme of ['light', 'dark'] as const) {
      const context = await lookContext(ui.browser, { language: 'ms', theme });
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      const search = `vid=${encodeURIComponent(vehicle.vid)}&startTime=${t0}&endTime=${t0 + 60 * MIN}`;
      await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', `/TripRecord?${search}`);
      await page.getByTestId('playback-bar').waitFor();
      await page.getByTestId('trip-item').first().waitFor();
      await look(page, `TripRecord ${theme}`);
      // The player's clock and the path's legend read on their panels in either theme.
      expect(await contrastOf(page, '[data-testid="playback-clock"]', '.playback-bar')).toBeGreaterThanOrEqual(4.5);
      expect(await contrastOf(page, '[data-testid="trip-legend"] li', '[data-testid="trip-legend"]')).toBeGreaterThan(
        4.5,
      );
      await screenshotAtWidths(page, `polish-trip-record-ms-${theme}`);
      if (theme === 'dark') {
        await context.close();
        continue;
      }

      // Vehicle Report: every kind's table, Malay headers and words (durations in jam/min/saat).
      await page.goto(`${ui.server.baseUrl}/VehicleReport`);
      const name = vehicleReportName({
        vehiclePlate: vehicle.vehicle_plate,
        vehicleDisplayName: vehicle.vehicle_display_name,
      });
      await pickOption(page, 'report-vehicles', name, true);
      await setTime(page, 'report-start', t0 - 60 * MIN);
      await setTime(page, 'report-end', t0 + 60 * MIN);
      for (const kind of ['mileage', 'trip', 'transit', 'detail', 'event'] as const) {
        await pickOption(page, 'report-kind', localizeSpecText(REPORT_KIND_LABELS[kind], 'ms'));
        await Promise.all([
          page.waitForResponse((r) => r.url().includes('/report/') && r.request().method() === 'POST', {
            timeout: 150_000,
          }),
          page.getByTestId('report-submit').click(),
        ]);
        await page.locator('[data-testid="report-table"] .ant-spin-spinning').waitFor({ state: 'detached' });
        await page.locator('[data-testid="report-table"] thead th').first().waitFor();
        // The toast ('Get report done') sits under the header, never over the user menu; at most three show.
        // Polled: the toast slides down into place (antd's move-in), so it is measured once it has settled.
        const notice = page.locator('.ant-message-notice').first();
        await notice.waitFor();
        const header = await page.locator('.app-header').boundingBox();
        await expect
          .poll(async () => (await notice.boundingBox())?.y ?? 0)
          .toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 100));
        // At most three: a fourth pushes the oldest out (polled: it slides away before it goes).
        await expect.poll(() => page.locator('.ant-message-notice').count()).toBeLessThanOrEqual(3);
        await look(page, `VehicleReport ${kind}`);
        if (kind === 'transit') await screenshotAtWidths(page, 'polish-vehicle-report-ms');
      }

      // Event Record: the filters and the list.
      await page.goto(`${ui.server.baseUrl}/EventRecord`);
      await page.locator('#event-vehicle').click();
      await page.locator('#event-vehicle').fill(vehicle.vehicle_display_name);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .getByText(`${vehicle.vehicle_display_name} - ${vehicle.vid}`, { exact: true })
        .click();
      await popupsClosed(page);
      await page.getByTestId('event-submit').click();
      await page.getByTestId('event-item').first().waitFor();
      await look(page, 'EventRecord');
      await screenshotAtWidths(page, 'polish-event-record-ms');
      await context.close();

      // SOS Alerts: the second demo owner's call chain.
      const sos = await (await lookContext(ui.browser, { language: 'ms', theme })).newPage();
      sos.setDefaultTimeout(60_000);
      await signInAt(sos, ui.server.baseUrl, 'owner2@demo.jejak.my', '/SOSAlerts');
      await sos.getByTestId('sos-submit').click();
      await sos.locator('[data-testid="escalation-table"] tr.ant-table-row').first().waitFor();
      await look(sos, 'SOSAlerts');
      await screenshotAtWidths(sos, 'polish-sos-alerts-ms');
      await sos.context().close();
    }
    expect(english, 'English texts on Malay screens').toEqual([]);
  });
});
