import { NOTIFICATION_TEXTS, type EscalationCallRecord, type EscalationState } from '@jejak/contract';
import type { User } from '@jejak/domain';
import { AppError } from '../../errors.ts';
import type { Repos } from '../../storage/repos/unit-of-work.ts';
import { requireCall, viewerOf } from '../access.ts';

/**
 * SOS Alerts (spec 3): escalation chains and their call records, limited to chains of
 * notifications and vehicles the caller reaches; a foreign chain answers like a missing one.
 */
export function createEscalationService(deps: { repos: Pick<Repos, 'escalations'>; now: () => number }) {
  const { escalations: repo } = deps.repos;

  async function reachable(caller: User, ecid: string): Promise<EscalationState> {
    const [found] = await repo.states(viewerOf(caller), { ecids: [ecid] });
    if (!found) throw AppError.notFound(NOTIFICATION_TEXTS.escalationNotFound);
    return found;
  }

  return {
    async states(
      caller: User,
      req: { nfids: string[]; startTime: number; endTime: number },
    ): Promise<{ escalationCallState: EscalationState[]; message: string }> {
      requireCall(caller, 'readEscalations');
      const states = await repo.states(viewerOf(caller), {
        nfids: req.nfids,
        startMs: req.startTime,
        endMs: req.endTime,
      });
      const message =
        states.length > 0
          ? NOTIFICATION_TEXTS.escalationFound.replace('{n}', String(states.length))
          : NOTIFICATION_TEXTS.escalationNone;
      return { escalationCallState: states, message };
    },

    /** One-way: the first acknowledge wins; a second one is refused. */
    async acknowledge(caller: User, req: { ecid: string; acknowledgedRemark: string }): Promise<EscalationState> {
      requireCall(caller, 'acknowledgeEscalations');
      await reachable(caller, req.ecid);
      const done = await repo.acknowledge(req.ecid, caller.uid, req.acknowledgedRemark, deps.now());
      if (!done) throw AppError.validation(NOTIFICATION_TEXTS.escalationAlreadyAcknowledged);
      return reachable(caller, req.ecid);
    },

    async records(
      caller: User,
      req: { ecids: string[]; startTime: number; endTime: number },
    ): Promise<EscalationCallRecord[]> {
      requireCall(caller, 'readEscalations');
      const visible = await repo.states(viewerOf(caller), { ecids: req.ecids });
      return repo.records(
        visible.map((s) => s.ecid),
        req.startTime,
        req.endTime,
      );
    },
  };
}
export type EscalationService = ReturnType<typeof createEscalationService>;
