import type { Reporter, TestModule } from 'vitest/node';

/** Ends every run with one plain line, 'N passed, N failed, N skipped', for CI to read. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else if (state === 'skipped') counts.skipped++;
      }
      // A file that failed to load has no tests but is a failure.
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) counts.failed++;
    }
    console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
