import { describe, expect, it } from 'vitest';
import { createLeadership, type HeldLock, type LeaderLock } from './leader.ts';

/** A lock whose session answers checks until `fail` is called; `released` counts let-gos. */
function fakeLock() {
  let failing = false;
  let released = 0;
  let taken = false;
  const lock: LeaderLock = {
    acquire(): Promise<HeldLock | null> {
      if (taken) return Promise.resolve(null);
      taken = true;
      return Promise.resolve({
        lost: new Promise<Error>(() => {}),
        check: () => (failing ? Promise.reject(new Error('query read timeout')) : Promise.resolve()),
        release: () => {
          released++;
          taken = false;
          return Promise.resolve();
        },
      });
    },
    close: () => Promise.resolve(),
  };
  return { lock, fail: () => (failing = true), released: () => released };
}

/** Resolves once `check` holds; the leadership's own timers drive it (a few ms each). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1_000 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

describe('leadership', () => {
  it('steps down when a check of its session fails, before the lock is let go', async () => {
    const { lock, fail, released } = fakeLock();
    const events: string[] = [];
    const leadership = createLeadership({
      lock,
      retryMs: 1_000_000,
      checkMs: 1,
      onElected: () => events.push('elected'),
      onLost: () => void events.push(`lost (released ${released()})`),
      onError: (_e, context) => events.push(context),
    });
    await until(() => leadership.isLeader());
    fail();
    await until(() => !leadership.isLeader() && released() === 1);
    expect(events).toEqual(['elected', 'leader lock lost', 'lost (released 0)']);
    await leadership.close();
  });
});
