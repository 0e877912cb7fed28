import net from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEVICE_MODEL_LABELS, MANAGEMENT_TEXTS, VEHICLE_TYPE_LABELS, type DeviceModel } from '@jejak/contract';
import { encodeLogin, encodeTeltonikaImei } from '@jejak/protocols';
import { startSimulator } from '@jejak/simulator';
import { DEMO_USERS } from '../apps/server/src/demo/demo-fleet.ts';
import { en } from '../apps/web/src/i18n/en.ts';
import { expectToast, FLOW_TIMEOUT_MS, pickOption, screenshot, signIn, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { pickTargetUser, treeTitle } from './fleet-forms.ts';

const s = en.management;
const name = (key: string) => DEMO_USERS.find((u) => u.key === key)?.name ?? key;
const DISTRIBUTOR = treeTitle(name('distributor'), 'Distributor');
const OWNER = treeTitle(name('owner'), 'Fleet Owner');
/** A toolbar button by its whole text ('Add New Vehicle', not 'Add New Vehicle Group'). */
const toolbarButton = (page: Page, text: string) =>
  page.locator('.management-toolbar button').filter({ hasText: new RegExp(`^${text}$`) });
const rows = (page: Page, table: string, text: string) =>
  page.getByTestId(table).locator('tbody tr.ant-table-row').filter({ hasText: text });

interface Tracker {
  model: DeviceModel;
  protocol: 'gt06' | 'teltonika';
  imei: string;
  sim: string;
  plate: string;
  vehicleName: string;
}

/**
 * Resolves with 'refused' when the gateway hangs up on the tracker's first message (an unknown
 * IMEI), 'accepted' when it answers and keeps the connection.
 */
async function firstContact(port: number, t: Tracker): Promise<'refused' | 'accepted'> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise((r) => socket.once('connect', r));
  const answer = new Promise<'refused' | 'accepted'>((resolve) => {
    socket.once('close', () => resolve('refused'));
    // GT06 acknowledges a known login; Teltonika answers 01 to a known IMEI and 00 (then hangs up) to an unknown one.
    socket.on('data', (chunk: Buffer) => {
      if (t.protocol === 'gt06' || chunk[0] === 0x01) resolve('accepted');
    });
  });
  socket.write(t.protocol === 'gt06' ? encodeLogin(t.imei, 1) : encodeTeltonikaImei(t.imei));
  const outcome = await answer;
  socket.destroy();
  return outcome;
}

/**
 * The onboarding path of a new customer (issue 11 item 6), from a fresh database: the distributor
 * registers a tracker and a vehicle on it for a fleet owner in the console; the tracker, refused
 * before, is accepted at once; the owner then watches it move.
 */
