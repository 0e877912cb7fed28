import { createLeadership } from '../src/services/leader.ts';
import { createPostgresLeaderLock } from '../src/storage/db/leader-lock.ts';

/**
 * A candidate in its own process, for leader.test.ts: it campaigns on the database given as its
 * argument and prints "elected" once it leads, then waits to be killed.
 */
const url = process.argv[2] ?? '';
const onError = (err: unknown) => process.stderr.write(`${String(err)}\n`);
createLeadership({
  lock: createPostgresLeaderLock({ url, checkTimeoutMs: 1_000, idleSessionMs: 5_000, onError }),
  retryMs: 50,
  checkMs: 100,
  onElected: () => process.stdout.write('elected\n'),
  onLost: () => void process.stdout.write('lost\n'),
  onError,
});
