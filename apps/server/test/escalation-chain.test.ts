import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_PATHS } from '@jejak/contract';
import { signIn } from './accounts-fixture.ts';
import { caller, chainOf, seedChain, until } from './escalation-fixture.ts';
import { dbKinds, startTestServer, type TestServer } from './harness.ts';

const kinds = await dbKinds();

describe.each(kinds)('escalation call chain with the local provider on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      JEJAK_NOTIFY_PROVIDER: 'local',
      JEJAK_NOTIFY_LOCAL_DELAY_MS: '0',
      JEJAK_ESCALATION_SWEEP_MS: '100',
      // The third number would press the key too: the chain must stop before it.
      JEJAK_NOTIFY_LOCAL_ANSWERS: '+60123000001=no-answer,+60123000002=press:1,+60123000003=press:1',
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('rings in order until a keypad-authorised recipient presses the key; the third is never rung', async () => {
    const db = server.app.database.db;
    const { ecid } = await seedChain(db, {
      recipients: [caller('Aminah', '+60123000001'), caller('Badrul', '0123000002'), caller('Chong', '+60123000003')],
    });
    const done = await until(
      () => chainOf(db, ecid),
      (c) => c.state.status !== 0,
    );
    expect(done.state.status).toBe(1);
    expect(done.records.map((r) => [r.step, r.contact_name, r.contact_number, r.status, r.detail])).toEqual([
      [0, 'Aminah', '+60123000001', -1, 'no-answer'],
      [1, 'Badrul', '+60123000002', 1, 'key 1'],
    ]);
    expect(done.logs.map((l) => [l.service_type, l.status_code, l.status_message, l.gen_status])).toEqual([
      [3, 408, 'no-answer', 'RETRYING'],
      [3, 200, 'key 1', 'SENT'],
    ]);
    const rung = server.app.providers.local?.calls.filter(
      (c) => c.callRef === done.records[0]?.ecrid || c.callRef === done.records[1]?.ecrid,
    );
    expect(rung?.map((c) => c.to)).toEqual(['+60123000001', '+60123000002']);
    expect(server.app.providers.local?.calls.some((c) => c.to === '+60123000003')).toBe(false);
  });

  it('moves past a recipient who presses the key without keypad authorisation, and fails after the last', async () => {
    const db = server.app.database.db;
    const { ecid } = await seedChain(db, {
      recipients: [caller('Dewi', '+60123000002', false), caller('Eng', '+60123000001')],
    });
    const done = await until(
      () => chainOf(db, ecid),
      (c) => c.state.status !== 0,
    );
    expect(done.state.status).toBe(-1);
    expect(done.records.map((r) => [r.contact_name, r.status, r.detail])).toEqual([
      ['Dewi', -1, 'key 1'],
      ['Eng', -1, 'no-answer'],
    ]);
    expect(done.logs.map((l) => l.gen_status)).toEqual(['RETRYING', 'FAILED']);
  });

  it('serves SOS Alerts: states and records of reached chains, one-way acknowledge, foreign chains hidden', async () => {
    const db = server.app.database.db;
    const { ecid, nfid } = await seedChain(db, { recipients: [caller('Fauzi', '+60123000002')] });
    await until(
      () => chainOf(db, ecid),
      (c) => c.state.status === 1,
    );
    const window = { startTime: Date.now() - 3_600_000, endTime: Date.now() + 60_000 };
    const { c: owner2, me } = await signIn(server.baseUrl, 'owner2');
    const states = await owner2.post(NOTIFICATION_PATHS.escalationStateGet, { nfids: [nfid], ...window });
    expect(states.status).toBe(200);
    expect(states.body.message).toBe('1 Record Found!');
    const [state] = states.body.escalationCallState as { ecid: string; status: number; event: { eventName: string } }[];
    expect(state).toMatchObject({ ecid, status: 1, event: { eventName: 'help me' } });

    const records = await owner2.post(NOTIFICATION_PATHS.escalationRecordGet, { ecids: [ecid], ...window });
    expect(records.body.escalationCallRecords).toMatchObject([{ ecid, contactName: 'Fauzi', status: 1 }]);

    const ack = { escalationCallState: { ecid, isAcknowledged: true, acknowledgedRemark: 'Driver safe' } };
    const first = await owner2.post(NOTIFICATION_PATHS.escalationStateUpdate, ack);
    expect(first.status).toBe(200);
    expect(first.body.escalationCallState).toMatchObject({
      isAcknowledged: true,
      acknowledgedBy: me.uid,
      acknowledgedRemark: 'Driver safe',
    });
    const second = await owner2.post(NOTIFICATION_PATHS.escalationStateUpdate, ack);
    expect(second.body).toEqual({
      status: 400,
      errorType: second.body.errorType,
      message: 'Escalation is already acknowledged',
    });

    const { c: other } = await signIn(server.baseUrl, 'owner');
    const hidden = await other.post(NOTIFICATION_PATHS.escalationStateGet, { nfids: [nfid], ...window });
    expect(hidden.body).toMatchObject({ escalationCallState: [], message: 'No Records Found!' });
    const noRecords = await other.post(NOTIFICATION_PATHS.escalationRecordGet, { ecids: [ecid], ...window });
    expect(noRecords.body.escalationCallRecords).toEqual([]);
    const foreignAck = await other.post(NOTIFICATION_PATHS.escalationStateUpdate, ack);
    expect(foreignAck.body.message).toBe('Escalation does not exist');
  });
});
