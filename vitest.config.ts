import DurationSequencer from './tools/test-sequencer.ts';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    hookTimeout: 120_000,
    pool: 'forks',
    // Most files wait on sockets, servers and a browser rather than compute: two at a time on the
    // 2-core machine (vitest's default there is one).
    maxWorkers: 2,
    reporters: ['default', './tools/summary-reporter.ts'],
    // Longest files first, from a recorded run (tools/test-durations.json).
    sequence: { sequencer: DurationSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
            'tools/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
          ],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['e2e/**/*.spec.ts'],
          // A browser flow walks through a dozen screens; on a loaded 2-core machine one took 40 s.
          // The limit only catches a hang: each step already fails on its own 15 s wait.
          testTimeout: 180_000,
          // A polled condition waits as long as a step's own waits (15 s): a map redraw on a loaded
          // machine takes longer than vitest's default second.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
