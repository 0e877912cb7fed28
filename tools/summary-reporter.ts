import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest files the summary names, so a CI log shows where the time goes. */
const SLOWEST_FILES = 12;

/**
 * Ends every run with the slowest files and one plain line, 'N passed, N failed, N skipped', for
 * CI to read.
 */
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
    const slowest = testModules
      .map((module) => ({ file: module.relativeModuleId, ms: module.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST_FILES);
    // JEJAK_TEST_DURATIONS=tools/test-durations.json records every file's time for the sequencer.
    const record = process.env['JEJAK_TEST_DURATIONS'];
    if (record) {
      const all = testModules
        .map((module) => [module.relativeModuleId, Math.round(module.diagnostic().duration / 100) / 10] as const)
        .sort((a, b) => b[1] - a[1]);
      writeFileSync(record, `${JSON.stringify(Object.fromEntries(all), null, 2)}\n`);
    }
    console.log(`\nSlowest files:`);
    for (const { file, ms } of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
    console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
