import { ALERT_TEXTS, type AcknowledgeTicketsRequest, type Ticket } from '@jejak/contract';
import type { User } from '@jejak/domain';
import { AppError } from '../../errors.ts';
import type { UnitOfWork } from '../../storage/repos/unit-of-work.ts';
import { auditActor, reachableUser, requireCall, requireReachableVids, viewerOf, type Actor } from '../access.ts';

export interface TicketServiceDeps {
  data: UnitOfWork<'tickets' | 'fleet' | 'audit' | 'users'>;
  now: () => number;
}

const ticketNotFound = () => AppError.notFound(ALERT_TEXTS.ticketNotFound);

/**
 * SOS tickets (spec 1 §2, §3, §7): open tickets of vehicles the caller reaches; resolving needs
 * the resolveTickets grant and resolves all the named tickets or none.
 */
export function createTicketService(deps: TicketServiceDeps) {
  const { now } = deps;
  const { repos, transaction } = deps.data;
  const { tickets, fleet, users } = repos;

  return {
    /** Open tickets of these vehicles, or of every vehicle the caller reaches when none is named. */
    async open(caller: User, vids: readonly string[]): Promise<Ticket[]> {
      requireCall(caller, 'readTickets');
      if (vids.length > 0) await requireReachableVids(fleet, caller, vids);
      return tickets.open(viewerOf(caller), vids.length > 0 ? vids : null);
    },

    /**
     * Resolves the tickets; one that is resolved already, on a vehicle the caller does not
     * reach, or named with another vehicle answers ticketNotFound and nothing is resolved.
     */
    async resolve(actor: Actor, req: AcknowledgeTicketsRequest): Promise<string[]> {
      const caller = actor.user;
      requireCall(caller, 'resolveTickets');
      await reachableUser(users, caller, req.uid);
      const ids = [...new Set(req.ticketStates.map((s) => s.ticketId))];
      const open = await tickets.openOf(ids);
      const named = new Map(req.ticketStates.map((s) => [s.ticketId, s.vid]));
      if (ids.some((id) => open.get(id) === undefined || open.get(id) !== named.get(id))) throw ticketNotFound();
      const vids = [...new Set(open.values())];
      if ((await fleet.filterVisibleVids(viewerOf(caller), vids)).length !== vids.length) throw ticketNotFound();
      const at = now();
      await transaction(async (tx) => {
        // Another resolver may have been first: then this call resolves nothing.
        if ((await tx.tickets.resolve(ids, caller.uid, req.remark, at)) !== ids.length) throw ticketNotFound();
        for (const id of ids)
          await tx.audit(
            auditActor(actor),
            {
              action: 'ticket.resolve',
              targetType: 'ticket',
              targetId: id,
              details: { vid: open.get(id), remark: req.remark },
            },
            at,
          );
      });
      return ids;
    },
  };
}
export type TicketService = ReturnType<typeof createTicketService>;
