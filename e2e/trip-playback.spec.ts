import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gt06Track } from '../apps/server/test/device-client.ts';
import { recomputeSettled } from '../apps/server/test/harness.ts';
import { expectToast, FLOW_TIMEOUT_MS, screenshot, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { firstDemoTracker } from './alerts-e2e.ts';

const MIN = 60_000;

/** YYYY/MM/DD HH:mm:ss in Asia/Kuala_Lumpur (UTC+8 all year), as the console shows times. */
const klTime = (ms: number) =>
  new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ').replaceAll('-', '/');

const clock = (page: Page) => page.getByTestId('playback-clock').textContent();
const playing = (page: Page) => page.getByTestId('playback-play').getAttribute('data-playing');

/** The moving arrow's [lon, lat] as the map's source holds it. */
function marker(page: Page): Promise<[number, number] | null> {
  return page.evaluate(() => {
    const source = window.__jejak!.map.getSource('playback-vehicle') as unknown as
      { serialize(): { data: { geometry?: { coordinates: [number, number] } } } } | undefined;
    return source?.serialize().data.geometry?.coordinates ?? null;
  });
}

/** Waits until the arrow's longitude passes `lon` (it drives east first). */
async function markerPast(page: Page, lon: number): Promise<void> {
  await page.waitForFunction((east) => {
    const source = window.__jejak!.map.getSource('playback-vehicle') as unknown as {
      serialize(): { data: { geometry?: { coordinates: [number, number] } } };
    };
    return (source.serialize().data.geometry?.coordinates[0] ?? -Infinity) > east;
  }, lon);
}

/** Trip Record's playback in Chromium (issue 13 item 1: past spec 1 §2). */
describe('Trip Record playback in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('plays, pauses and scrubs a real GT06 drive, follows it, shows speed colours and stops', async () => {
    const { imei, vehicle } = await firstDemoTracker(ui.server);
    // Parked 5', east at 48 km/h for 10', idling 3', north at 30 km/h for 4', parked 4', and off
    // again (so the second parking is closed).
    const t0 = Math.floor((Date.now() - 40 * MIN) / MIN) * MIN;
    const tracker = await gt06Track(ui.server.gt06Port, imei, t0);
    const origin = tracker.here();
    for (let i = 0; i < 5; i++) await tracker.send(0, false);
    for (let i = 0; i < 10; i++) await tracker.send(48, true, 0.8);
    for (let i = 0; i < 3; i++) await tracker.send(0, true);
    for (let i = 0; i < 4; i++) await tracker.send(30, true, 0.5, 0);
    for (let i = 0; i < 4; i++) await tracker.send(0, false);
    for (let i = 0; i < 2; i++) await tracker.send(30, true, 0.5, 0);
    const last = tracker.here();
    const lastTime = tracker.now();
    await recomputeSettled(ui.server.app, `GPS100#${imei}`);
    tracker.device.close();

    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const search = `vid=${encodeURIComponent(vehicle.vid)}&startTime=${t0}&endTime=${t0 + 60 * MIN}`;
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', `/TripRecord?${search}`);
    page.setDefaultTimeout(60_000);
    // Spec 1 §8's toast: five closed records and the drive under way (issue 24).
    await expectToast(page, '6 transit records found');

    // Loaded: the player stands at the first fix, paused.
    await page.getByTestId('playback-bar').waitFor();
    expect(await clock(page)).toBe(klTime(t0 + MIN));
    expect(await page.getByTestId('playback-speed-now').textContent()).toBe('0 km/h');
    await expect.poll(() => playing(page)).toBe('false');
    const start = await marker(page);
    expect(start?.[0]).toBeCloseTo(origin.lon, 5);

    // Stops: the closed parkings and the idle, as P and I markers with their durations on hover.
    const stops = await page.evaluate(() => {
      const source = window.__jejak!.map.getSource('playback-stops') as unknown as {
        serialize(): { data: { features: { properties: Record<string, string> }[] } };
      };
      return source.serialize().data.features.map((f) => [f.properties['status'], f.properties['title']]);
    });
    expect(stops.map(([status]) => status)).toEqual(['PARKING', 'IDLING', 'PARKING']);
    expect(stops[0]?.[1]).toMatch(/^Parking 5 mins 0 secs · /);
    expect(stops[1]?.[1]).toMatch(/^Idling 3 mins 0 secs · /);
    expect(stops[2]?.[1]).toMatch(/^Parking 4 mins 0 secs · /);

    // Play at 5× (5 journey minutes a second): the clock moves; pause holds it still.
    await page.getByTestId('playback-speeds').getByText('5×', { exact: true }).click();
    await page.getByTestId('playback-play').click();
    await expect.poll(() => playing(page)).toBe('true');
    const before = await clock(page);
    await markerPast(page, origin.lon + 0.02);
    const during = await clock(page);
    expect(during! > before!).toBe(true);
    await page.getByTestId('playback-play').click();
    await expect.poll(() => playing(page)).toBe('false');
    const paused = await clock(page);
    const pausedAt = await marker(page);
    // Thirty animation frames later nothing has moved.
    await page.waitForFunction(
      () => {
        const w = window as unknown as { framesSeen?: number };
        w.framesSeen = (w.framesSeen ?? 0) + 1;
        return w.framesSeen > 30;
      },
      null,
      { polling: 'raf' },
    );
    expect(await clock(page)).toBe(paused);
    expect(await marker(page)).toEqual(pausedAt);
    expect(paused! > during!).toBe(true);

    // Space toggles play, and again pauses.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Space');
    await expect.poll(() => playing(page)).toBe('true');
    await page.keyboard.press('Space');
    await expect.poll(() => playing(page)).toBe('false');

    // Scrub to the end: the arrow stands on the last fix, the clock at its time.
    await page.getByTestId('playback-scrub').fill('100000');
    const end = await marker(page);
    expect(end?.[0]).toBeCloseTo(last.lon, 5);
    expect(end?.[1]).toBeCloseTo(last.lat, 5);
    expect(await clock(page)).toBe(klTime(lastTime));

    // Speed colours: their own layer and legend in place of the kind legend; back by kind.
    await page.getByTestId('playback-view').getByText('Speed colours', { exact: true }).click();
    await page.getByTestId('playback-speed-legend').waitFor();
    expect(await page.evaluate(() => window.__jejak!.map.getLayer('playback-speed')?.type)).toBe('line');
    expect(await page.getByTestId('trip-legend').isVisible()).toBe(false);
    const bands = await page.evaluate(() => {
      const source = window.__jejak!.map.getSource('playback-speed') as unknown as {
        serialize(): { data: { features: { properties: { band: number } }[] } };
      };
      return source.serialize().data.features.map((f) => f.properties.band);
    });
    // 0 km/h grey, 48 km/h, grey idling, 30 km/h, grey parked, 30 km/h.
    expect(bands).toEqual([0, 2, 0, 2, 0, 2]);

    // Follow: scrubbed to the middle of the drive east, the map is centred on the arrow.
    await page.getByTestId('playback-follow').click();
    await page.getByTestId('playback-scrub').fill('40000');
    const centred = await page.evaluate(() => {
      const map = window.__jejak!.map;
      const source = map.getSource('playback-vehicle') as unknown as {
        serialize(): { data: { geometry: { coordinates: [number, number] } } };
      };
      const [lon, lat] = source.serialize().data.geometry.coordinates;
      const c = map.getCenter();
      return Math.hypot(c.lng - lon, c.lat - lat);
    });
    expect(centred).toBeLessThan(1e-6);
    await page.waitForFunction(() => window.__jejak!.map.areTilesLoaded());
    await screenshot(page, 'trip-playback-1440');

    // Playing while following, the centre keeps up with the arrow frame by frame.
    await page.getByTestId('playback-speeds').getByText('1×', { exact: true }).click();
    await page.getByTestId('playback-play').click();
    const drift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const map = window.__jejak!.map;
          let worst = 0;
          let frames = 0;
          const look = () => {
            const source = map.getSource('playback-vehicle') as unknown as {
              serialize(): { data: { geometry: { coordinates: [number, number] } } };
            };
            const [lon, lat] = source.serialize().data.geometry.coordinates;
            const c = map.getCenter();
            worst = Math.max(worst, Math.hypot(c.lng - lon, c.lat - lat));
            if (++frames < 20) requestAnimationFrame(look);
            else resolve(worst);
          };
          requestAnimationFrame(look);
        }),
    );
    expect(drift).toBeLessThan(0.001);
    await page.getByTestId('playback-play').click();

    // A trip picked in Trip Details plays that trip: from its start, at once.
    await page.getByTestId('playback-view').getByText('By kind', { exact: true }).click();
    await page.getByTestId('trip-legend').waitFor();
    // The first parking's trip (a trip is a parking or a drive between parkings).
    await page.getByTestId('trip-show-trip').first().click();
    await page.waitForURL(/trid=/);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="playback-play"]')?.getAttribute('data-playing') === 'true',
    );
    const tripClock = await clock(page);
    expect(tripClock! >= klTime(t0 + MIN)).toBe(true);
    expect(tripClock! < klTime(t0 + 6 * MIN)).toBe(true);
    await page.getByTestId('playback-play').click();

    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByTestId('playback-view').getByText('Speed colours', { exact: true }).click();
    await screenshot(page, 'trip-playback-1024');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('playback-bar').scrollIntoViewIfNeeded();
    await screenshot(page, 'trip-playback-390');
    expect(await page.getByTestId('playback-bar').isVisible()).toBe(true);
    await page.close();
  });
});
