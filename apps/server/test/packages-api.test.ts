import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarMonths } from '@jejak/domain';
import { signIn, type Client, type Me } from './accounts-fixture.ts';
import { dbKinds, startTestServer, type TestServer } from './harness.ts';

const kinds = await dbKinds();
const DAY = 86_400_000;
const KL = 'Asia/Kuala_Lumpur';
/** A terminated package allows nothing, Add included (spec 3 §4). */
const NO_ACTIONS = { add: false, edit: false, renew: false, suspend: false, unsuspend: false, terminate: false };

interface Pkg {
  vehiclePackageId: string;
  vid: string;
  contractType: string;
  status: string;
  startAt: number;
  endAt: number;
  expiringSoon: boolean;
  renewal: { contractType: string; startAt: number; endAt: number } | null;
  actions: Record<string, boolean>;
}

describe.each(kinds)('vehicle subscriptions on %s', (kind) => {
  let server: TestServer;
  let clock = Date.UTC(2026, 5, 15, 2, 0);
  let owner: { c: Client; me: Me };
  let distributor: { c: Client; me: Me };
  const vid: Record<string, string> = {};
  let owner2Vids: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(
      kind,
      { JEJAK_SESSION_TTL_HOURS: '2160', JEJAK_PACKAGE_SWEEP_MS: '1000' },
      () => clock,
    );
    owner = await signIn(server.baseUrl, 'owner');
    distributor = await signIn(server.baseUrl, 'distributor');
    const rows = (await owner.c.post('/user/getvehicles', { uid: owner.me.uid })).body.vehicles as {
      vid: string;
      vehiclePlate: string;
    }[];
    for (const r of rows) vid[r.vehiclePlate] = r.vid;
    const owner2 = await signIn(server.baseUrl, 'owner2');
    owner2Vids = (
      (await owner2.c.post('/user/getvehicles', { uid: owner2.me.uid })).body.vehicles as { vid: string }[]
    ).map((v) => v.vid);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const v = (plate: string) => vid[plate] ?? `missing ${plate}`;
  const get = async (c: Client, vids: string[]) =>
    (await c.post('/vehiclepackage/get', { vids })).body.vehiclePackage as Pkg[];
  const byPlate = async (plate: string) => (await get(owner.c, [v(plate)]))[0];
  const logs = async (plate: string) =>
    (await owner.c.post('/vehiclepackagelog/get', { vids: [v(plate)] })).body.vehiclePackageLog as {
      action: string;
      status: string;
      startAt: number;
      endAt: number;
      updatedBy: string | null;
    }[];
  const subsDates = async (plate: string) =>
    (
      (await owner.c.post('/user/getvehicles', { uid: owner.me.uid })).body.vehicles as {
        vid: string;
        subsStartDate: number;
        subsEndDate: number;
      }[]
    ).find((x) => x.vid === v(plate));

  it('shows each vehicle its current package, status from time, the expiring flag and the enabled actions', async () => {
    const all = await get(owner.c, [...Object.values(vid), ...owner2Vids]);
    expect(all.every((p) => Object.values(vid).includes(p.vid))).toBe(true);
    const status = Object.fromEntries(
      Object.entries(vid).flatMap(([plate, id]) => all.filter((p) => p.vid === id).map((p) => [plate, p.status])),
    );
    expect(status).toEqual({
      'WXY 1234': 'ACTIVE',
      'BMK 5521': 'ACTIVE',
      'VBD 882': 'ACTIVE',
      'WA 7790 K': 'PENDING',
      'BPH 4410': 'EXPIRED',
      'WVC 3308': 'SUSPENDED',
      'BNA 1919': 'TERMINATED',
    });
    expect((await byPlate('VBD 882'))?.expiringSoon).toBe(true);
    expect((await byPlate('WXY 1234'))?.expiringSoon).toBe(false);
    // The demo's BMK 5521 was renewed ahead of its end: the renewal is booked from the end.
    const renewed = await byPlate('BMK 5521');
    expect(renewed?.renewal).toEqual({
      contractType: 'TWELVE',
      startAt: renewed?.endAt,
      endAt: addCalendarMonths(renewed?.endAt ?? 0, 12, KL),
    });
    expect((await byPlate('BNA 1919'))?.actions).toEqual(NO_ACTIONS);
    expect((await byPlate('WVC 3308'))?.actions).toEqual({
      add: false,
      edit: false,
      renew: false,
      suspend: false,
      unsuspend: true,
      terminate: true,
    });
    expect(await get(owner.c, owner2Vids)).toEqual([]);
  });

  it('refuses changes from fleet owners', async () => {
    const r = await owner.c.post('/vehiclepackage/suspend', { vid: v('WXY 1234') });
    expect(r.body.errorType).toBe('Forbidden');
  });

  it('adds a 12-month package from now by default, with a log row, vehicle dates and an audit row', async () => {
    const r = await distributor.c.post('/vehiclepackage/add', {
      vid: v('VEP 6021'),
      uid: owner.me.uid,
      startAt: clock,
      contractType: 'TWELVE',
    });
    expect(r.body.message).toBe('Added package');
    const pkg = r.body.vehiclePackage as Pkg;
    expect(pkg).toMatchObject({ status: 'ACTIVE', startAt: clock, endAt: addCalendarMonths(clock, 12, KL) });
    expect((await logs('VEP 6021')).map((l) => l.action)).toEqual(['add']);
    expect(await subsDates('VEP 6021')).toMatchObject({ subsStartDate: pkg.startAt, subsEndDate: pkg.endAt });
    const audit = await (
      await signIn(server.baseUrl, 'super')
    ).c.post('/audit/get', { targetId: pkg.vehiclePackageId });
    expect(audit.body.auditLogs).toEqual([
      expect.objectContaining({ action: 'package.add', actorUid: distributor.me.uid }),
    ]);

    const again = await distributor.c.post('/vehiclepackage/add', {
      vid: v('VEP 6021'),
      uid: owner.me.uid,
      startAt: clock,
      contractType: 'TWELVE',
    });
    expect(again.body).toEqual({
      status: 409,
      errorType: 'InvalidState',
      message: 'This vehicle already has a package',
    });
    const wrongUser = await distributor.c.post('/vehiclepackage/add', {
      vid: v('WQM 2245'),
      uid: (await signIn(server.baseUrl, 'owner2')).me.uid,
      startAt: clock,
      contractType: 'TWELVE',
    });
    expect(wrongUser.body.message).toBe("This vehicle is not in the user's fleet");
  });

  it.each([
    [{ startAt: Date.UTC(2026, 0, 1) }, 'Please select contract type'],
    [{ contractType: 'TWELVE' }, 'Please select start date'],
    [{ contractType: 'CUSTOM', startAt: Date.UTC(2026, 0, 1) }, 'Please select end date'],
    [
      { contractType: 'CUSTOM', startAt: Date.UTC(2026, 0, 2), endAt: Date.UTC(2026, 0, 1) },
      'End date cannot be before start date',
    ],
  ])('refuses %j: %s', async (body, message) => {
    const r = await distributor.c.post('/vehiclepackage/add', { vid: v('WQM 2245'), uid: owner.me.uid, ...body });
    expect(r.body).toEqual({ status: 400, errorType: 'ValidationException', message });
    expect(await byPlate('WQM 2245')).toBeUndefined();
  });

  it('edits, renews, suspends, unsuspends and terminates by the spec’s rules, logging each change', async () => {
    const d = distributor.c;
    const current = await byPlate('WXY 1234');
    const edited = await d.post('/vehiclepackage/update', {
      vehiclePackageId: current?.vehiclePackageId,
      contractType: 'CUSTOM',
      startAt: clock - 10 * DAY,
      endAt: clock + 100 * DAY,
    });
    expect(edited.body).toMatchObject({
      message: 'Edited package',
      vehiclePackage: { contractType: 'CUSTOM', endAt: clock + 100 * DAY },
    });

    const renewed = await d.post('/vehiclepackage/renew', {
      vid: v('BPH 4410'),
      startAt: clock,
      contractType: 'TWENTY_FOUR',
      endAt: clock + DAY,
    });
    expect(renewed.body).toMatchObject({
      message: 'Renewed vehicle',
      vehiclePackage: { status: 'ACTIVE', endAt: addCalendarMonths(clock, 24, KL) },
    });
    expect((await logs('BPH 4410')).map((l) => l.action)).toEqual(['renew', 'add']);

    expect((await d.post('/vehiclepackage/suspend', { vid: v('WXY 1234') })).body).toMatchObject({
      message: 'Suspended vehicle',
      vehiclePackage: { status: 'SUSPENDED' },
    });
    expect((await d.post('/vehiclepackage/suspend', { vid: v('WXY 1234') })).body.status).toBe(409);
    const renewSuspended = await d.post('/vehiclepackage/renew', {
      vid: v('WXY 1234'),
      startAt: clock,
      contractType: 'TWELVE',
    });
    expect(renewSuspended.body.message).toBe('This package is suspended');
    const editSuspended = await d.post('/vehiclepackage/update', {
      vehiclePackageId: current?.vehiclePackageId,
      startAt: clock,
      contractType: 'TWELVE',
    });
    expect(editSuspended.body.message).toBe('This package is suspended');
    expect((await d.post('/vehiclepackage/unsuspend', { vid: v('WXY 1234') })).body).toMatchObject({
      message: 'Unsuspended vehicle',
      vehiclePackage: { status: 'ACTIVE', endAt: clock + 100 * DAY },
    });
    expect((await d.post('/vehiclepackage/unsuspend', { vid: v('WXY 1234') })).body.message).toBe(
      'This package is not suspended',
    );

    const terminated = await d.post('/vehiclepackage/terminate', { vid: v('WXY 1234') });
    expect((terminated.body.vehiclePackage as Pkg).actions).toEqual(NO_ACTIONS);
    expect((await d.post('/vehiclepackage/suspend', { vid: v('WXY 1234') })).body.message).toBe(
      'This package is terminated',
    );
    expect((await logs('WXY 1234')).map((l) => l.action)).toEqual(['terminate', 'unsuspend', 'suspend', 'edit', 'add']);
    // No actions for TERMINATED (spec 3 §4), Add included: termination is final for the vehicle.
    const readded = await d.post('/vehiclepackage/add', {
      vid: v('WXY 1234'),
      uid: owner.me.uid,
      startAt: clock,
      contractType: 'TWELVE',
    });
    expect(readded.body).toEqual({ status: 409, errorType: 'InvalidState', message: 'This package is terminated' });
    expect((await byPlate('WXY 1234'))?.status).toBe('TERMINATED');
  });

  it('answers a vehicle without a package with the spec text', async () => {
    const r = await distributor.c.post('/vehiclepackage/suspend', { vid: v('VFA 5150') });
    expect(r.body).toEqual({ status: 404, errorType: 'NotFound', message: 'This vehicle has no package' });
  });

  const stored = async (plate: string) =>
    (
      await server.app.database.db
        .selectFrom('vehicle_packages')
        .select('status')
        .where('vid', '=', v(plate))
        .where('status', '<>', 'TERMINATED')
        .executeTakeFirstOrThrow()
    ).status;

  it('the scheduler stores EXPIRED when a package ends and ACTIVE when a pending one starts', async () => {
    expect([await stored('VBD 882'), await stored('WA 7790 K')]).toEqual(['ACTIVE', 'PENDING']);
    clock += 11 * DAY;
    await server.app.scheduler.runDue();
    expect([await stored('VBD 882'), await stored('WA 7790 K')]).toEqual(['EXPIRED', 'ACTIVE']);
    expect((await logs('VBD 882'))[0]).toMatchObject({ action: 'expire', status: 'EXPIRED', updatedBy: null });
    expect((await logs('WA 7790 K'))[0]).toMatchObject({ action: 'start', status: 'ACTIVE', updatedBy: null });
    expect((await byPlate('VBD 882'))?.actions.renew).toBe(true);
  });

  it('runs on its own timer once the clock passes an end', async () => {
    // A custom package ending in one hour; the timer (every second) must expire it once the clock moves.
    const r = await distributor.c.post('/vehiclepackage/add', {
      vid: v('WQM 2245'),
      uid: owner.me.uid,
      contractType: 'CUSTOM',
      startAt: clock - DAY,
      endAt: clock + 3_600_000,
    });
    expect(r.status).toBe(200);
    await server.app.scheduler.runDue();
    expect(await stored('WQM 2245')).toBe('ACTIVE');
    clock += 2 * 3_600_000;
    await expect.poll(() => stored('WQM 2245'), { timeout: 20_000, interval: 100 }).toBe('EXPIRED');
  });

  it('renewing before the end books the renewal: the vehicle stays covered, and the job takes it at its start', async () => {
    const d = distributor.c;
    const current = await byPlate('VEP 6021');
    if (!current) throw new Error('VEP 6021 has no package');
    const renewal = {
      contractType: 'TWENTY_FOUR',
      startAt: current.endAt,
      endAt: addCalendarMonths(current.endAt, 24, KL),
    };
    const r = await d.post('/vehiclepackage/renew', {
      vid: v('VEP 6021'),
      startAt: current.endAt,
      contractType: 'TWELVE',
    });
    expect((r.body.vehiclePackage as Pkg).renewal?.contractType).toBe('TWELVE');
    // Renewing again replaces the booked renewal.
    const again = await d.post('/vehiclepackage/renew', {
      vid: v('VEP 6021'),
      startAt: current.endAt,
      contractType: 'TWENTY_FOUR',
    });
    expect(again.body).toMatchObject({
      message: 'Renewed vehicle',
      vehiclePackage: { status: 'ACTIVE', startAt: current.startAt, endAt: current.endAt, renewal },
    });
    expect((await logs('VEP 6021')).slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'renew', status: 'PENDING', startAt: renewal.startAt, endAt: renewal.endAt }),
      expect.objectContaining({ action: 'renew', status: 'PENDING', startAt: renewal.startAt }),
    ]);
    expect(await subsDates('VEP 6021')).toMatchObject({ subsStartDate: current.startAt, subsEndDate: current.endAt });

    // A package ending tomorrow is flagged expiring soon until a renewal carries on from its end.
    await d.post('/vehiclepackage/add', {
      vid: v('VFA 5150'),
      uid: owner.me.uid,
      contractType: 'CUSTOM',
      startAt: clock - DAY,
      endAt: clock + DAY,
    });
    expect((await byPlate('VFA 5150'))?.expiringSoon).toBe(true);
    await d.post('/vehiclepackage/renew', { vid: v('VFA 5150'), contractType: 'TWELVE', startAt: clock + DAY });
    expect(await byPlate('VFA 5150')).toMatchObject({
      status: 'ACTIVE',
      expiringSoon: false,
      renewal: { startAt: clock + DAY },
    });

    // At the renewal's start the job makes it the period, with a log row and the vehicle's dates.
    clock = renewal.startAt;
    await server.app.scheduler.runDue();
    owner = await signIn(server.baseUrl, 'owner'); // a year on, the session has lapsed
    expect(await byPlate('VEP 6021')).toMatchObject({ ...renewal, status: 'ACTIVE', renewal: null });
    expect((await logs('VEP 6021'))[0]).toMatchObject({
      action: 'start',
      status: 'ACTIVE',
      startAt: renewal.startAt,
      updatedBy: null,
    });
    expect(await subsDates('VEP 6021')).toMatchObject({ subsStartDate: renewal.startAt, subsEndDate: renewal.endAt });
  });
});
