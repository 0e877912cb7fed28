import type { StageName, StageRecord } from '../entities.ts';

export const STAGE_NAMES = ['V1', 'V2'] as const satisfies readonly StageName[];

/** The stage the console gate acts on: V2 once the user has it, else V1, else none. */
export function currentStage(stages: readonly StageRecord[]): StageName | null {
  if (stages.some((s) => s.stage === 'V2')) return 'V2';
  if (stages.some((s) => s.stage === 'V1')) return 'V1';
  return null;
}

export type MigrationProblem = 'sourceStageNotFound' | 'targetStageMissing' | 'irreversible';

/**
 * Why moving a user from `source` to `target` is refused, or null (spec 3 §4–5). The source
 * must be the user's current stage, the target the other stage, and migration only goes
 * forward: V1 → V2 (it is irreversible).
 */
export function migrationProblem(
  stages: readonly StageRecord[],
  source: StageName | null | undefined,
  target: StageName | null | undefined,
): MigrationProblem | null {
  if (!source || currentStage(stages) !== source) return 'sourceStageNotFound';
  if (!target || target === source) return 'targetStageMissing';
  if (target === 'V1') return 'irreversible';
  return null;
}
