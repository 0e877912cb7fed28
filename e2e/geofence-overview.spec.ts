import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { consoleUnderTest } from './console.ts';
import { expectToast, signInAt } from './browser.ts';
import { myUid, postFromPage } from './page-api.ts';
import { screenshotAtWidths } from './widths.ts';
import { en } from '../apps/web/src/i18n/en.ts';

const o = en.dashboard.overview;

/** The names of the geofence nodes the tree shows now. */
const treeNames = (page: Page) => page.getByTestId('geofence-node').locator('.geofence-node-name').allTextContents();

async function geofenceNames(page: Page): Promise<string[]> {
  const uid = await myUid(page);
  const answer = await postFromPage<{ geofences: { geofenceName: string }[] }>(page, '/geofence/get', { uid });
  return answer.geofences.map((g) => g.geofenceName);
}

describe('/Geofence overview in Chromium', () => {
  const ui = consoleUnderTest();

  it('shows the geofences in a tree with the add, edit and delete controls; delete removes one', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/Geofence');
    // The sidebar's Geofence Management entry opens this screen.
    expect(
      await page.getByTestId('sidebar').getByRole('link', { name: 'Geofence Management' }).getAttribute('href'),
    ).toBe('/Geofence');
    await page.getByTestId('geofence-overview').waitFor();
    await page.waitForFunction(() => window.__jejak?.map.getLayer('geofence-marks') !== undefined);

    // A POI put through the API, to delete.
    const added = await postFromPage<{ geofence: { geoid: string } }>(page, '/geofence/add', {
      geofence: {
        geoType: 'POI',
        geofenceName: 'E2E Delete Me',
        coordinates: [{ lat: 3.05, lng: 101.55 }],
        geofenceRadius: 50,
      },
    });
    const uid = await myUid(page);
    const template = await postFromPage<{ geofenceTemplate: { gtid: string } }>(page, '/geofence/template/add', {
      uid,
      colorHexCode: 'FF0000',
      geofenceTemplateName: 'E2E Group',
    });
    await postFromPage(page, '/geofence/template/assign/geofence', {
      uid,
      gtid: template.geofenceTemplate.gtid,
      geoids: [added.geofence.geoid],
    });
    await page.reload();
    await page.getByTestId('geofence-node').first().waitFor();
    const names = await treeNames(page);
    expect(names).toEqual(
      expect.arrayContaining(['Depot Shah Alam', 'Hab Puchong', 'Zon Petaling Jaya', 'E2E Delete Me']),
    );

    // The overview's panel has no vehicle info or live traffic switch (spec 1 §2).
    const panel = page.getByTestId('map-panel');
    expect(await panel.getByTestId('map-switch-pois').count()).toBe(1);
    expect(await panel.getByTestId('map-switch-vehicleInfo').count()).toBe(0);
    expect(await panel.getByTestId('traffic-toggle').count()).toBe(0);

    // Add POI, Add Zone, Add Group; Edit goes to the POI or zone form with the geoid.
    const href = (testId: string) => panel.getByTestId(testId).first().getAttribute('href');
    expect(await href('geofence-add-poi')).toBe('/Geofence/AddNewPOI');
    expect(await href('geofence-add-zone')).toBe('/Geofence/AddNewZone');
    expect(await href('geofence-add-group')).toBe('/Geofence/AddGroup');
    const node = (name: string) => page.getByTestId('geofence-node').filter({ hasText: name }).first();
    expect(await node('E2E Delete Me').getByTestId('geofence-edit').getAttribute('href')).toBe(
      `/Geofence/EditPOI?geoid=${encodeURIComponent(added.geofence.geoid)}`,
    );
    expect(await node('Zon Petaling Jaya').getByTestId('geofence-edit').getAttribute('href')).toMatch(
      /^\/Geofence\/EditZone\?geoid=/,
    );
    await page.waitForFunction(() => {
      const map = window.__jejak!.map;
      return (
        map.loaded() && map.areTilesLoaded() && map.queryRenderedFeatures({ layers: ['geofence-fill'] }).length > 0
      );
    });
    await screenshotAtWidths(page, 'geofence-overview');

    // Delete asks first, then removes it from the tree and the server.
    await node('E2E Delete Me').getByTestId('geofence-delete').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: o.deleteOk }).click();
    await expectToast(page, o.deleted);
    await expect.poll(() => treeNames(page)).not.toContain('E2E Delete Me');
    expect(await geofenceNames(page)).not.toContain('E2E Delete Me');
    expect(await treeNames(page)).toContain('Depot Shah Alam');

    // A template's Edit opens its group form with the template chosen.
    const group = page.getByTestId('geofence-template-node').filter({ hasText: 'E2E Group' });
    await group.getByTestId('geofence-edit-group').click();
    await page.waitForURL(/\/Geofence\/EditGroup$/);
    await page.getByText(en.management.geofenceTemplateForm.editTitle).waitFor();
    expect(await page.locator('input[value="E2E Group"]').count()).toBe(1);
    await page.close();
  });
});