describe('onboarding a new tracker in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();
  const port = (protocol: Tracker['protocol']) => ui.server.app.gatewayPorts[protocol] ?? 0;

  async function registerInConsole(page: Page, t: Tracker): Promise<void> {
    await signInAt(page, ui.server.baseUrl, 'distributor@demo.jejak.my', '/Management/Device');
    await toolbarButton(page, s.addDevice).click();
    await page.waitForURL('**/Management/Device/Add');
    await page.fill('#imei', t.imei);
    await pickOption(page, 'model', DEVICE_MODEL_LABELS[t.model]);
    await page.fill('#simCard', t.sim);
    await pickTargetUser(page, [DISTRIBUTOR]);
    await page.getByTestId('submit').click();
    await expectToast(page, MANAGEMENT_TEXTS.deviceAdded);
    // A new device goes on to its tracker's set-up (issue 26 item 4).
    await page.waitForURL('**/Management/Device/Setup/**');

    await page.goto(`${ui.server.baseUrl}/Management/Vehicle`);
    await toolbarButton(page, s.addVehicle).click();
    await page.waitForURL('**/Management/Vehicle/Add');
    await pickOption(page, 'dvid', `${t.model}#${t.imei}`);
    await page.fill('#vehicleDisplayName', t.vehicleName);
    await page.fill('#vehiclePlate', t.plate);
    await page.fill('#vehicleModel', 'Hino 300');
    await pickOption(page, 'vehicleType', VEHICLE_TYPE_LABELS.Truck);
    await pickTargetUser(page, [DISTRIBUTOR, OWNER]);
    await page.getByTestId('submit').click();
    await expectToast(page, MANAGEMENT_TEXTS.vehicleAdded);
    await page.waitForURL('**/Management/Vehicle');
  }

  /** The owner's dashboard: the new vehicle appears, then its position changes. */
  async function ownerSeesItMove(page: Page, t: Tracker): Promise<void> {
    await signIn(page, ui.server.baseUrl, 'owner@demo.jejak.my');
    await page.waitForURL(`${ui.server.baseUrl}/`);
    const position = () =>
      page.evaluate((plate) => {
        const j = window.__jejak;
        const v = j ? [...j.liveStore.vehicles()].find((x) => x.vehiclePlate === plate) : undefined;
        const loc = v && j ? j.liveStore.device(v.dvid)?.location : undefined;
        return loc ? `${loc.lat},${loc.lon}` : null;
      }, t.plate);
    await expect.poll(position, { timeout: 30_000 }).not.toBeNull();
    const first = await position();
    await expect.poll(position, { timeout: 60_000 }).not.toBe(first);
  }

  async function onboard(t: Tracker): Promise<void> {
    const started = Date.now();
    expect(await firstContact(port(t.protocol), t)).toBe('refused');

    const distributor = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await registerInConsole(distributor, t);
    expect(await firstContact(port(t.protocol), t)).toBe('accepted');

    const sim = startSimulator({
      host: '127.0.0.1',
      port: port(t.protocol),
      devices: [{ imei: t.imei, seed: 7 }],
      intervalMs: 1000,
      heartbeatEveryMs: 0,
      protocol: t.protocol,
      recordsPerPacket: 1,
    });
    try {
      const owner = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
      await ownerSeesItMove(owner, t);
      await screenshot(owner, `onboarding-${t.model}-dashboard-1440`);
      // The owner's Vehicles tab lists it with a live status; the distributor's Devices tab shows its last record.
      await owner.goto(`${ui.server.baseUrl}/Management/Vehicle`);
      await rows(owner, 'vehicle-table', t.plate).waitFor();
      await expect
        .poll(() => rows(owner, 'vehicle-table', t.plate).textContent(), { timeout: 30_000 })
        .toMatch(/MOVING|IDLING|PARKING/);
      await screenshot(owner, `onboarding-${t.model}-vehicles-1440`);
      await distributor.goto(`${ui.server.baseUrl}/Management/Device`);
      // The demo's devices fill more than one page: search finds the new one.
      await distributor.getByLabel(s.searchDevices).fill(t.imei);
      const device = rows(distributor, 'device-table', t.imei);
      await device.waitFor();
      await expect.poll(() => device.locator('a[href*="maps"]').count(), { timeout: 30_000 }).toBe(1);
      expect(await device.textContent()).toContain(t.plate);
      await screenshot(distributor, `onboarding-${t.model}-devices-1440`);
      console.log(`onboarding ${t.model}: registered, accepted and seen moving in ${Date.now() - started} ms`);
      await owner.close();
      await distributor.close();
    } finally {
      await sim.stop();
    }
  }

  it('GPS100 over GT06: registered by the distributor, accepted at once, seen moving by the owner', async () => {
    await onboard({
      model: 'GPS100',
      protocol: 'gt06',
      imei: '359710041110001',
      sim: '+60121110001',
      plate: 'WQA 1101',
      vehicleName: 'Lori Baharu GT06',
    });
  });

  it('TEL100 over Teltonika: the same path', async () => {
    await onboard({
      model: 'TEL100',
      protocol: 'teltonika',
      imei: '352093081110002',
      sim: '+60121110002',
      plate: 'WQA 1102',
      vehicleName: 'Lori Baharu Teltonika',
    });
  });
});
