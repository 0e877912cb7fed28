import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each test file took in a recent full run (written by the summary reporter when
 * JEJAK_TEST_DURATIONS names a file). A fresh clone has no vitest cache, and vitest's fallback
 * runs larger files first: the short gallery specs, which take the longest, came last and left
 * one worker busy alone for minutes. Longest first keeps both workers busy to the end.
 */
const DURATIONS_FILE = new URL('./test-durations.json', import.meta.url);

function readDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export default class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const durations = readDurations();
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) => durations[relative(root, spec.moduleId)] ?? 0;
    // Files not in the table keep vitest's order, after the known ones of their length.
    return base
      .map((spec, index) => ({ spec, index, s: seconds(spec) }))
      .sort((a, b) => b.s - a.s || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
