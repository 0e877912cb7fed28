import type { Page } from 'playwright-core';

/**
 * Clicks a vehicle's arrow where the map draws it (the arrows are redrawn from the live store at
 * most every 250 ms, so the store may already hold a newer fix), and again if it drove away
 * under the pointer or the map had not rendered the view yet, until its info window opens. A
 * vehicle not drawn in the current view, or drawn under a panel over the map, is brought to the
 * middle of it first. `vid` picks the vehicle; without it, the first arrow drawn. Returns the vid clicked.
 */
export async function clickVehicle(page: Page, vid?: string, attempts = 20): Promise<string> {
  const card = page.getByTestId('vehicle-info');
  const missed: string[] = [];
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    // A camera still gliding (the first fit to the fleet, slow on a loaded machine) is waited
    // out, not counted as a try: nothing can be clicked while it moves.
    await page.waitForFunction(() => !window.__jejak!.map.isMoving(), null, { timeout: 30_000 });
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
      const x = box.left + pt.x;
      const y = box.top + pt.y;
      // Drawn under a panel over the map (the tickets table, say): a click would hit the panel.
      const covered = document.elementFromPoint(x, y) !== map.getCanvas();
      return { x, y, vid: String(arrow.properties['vid']), covered };
    }, vid);
    if (target?.covered) {
      // As a user would: bring it out from under the panel, to the middle of the map.
      missed.push(await whatIsAt(page, target.x, target.y));
      await centreOn(page, target.vid);
      await page.waitForTimeout(250);
    } else if (target) {
      await page.mouse.click(target.x, target.y);
      // On a loaded machine the window takes more than a second to show after the click.
      const opened = await card.waitFor({ timeout: 3_000 }).then(
        () => true,
        () => false,
      );
      if (opened) return target.vid;
      missed.push(await whatIsAt(page, target.x, target.y));
    } else {
      // Not drawn in this view (it may have driven out of it, or be in a cluster): go to it, as a user would.
      missed.push(await notDrawnWhy(page, vid));
      await centreOn(page, vid);
      await page.waitForTimeout(250);
    }
  }
  const where = `the clicks and looks found ${[...new Set(missed)].join(', ')}`;
  throw new Error(`no vehicle info window after ${attempts} tries on ${vid ?? 'any vehicle'}: ${where}`);
}

/**
 * Centres the map on the vehicle's live position (without `vid`, the first vehicle that has one),
 * keeping the zoom, or zooming in past the clusters (zoom 12 and under) to where arrows are drawn.
 */
async function centreOn(page: Page, vid: string | undefined): Promise<void> {
  await page.evaluate((wanted) => {
    const j = window.__jejak!;
    const placed = [...j.liveStore.vehicles()].find((v) => j.liveStore.device(v.dvid)?.location);
    const dvid = wanted === undefined ? placed?.dvid : j.liveStore.vehicle(wanted)?.dvid;
    const location = dvid === undefined ? undefined : j.liveStore.device(dvid)?.location;
    if (location && !j.map.isMoving()) {
      j.map.jumpTo({ center: [location.lon, location.lat], zoom: Math.max(j.map.getZoom(), 13) });
    }
  }, vid);
}

/** Why no arrow of `vid` was found, for the failure message. */
function notDrawnWhy(page: Page, vid: string | undefined): Promise<string> {
  return page.evaluate((wanted) => {
    const j = window.__jejak!;
    const dvid = wanted === undefined ? undefined : j.liveStore.vehicle(wanted)?.dvid;
    const location = dvid === undefined ? undefined : j.liveStore.device(dvid)?.location;
    const where = location ? `at ${location.lat.toFixed(4)},${location.lon.toFixed(4)}` : 'without a location';
    return `no arrow (vehicle ${where}, zoom ${j.map.getZoom().toFixed(1)})`;
  }, vid);
}

/** The element a click at (x, y) reaches, for the failure message. */
function whatIsAt(page: Page, x: number, y: number): Promise<string> {
  return page.evaluate(
    ({ x, y }) => {
      const el = document.elementFromPoint(x, y);
      return el === null ? 'nothing' : `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
    },
    { x, y },
  );
}
