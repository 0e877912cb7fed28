import type { EscalationCallRecord, EscalationState, TicketEscalation } from '@jejak/contract';

/**
 * How each ticket's escalation calls stand (ADR 0073): its alarms' chains (SOS Alerts), the
 * newest first, with the count of chains and calls and the newest chain's latest call.
 */
export function ticketEscalations(
  states: readonly EscalationState[],
  records: readonly EscalationCallRecord[],
): Map<string, TicketEscalation> {
  const callsOf = new Map<string, EscalationCallRecord[]>();
  for (const r of records) callsOf.set(r.ecid, [...(callsOf.get(r.ecid) ?? []), r]);
  const byTicket = new Map<string, EscalationState[]>();
  for (const s of states) if (s.ticketId !== null) byTicket.set(s.ticketId, [...(byTicket.get(s.ticketId) ?? []), s]);
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
