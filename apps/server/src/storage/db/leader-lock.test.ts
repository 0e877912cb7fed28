import { describe, expect, it } from 'vitest';
import { createLeadership } from '../../services/leader.ts';
import { embeddedLeaderLock } from './leader-lock.ts';

/** Resolves once `check` holds; the leadership's own timers drive it (a few ms each). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1_000 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

describe('embedded leader lock', () => {
  it('leads at once on the embedded database, and stops leading when closed', async () => {
    const events: string[] = [];
    const leadership = createLeadership({
      lock: embeddedLeaderLock(),
      retryMs: 1_000,
      checkMs: 1_000,
      onElected: () => events.push('elected'),
      onLost: () => void events.push('lost'),
      onError: (_e, context) => events.push(context),
    });
    await until(() => leadership.isLeader());
    await leadership.close();
    expect(leadership.isLeader()).toBe(false);
    expect(events).toEqual(['elected', 'lost']);
  });
});
