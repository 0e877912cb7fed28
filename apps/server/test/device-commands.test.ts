import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_PATHS, COMMAND_TEXTS, type DeviceCommandRow } from '@jejak/contract';
import { encodeLogin, protocolById, type DeviceCommand } from '@jejak/protocols';
import { commandTracker, gt06CommandAnswer, sameBytes } from './device-client.ts';
import { apiClient, dbKinds, registerVehicle, startTestServer, type TestServer } from './harness.ts';

const kinds = await dbKinds();
const IMEI = '868120300009001';

describe.each(kinds)('commands to trackers on %s', (kind) => {
  let server: TestServer;
  let owner: ReturnType<typeof apiClient>;
  let vid: string;
  const encoder = protocolById('gt06')?.commands;

  beforeAll(async () => {
    server = await startTestServer(kind);
    vid = await registerVehicle(server.app, {
      model: 'GPS100',
      imei: IMEI,
      ownerEmail: 'owner@demo.jejak.my',
      plate: 'CMD 1',
      name: 'Lori arahan',
    });
    owner = apiClient(server.baseUrl);
    await owner.login('owner@demo.jejak.my');
  });
  afterAll(async () => {
    await server?.stop();
  });

  const db = () => server.app.database.db;
  const serialOf = async (cmid: string) =>
    (await db().selectFrom('device_commands').select('serial').where('cmid', '=', cmid).executeTakeFirstOrThrow())
      .serial;
  const send = (body: Record<string, unknown>) => owner.post(COMMAND_PATHS.commandSend, { vid, ...body });
  const log = async () =>
    (await owner.post(COMMAND_PATHS.commandGet, { vid })).body as {
      available: string[];
      sms: string[];
      commands: DeviceCommandRow[];
    };
  const expected = async (command: DeviceCommand, cmid: string) =>
    encoder?.encode(command, { imei: IMEI, serial: await serialOf(cmid) }) ?? new Uint8Array();

  it('queues a command while the tracker is offline, sends it when it logs in, and records its answer', async () => {
    expect(encoder?.supported).toContain('requestPosition');
    const queued = await send({ type: 'requestPosition' });
    expect(queued.status).toBe(200);
    expect(queued.body.message).toBe(COMMAND_TEXTS.queued);
    const command = queued.body.command as DeviceCommandRow;
    expect(command.status).toBe('QUEUED');
    const listed = await log();
    expect(listed.available).toEqual(expect.arrayContaining(['engineStop', 'engineResume', 'requestPosition']));
    expect(listed.commands[0]).toMatchObject({
      cmid: command.cmid,
      status: 'QUEUED',
      createdBy: 'owner@demo.jejak.my',
    });

    const device = await commandTracker(server.gt06Port);
    device.write(encodeLogin(IMEI, 1));
    const want = await expected({ type: 'requestPosition' }, command.cmid);
    await device.next((f) => sameBytes(f, want));
    await expect.poll(async () => (await log()).commands[0]?.status).toBe('SENT');

    device.write(gt06CommandAnswer(await serialOf(command.cmid), 'Lat:N3.14,Lon:E101.69', 2));
    await expect.poll(async () => (await log()).commands[0]?.answer).toBe('Lat:N3.14,Lon:E101.69');
    expect((await log()).commands[0]?.status).toBe('ANSWERED');
    device.close();
  });

  it('stops an engine only with a reason, and not while it moves unless forced', async () => {
    const device = await commandTracker(server.gt06Port);
    device.write(encodeLogin(IMEI, 1));
    await device.next((f) => f[3] === 0x01);

    const noReason = await send({ type: 'engineStop' });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toContain(COMMAND_TEXTS.reasonRequired);

    await db().updateTable('devices').set({ speed: 62 }).where('dvid', '=', `GPS100#${IMEI}`).execute();
    const moving = await send({ type: 'engineStop', reason: 'reported stolen' });
    expect(moving.status).toBe(400);
    expect(moving.body.message).toBe(COMMAND_TEXTS.tooFast);

    const forced = await send({ type: 'engineStop', reason: 'reported stolen', force: true });
    expect(forced.status).toBe(200);
    const stop = forced.body.command as DeviceCommandRow;
    expect(stop).toMatchObject({ forced: true, reason: 'reported stolen' });
    const want = await expected({ type: 'engineStop' }, stop.cmid);
    await device.next((f) => sameBytes(f, want));
    await expect.poll(async () => (await log()).commands.find((c) => c.cmid === stop.cmid)?.status).toBe('SENT');
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_id', '=', stop.cmid)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('command.send');
    expect(JSON.stringify(audit.details)).toContain('reported stolen');
    await db().updateTable('devices').set({ speed: 0 }).where('dvid', '=', `GPS100#${IMEI}`).execute();
    device.close();
  });

  it('refuses the immobiliser to the platform staff, and commands for vehicles out of reach', async () => {
    const admin = apiClient(server.baseUrl);
    await admin.login('super@demo.jejak.my');
    expect((await admin.post(COMMAND_PATHS.commandSend, { vid, type: 'engineStop', reason: 'x' })).status).toBe(403);
    expect((await admin.post(COMMAND_PATHS.commandSend, { vid, type: 'requestPosition' })).status).toBe(200);
    const other = apiClient(server.baseUrl);
    await other.login('owner2@demo.jejak.my');
    expect((await other.post(COMMAND_PATHS.commandSend, { vid, type: 'requestPosition' })).status).toBe(403);
    expect((await other.post(COMMAND_PATHS.commandGet, { vid })).status).toBe(403);
  });

  it('never sends a command past its expiry', async () => {
    const stale = (await send({ type: 'custom', text: 'STALE#' })).body.command as DeviceCommandRow;
    await db()
      .updateTable('device_commands')
      .set({ expires_at: Date.now() - 1 })
      .where('cmid', '=', stale.cmid)
      .execute();
    expect((await log()).commands.find((c) => c.cmid === stale.cmid)).toMatchObject({
      status: 'EXPIRED',
      error: COMMAND_TEXTS.expiredAfter,
    });
    const fresh = (await send({ type: 'custom', text: 'FRESH#' })).body.command as DeviceCommandRow;
    const device = await commandTracker(server.gt06Port);
    device.write(encodeLogin(IMEI, 1));
    const freshBytes = await expected({ type: 'custom', text: 'FRESH#' }, fresh.cmid);
    const staleBytes = await expected({ type: 'custom', text: 'STALE#' }, stale.cmid);
    await device.next((f) => sameBytes(f, freshBytes));
    expect(device.frames.some((f) => sameBytes(f, staleBytes))).toBe(false);
    device.close();
  });

  it("sends a command by SMS to an offline tracker's SIM when asked, else queues it", async () => {
    // The last test's tracker has gone: its close is stored before the SIM is set.
    await expect
      .poll(
        async () =>
          (await db().selectFrom('devices').select('is_alive').where('dvid', '=', `GPS100#${IMEI}`).executeTakeFirst())
            ?.is_alive,
      )
      .toBe(false);
    await db()
      .updateTable('devices')
      .set({ sim_card: '+60123450001', is_alive: false })
      .where('dvid', '=', `GPS100#${IMEI}`)
      .execute();
    expect((await log()).sms).toEqual(expect.arrayContaining(['engineStop', 'requestPosition']));
    const bySms = await send({ type: 'engineResume', sms: true });
    expect(bySms.status).toBe(200);
    expect(bySms.body.message).toBe(COMMAND_TEXTS.sentBySms);
    expect(bySms.body.command).toMatchObject({ status: 'SENT', channel: 'sms' });
    const local = server.app.providers.local?.sms ?? [];
    expect(local.at(-1)).toMatchObject({ to: '+60123450001', body: 'RELAY,0#' });
    // Without a SIM there is nothing to text: the command waits for the tracker.
    await db().updateTable('devices').set({ sim_card: '' }).where('dvid', '=', `GPS100#${IMEI}`).execute();
    const waiting = await send({ type: 'engineResume', sms: true });
    expect(waiting.body.message).toBe(COMMAND_TEXTS.queued);
    expect((await log()).sms).toEqual([]);
  });
});
