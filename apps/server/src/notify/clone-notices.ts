import { NOTIFICATION_TYPES } from '@jejak/contract';
import type { CloneNotice } from '../bus/bus.ts';
import type { Mailer } from '../services/accounts/mailer.ts';
import type { CloneNoticeRepo } from '../storage/repos/alerts/clone-notice-repo.ts';
import { limitRowKey, type LimitCounters } from '../storage/repos/accounts/limit-counters.ts';
import type { MessageGuard } from './message-guard.ts';
import { cloneMail, type MailContent } from './messages.ts';

/** A vehicle's owners get at most one clone e-mail in this time (ADR 0082). */
export const CLONE_NOTICE_EVERY_MS = 3_600_000;

export interface CloneNoticeDeps {
  repo: CloneNoticeRepo;
  /** The shared counters (ADR 0057) that hold each vehicle's hour, for every node. */
  counters: Pick<LimitCounters, 'hit'>;
  guard: Pick<MessageGuard, 'takeQuota'>;
  mailer: Mailer;
  timeZone: string;
  now: () => number;
  onError: (err: unknown, context: string) => void;
}

/**
 * Tells the fleet owner and the distributor of a vehicle whose tracker's clone was refused
 * (ADR 0082), by e-mail: they are users of the organisation, so no confirmation; each mail counts
 * in its recipient's daily e-mail quota (ADR 0083). The vehicle's hour is claimed in one statement
 * before anything is sent, so a clone retrying, a retried work item or another node sends no
 * more: at most one round per vehicle and hour (a round that fails is not sent again).
 */
export function createCloneNotices(deps: CloneNoticeDeps) {
  async function mail(to: string, account: { uid: string; hierarchy: string }, content: MailContent) {
    const refused = await deps.guard.takeQuota(account, NOTIFICATION_TYPES.EMAIL);
    if (refused) throw new Error(`clone e-mail to ${account.uid} not sent: ${refused.statusMessage}`);
    await deps.mailer.send({ to, ...content });
  }

  return {
    async tell(notice: CloneNotice): Promise<void> {
      if (!deps.mailer.configured) return;
      const vehicle = await deps.repo.clonedVehicle(notice.dvid);
      if (!vehicle || vehicle.recipients.length === 0) return;
      const { hits } = await deps.counters.hit(
        limitRowKey(`clone-notice:${vehicle.vid}`),
        CLONE_NOTICE_EVERY_MS,
        deps.now(),
      );
      if (hits > 1) return;
      const content = cloneMail({ ...vehicle, ...notice }, deps.timeZone);
      const sent = await Promise.allSettled(
        vehicle.recipients.map((r) => mail(r.email, { uid: r.uid, hierarchy: r.hierarchy }, content)),
      );
      for (const s of sent) if (s.status === 'rejected') deps.onError(s.reason, 'clone notice');
    },
  };
}
export type CloneNotices = ReturnType<typeof createCloneNotices>;
