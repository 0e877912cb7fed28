import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_PATHS, type DeviceCommandRow } from '@jejak/contract';
import { PROTOCOLS } from '@jejak/protocols';
import { probeFor, probeId } from '../../../tools/fuzz/probes.ts';
import { apiClient, registerVehicle, startTestServer, type TestServer } from './harness.ts';

/** Every protocol whose commands go over TCP, with a probe that identifies one of its devices. */
const CASES = PROTOCOLS.filter((p) => p.commands?.supported.includes('custom') && p.transports.includes('tcp')).map(
  (p) => [p.id, p] as const,
);

/**
 * A command queued for each protocol's tracker reaches it over a real TCP connection, as that
 * protocol encodes it (issue 29 item 4): the tracker identifies itself with a report, the command
 * is sent through the API, and the bytes it receives hold the encoder's bytes for the command.
 */
describe('commands over each protocol', () => {
  let server: TestServer;
  let owner: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    owner = apiClient(server.baseUrl);
    await owner.login('owner@demo.jejak.my');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(CASES)(
    '%s: a custom command reaches the connected tracker as its protocol encodes it',
    async (id, protocol) => {
      const imei = probeId(id);
      const model = protocol.models[0] ?? '';
      const vid = await registerVehicle(server.app, {
        model,
        imei,
        ownerEmail: 'owner@demo.jejak.my',
        plate: `CMD ${id.toUpperCase()}`,
        name: `Ujian ${id}`,
      });
      const probe = probeFor(id, 'tcp', imei, Date.now() - 60_000);
      if (!probe || !('frames' in probe)) throw new Error(`no TCP probe for ${id}`);
      const socket = net.connect(server.app.gatewayPorts[id] ?? 0, '127.0.0.1');
      socket.on('error', () => undefined);
      let received = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
      await new Promise((r) => socket.once('connect', r));
      for (const frame of probe.frames) socket.write(frame);
      // Identified and stored: the device's report is in its log.
      await expect
        .poll(
          async () =>
            (
              await server.app.database.db
                .selectFrom('device_logs')
                .select('dvid')
                .where('dvid', '=', `${model}#${imei}`)
                .executeTakeFirst()
            )?.dvid,
        )
        .toBeDefined();

      const sent = await owner.post(COMMAND_PATHS.commandSend, { vid, type: 'custom', text: 'STATUS#' });
      expect(sent.status).toBe(200);
      const command = sent.body.command as DeviceCommandRow;
      const { serial } = await server.app.database.db
        .selectFrom('device_commands')
        .select('serial')
        .where('cmid', '=', command.cmid)
        .executeTakeFirstOrThrow();
      const want = protocol.commands?.encode({ type: 'custom', text: 'STATUS#' }, { imei, serial });
      if (!want) throw new Error(`${id} encodes no custom command`);
      await expect.poll(() => received.includes(Buffer.from(want)), { timeout: 10_000 }).toBe(true);
      socket.destroy();
    },
  );
});
