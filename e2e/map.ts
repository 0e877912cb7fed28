import type { Page } from 'playwright-core';

/**
 * Clicks a vehicle's arrow where the map draws it (the arrows are redrawn from the live store at
 * most every 250 ms, so the store may already hold a newer fix), and again if it drove away
 * under the pointer or the map had not rendered the view yet, until its info window opens.
 * `vid` picks the vehicle; without it, the first arrow drawn. Returns the vid clicked.
 */
export async function clickVehicle(page: Page, vid?: string, attempts = 20): Promise<string> {
  const card = page.getByTestId('vehicle-info');
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const target = await page.evaluate((wanted) => {
      const map = window.__jejak!.map;
      if (map.isMoving()) return null;
      const arrows = map.queryRenderedFeatures({ layers: ['vehicles-arrows'] });
      const arrow = arrows.find((f) => wanted === undefined || f.properties['vid'] === wanted);
      const geometry = arrow?.geometry as { type: string; coordinates: [number, number] } | undefined;
      if (!arrow || geometry?.type !== 'Point') return null;
      const [lon, lat] = geometry.coordinates;
      const pt = map.project([lon, lat]);
      const box = map.getContainer().getBoundingClientRect();
      return { x: box.left + pt.x, y: box.top + pt.y, vid: String(arrow.properties['vid']) };
    }, vid);
    if (target) {
      await page.mouse.click(target.x, target.y);
      const opened = await card.waitFor({ timeout: 1_000 }).then(
        () => true,
        () => false,
      );
      if (opened) return target.vid;
    } else {
      await page.waitForTimeout(250);
    }
  }
  throw new Error(`no vehicle info window after ${attempts} clicks on ${vid ?? 'any vehicle'}`);
}
