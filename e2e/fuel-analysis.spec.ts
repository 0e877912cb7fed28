import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_FUEL_TANK } from '@jejak/domain';
import type { TeltonikaRecordInput } from '@jejak/protocols';
import { connectTeltonika, fitTankLorry } from '../apps/server/test/teltonika-fixture.ts';
import { todayWindow } from '../apps/web/src/ui/alerts/today-window.ts';
import { FLOW_TIMEOUT_MS, pickOption, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { screenshotAtWidths } from './widths.ts';

const MINUTE = 60_000;
const IMEI = '352093081238880';
/** A 200 L tank on a 0–10 V dipstick: 50 mV a litre. */
const mv = (litres: number) => Math.round(litres * 50);
const rows = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr.ant-table-row');

/**
 * Today from 01:00: parked with 120 L, a 30-minute drive burning 6 L, parked; a 60 L refuel over
 * 4 minutes; later 30 L siphoned off while parked. One record a minute (30 s while driving).
 */
function track(t0: number): TeltonikaRecordInput[] {
  const out: TeltonikaRecordInput[] = [];
  for (let min = 0; min < 240; min += min >= 20 && min < 50 ? 0.5 : 1) {
    const driving = min >= 20 && min < 50;
    const litres =
      min < 20
        ? 120
        : min < 50
          ? 120 - ((min - 20) / 30) * 6
          : min < 90
            ? 114
            : min < 94
              ? 114 + ((min - 90) / 4) * 60
              : min < 180
                ? 174
                : min < 190
                  ? 174 - ((min - 180) / 10) * 30
                  : 144;
    out.push({
      timeMs: t0 + min * MINUTE,
      lat: 3.05 + (driving ? (min - 20) * 0.002 : min >= 50 ? 0.06 : 0),
      lon: 101.55,
      altitude: 40,
      course: 0,
      satellites: 11,
      speedKmh: driving ? 48 : 0,
      io: { ignition: driving, fuelAdcMv: mv(litres) },
    });
  }
  return out;
}

async function sendTeltonika(port: number, records: TeltonikaRecordInput[]): Promise<void> {
  const device = await connectTeltonika(port, IMEI);
  for (let i = 0; i < records.length; i += 20) await device.send(records.slice(i, i + 20));
  device.close();
}

/** /FuelAnalysis in Chromium (spec 3 §2, §5, §8, §9; issue 13 item 4). */
describe('Fuel Analysis in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest(() => ({ JEJAK_TELTONIKA_PORT: '0' }));

  it('an owner analyses a lorry with a fuel sensor: tanks, chart, summary, refuel and loss', async () => {
    const app = ui.server.app;
    const db = app.database.db;
    await fitTankLorry(
      db,
      IMEI,
      { plate: 'BFA 8880', displayName: 'Lori Tangki' },
      { fuel: { ...DEFAULT_FUEL_TANK, fuelCapacity: 200 } },
    );
    const { startMs } = todayWindow(Date.now());
    const t0 = Math.min(startMs + 60 * MINUTE, Date.now() - 245 * MINUTE);
    await sendTeltonika(app.gatewayPorts.teltonika ?? 0, track(t0));
    await app.pipeline.drain();

    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner2@demo.jejak.my', '/FuelAnalysis');
    await page.getByTestId('fuel-analysis').waitFor();
    // Nothing chosen: the spec's message.
    await page.getByTestId('fuel-submit').click();
    await page.getByText('Please fill up all the fields!').first().waitFor();

    await pickOption(page, 'fuel-vehicle', 'Lori Tangki (BFA 8880)');
    if (t0 < startMs) {
      await page
        .locator('#fuel-start')
        .fill(new Date(t0 - MINUTE + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '));
      await page.locator('#fuel-start').press('Enter');
    }
    await page.getByTestId('fuel-submit').click();
    await page.getByTestId('fuel-tank-fuel').waitFor();

    expect(await rows(page, 'fuel-tank-info').first().locator('td').allTextContents()).toEqual([
      'Tank on port 0',
      '200',
      '0',
      '10',
      'Volts (V)',
      'Dipstick',
    ]);
    await expect.poll(() => rows(page, 'fuel-refuels').count()).toBe(1);
    expect(await rows(page, 'fuel-losses').count()).toBe(1);
    const refuel = await rows(page, 'fuel-refuels').first().locator('td').allTextContents();
    expect(refuel[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const litres = Number(refuel[1]);
    expect(Math.abs(litres - 60)).toBeLessThanOrEqual(3);
    expect(refuel[2]).toBe((litres * 2).toFixed(2));
    const summary = await rows(page, 'fuel-summary').allTextContents();
    expect(summary[0]).toMatch(/^Moving/);

    const chart = page.getByTestId('fuel-chart');
    await chart.locator('canvas').waitFor();
    // Speed, the fuel line once per transit status, and the engine.
    expect(await chart.getAttribute('data-series')).toBe('6');

    await screenshotAtWidths(page, 'fuel-analysis');

    await rows(page, 'fuel-refuels').first().getByRole('button').click();
    await page.getByTestId('fuel-place-map').waitFor();
    await page.close();
  });
});
