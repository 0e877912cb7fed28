import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainDriver } from '../src/notify/escalation/chain-driver.ts';
import { createLocalProvider } from '../src/notify/providers/local-provider.ts';
import { createEscalationRepo } from '../src/storage/repos/alerts/escalation-repo.ts';
import { caller, chainOf, seedChain, until } from './escalation-fixture.ts';
import { dbKinds, startRestartableServer, type RestartableServer } from './harness.ts';

const kinds = await dbKinds();

const base = {
  JEJAK_NOTIFY_PROVIDER: 'local',
  JEJAK_ESCALATION_SWEEP_MS: '100',
  JEJAK_ESCALATION_RING_SECONDS: '1',
  JEJAK_ESCALATION_OUTCOME_MARGIN_SECONDS: '1',
  JEJAK_NOTIFY_LOCAL_ANSWERS: '+60123000002=press:1,+60123000004=press:1',
};

describe.each(kinds)('an escalation chain across a restart on %s', (kind) => {
  let server: RestartableServer;

  beforeAll(async () => {
    // The first process never hears its call end: the restart loses the outcome.
    server = await startRestartableServer(kind, { ...base, JEJAK_NOTIFY_LOCAL_DELAY_MS: '600000' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('resumes from the step it was at, never rings anyone twice, and stops at the acknowledgement', async () => {
    const { ecid } = await seedChain(server.app.database.db, {
      recipients: [caller('Aminah', '+60123000002'), caller('Badrul', '+60123000004'), caller('Chong', '+60123000006')],
    });
    const ringing = await until(
      () => chainOf(server.app.database.db, ecid),
      (c) => c.records.length === 1,
    );
    expect(ringing.records.map((r) => [r.step, r.status])).toEqual([[0, 0]]);
    expect(server.app.providers.local?.calls.map((c) => c.to)).toEqual(['+60123000002']);

    await server.restart({ ...base, JEJAK_NOTIFY_LOCAL_DELAY_MS: '0' });
    const db = server.app.database.db;
    const done = await until(
      () => chainOf(db, ecid),
      (c) => c.state.status !== 0,
    );
    expect(done.state.status).toBe(1);
    // Aminah's lost call timed out once; Badrul was rung by the new process and acknowledged.
    expect(done.records.map((r) => [r.step, r.contact_name, r.status, r.detail])).toEqual([
      [0, 'Aminah', -1, 'no outcome'],
      [1, 'Badrul', 1, 'key 1'],
    ]);
    expect(server.app.providers.local?.calls.map((c) => c.to)).toEqual(['+60123000004']);
    expect(done.logs.map((l) => [l.status_code, l.gen_status])).toEqual([
      [0, 'RETRYING'],
      [200, 'SENT'],
    ]);
  }, 180_000);

  it('two drivers sweeping the same chains claim each step once', async () => {
    const db = server.app.database.db;
    const { ecid } = await seedChain(db, {
      recipients: [caller('Dewi', '+60123000001'), caller('Eng', '+60123000003'), caller('Fara', '+60123000004')],
    });
    // A second scheduler's driver, with its own provider, races the server's for the same steps.
    const otherVoice = createLocalProvider({ answers: new Map(), delayMs: 0 });
    const other = createChainDriver({
      repo: createEscalationRepo(db),
      voice: otherVoice,
      ackKey: '1',
      ringSeconds: 1,
      outcomeMarginSeconds: 1,
      rounds: 1,
      takeCall: () => Promise.resolve(null),
      now: () => Date.now(),
      onError: (err) => {
        throw err;
      },
    });
    try {
      const done = await until(
        async () => {
          await Promise.all([other.sweep(), server.app.chains.sweep()]);
          return chainOf(db, ecid);
        },
        (c) => c.state.status !== 0,
      );
      expect(done.records.map((r) => [r.step, r.status])).toEqual([
        [0, -1],
        [1, -1],
        [2, 1],
      ]);
      const ours = (server.app.providers.local?.calls ?? []).filter((c) =>
        done.records.some((r) => r.ecrid === c.callRef),
      );
      const rung = [...ours, ...otherVoice.calls].map((c) => c.to).sort();
      expect(rung).toEqual(['+60123000001', '+60123000003', '+60123000004']);
    } finally {
      otherVoice.close();
      await other.close();
    }
  });
});
