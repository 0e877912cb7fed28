import type { EscalationCallRecord, EscalationState, TicketEscalation } from '@jejak/contract';

/**
 * How each ticket's escalation calls stand (ADR 0073): its alarms' chains (SOS Alerts), the
 * newest first, with the count of chains and calls and the newest chain's latest call.
 */
export function ticketEscalations(
  states: readonly EscalationState[],
  records: readonly EscalationCallRecord[],
): Map<string, TicketEscalation> {
  const callsOf = groupBy(records, (r) => r.ecid);
  const byTicket = groupBy(states, (s) => s.ticketId);
  const out = new Map<string, TicketEscalation>();
  for (const [ticketId, chains] of byTicket) {
    const newest = chains.reduce((a, b) =>
      b.createdAt > a.createdAt || (b.createdAt === a.createdAt && b.ecid > a.ecid) ? b : a,
    );
    const last = (callsOf.get(newest.ecid) ?? []).reduce<EscalationCallRecord | null>(
      (a, b) => (a === null || b.createdAt >= a.createdAt ? b : a),
      null,
    );
    out.set(ticketId, {
      ecid: newest.ecid,
      status: newest.status,
      createdAt: newest.createdAt,
      isAcknowledged: newest.isAcknowledged,
      chains: chains.length,
      calls: chains.reduce((n, c) => n + (callsOf.get(c.ecid)?.length ?? 0), 0),
      lastCall: last && { contactName: last.contactName, status: last.status, createdAt: last.createdAt },
    });
  }
  return out;
}

/** Items by key, in their order (Map.groupBy, which Node 20 lacks); a null key is left out. */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
