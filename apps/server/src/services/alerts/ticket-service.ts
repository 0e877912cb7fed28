import { ALERT_TEXTS, type AcknowledgeTicketsRequest, type Ticket } from '@jejak/contract';
import { mayCall, toPermissionRole, type User } from '@jejak/domain';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../errors.ts';
import type { UnitOfWork } from '../../storage/repos/unit-of-work.ts';
import { auditActor, reachableUser, requireCall, requireReachableVids, viewerOf, type Actor } from '../access.ts';
import { ticketEscalations } from './ticket-escalation.ts';

export interface TicketServiceDeps {
  data: UnitOfWork<'tickets' | 'fleet' | 'audit' | 'users' | 'escalations'>;
  /** Resolved tickets are announced on it: the live channel's 'ticket' message (ADR 0073). */
  bus: Pick<Bus, 'publish'>;
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
  const { tickets, fleet, users, escalations } = repos;

  return {
    /** Open tickets of these vehicles, or of every vehicle the caller reaches when none is named. */
    async open(caller: User, vids: readonly string[]): Promise<Ticket[]> {
      requireCall(caller, 'readTickets');
      if (vids.length > 0) await requireReachableVids(fleet, caller, vids);
      const list = await tickets.open(viewerOf(caller), vids.length > 0 ? vids : null);
      // Escalation progress only for those who may read SOS Alerts, of the chains they reach there.
      if (list.length === 0 || !mayCall(toPermissionRole(caller.userRole), 'readEscalations')) return list;
      const states = await escalations.states(viewerOf(caller), { ticketIds: list.map((t) => t.ticketId) });
      const records = await escalations.records(
        states.map((st) => st.ecid),
        0,
        Number.MAX_SAFE_INTEGER,
      );
      const progress = ticketEscalations(states, records);
      return list.map((t) => ({ ...t, escalation: progress.get(t.ticketId) ?? null }));
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
      const dvids = await fleet.vehicleDvids([...new Set(open.values())]);
      const byVid = new Map<string, string[]>();
      for (const id of ids) {
        const vid = open.get(id) ?? '';
        byVid.set(vid, [...(byVid.get(vid) ?? []), id]);
      }
      const items = [...byVid].flatMap(([vid, ticketIds]) => {
        const dvid = dvids.get(vid);
        return dvid === undefined ? [] : [{ dvid, item: { vid, ticketIds, resolved: true as const } }];
      });
      if (items.length > 0) deps.bus.publish('ticket.resolved', { items });
      return ids;
    },
  };
}
export type TicketService = ReturnType<typeof createTicketService>;
