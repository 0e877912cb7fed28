import {
  ERROR_TYPES,
  MIGRATION_TEXTS,
  type MigrateRequest,
  type MigrateResponse,
  type MigrationUser,
} from '@jejak/contract';
import { migrationProblem, type MigrationProblem, type User } from '@jejak/domain';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../errors.ts';
import type { UnitOfWork } from '../../storage/repos/unit-of-work.ts';
import { auditActor, reaches, requireCall, viewerOf, type Actor } from '../access.ts';

const PROBLEM_TEXTS: Record<MigrationProblem, string> = {
  sourceStageNotFound: MIGRATION_TEXTS.sourceStageNotFound,
  targetStageMissing: MIGRATION_TEXTS.selectTargetStage,
  irreversible: MIGRATION_TEXTS.irreversible,
};

/**
 * The Migration screens (spec 3): the user table and the one-way V1 → V2 move. A stage gates
 * the console, so a move is announced to the user's live sockets (`access.changed`).
 */
export function createMigrationService(
  data: UnitOfWork<'users' | 'audit'>,
  now: () => number,
  bus: Pick<Bus, 'publish'>,
) {
  const { repos, transaction } = data;
  return {
    async users(caller: User): Promise<MigrationUser[]> {
      requireCall(caller, 'migrate');
      return repos.users.migrationRows(viewerOf(caller));
    },

    /** Adds the V2 stage record: the stage gate shows the V2 console from the next sign-in. */
    async migrate(actor: Actor, req: MigrateRequest): Promise<MigrateResponse['user']> {
      requireCall(actor.user, 'migrate');
      const at = now();
      const moved = await transaction(
        async (tx) => {
          const target = await tx.users.findByUid(req.uid);
          if (!target || !reaches(actor.user, target.user))
            throw AppError.notFound(MIGRATION_TEXTS.selectedUserNotFound);
          const stages = await tx.users.stages(req.uid);
          const problem = migrationProblem(stages, req.sourceStage, req.targetStage);
          if (problem) throw new AppError(400, ERROR_TYPES.validation, PROBLEM_TEXTS[problem]);
          await tx.users.addStage(req.uid, req.targetStage, at);
          await tx.audit(
            auditActor(actor),
            {
              action: 'stage.migrate',
              targetType: 'stage',
              targetId: req.uid,
              details: { sourceStage: req.sourceStage, targetStage: req.targetStage },
            },
            at,
          );
          return { uid: req.uid, stage: req.targetStage, createdAt: at };
        },
        // A concurrent migration of the same user got there first.
        { onDuplicate: () => new AppError(400, ERROR_TYPES.validation, MIGRATION_TEXTS.sourceStageNotFound) },
      );
      bus.publish('access.changed', { uids: [moved.uid] });
      return moved;
    },
  };
}
export type MigrationService = ReturnType<typeof createMigrationService>;
