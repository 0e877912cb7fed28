import type { EscalationCallRecord, EscalationState } from '@jejak/contract';
import { describe, expect, it } from 'vitest';
import { ticketEscalations } from './ticket-escalation.ts';

function chain(ecid: string, ticketId: string | null, createdAt: number, status = 1): EscalationState {
  return {
    ecid,
    vid: 'v1',
    nfid: 'n1',
    evid: `e-${ecid}`,
    status,
    createdAt,
    isAcknowledged: false,
    acknowledgedBy: null,
    acknowledgedAt: null,
    acknowledgedRemark: null,
    vehicleDisplayName: 'Lori 1',
    vehiclePlate: 'WXY 1',
    notificationName: 'Call the boss',
    event: { eventName: 'SOS', eventType: 'CRITICAL', eventCreatedAt: createdAt, location: null },
    ticketId,
    ticketOpen: ticketId !== null,
  };
}

function call(ecid: string, contactName: string, createdAt: number, status = 2): EscalationCallRecord {
  return {
    ecrid: `${ecid}-${createdAt}`,
    ecid,
    contactName,
    contactNumber: '+60123456789',
    status,
    vid: 'v1',
    createdAt,
    detail: '',
  };
}

describe('ticketEscalations', () => {
  it("sums a ticket's chains and calls and names the newest chain's latest call", () => {
    const states = [chain('c1', 't1', 100), chain('c2', 't1', 200, 3), chain('c3', 't2', 150), chain('c4', null, 300)];
    const records = [
      call('c1', 'Aminah', 110),
      call('c2', 'Ravi', 210),
      call('c2', 'Mei Ling', 230, 4),
      call('c1', 'Aminah', 120),
      call('c4', 'Nobody', 310),
    ];
    const progress = ticketEscalations(states, records);
    expect([...progress.keys()].sort()).toEqual(['t1', 't2']);
    expect(progress.get('t1')).toEqual({
      ecid: 'c2',
      status: 3,
      createdAt: 200,
      isAcknowledged: false,
      chains: 2,
      calls: 4,
      lastCall: { contactName: 'Mei Ling', status: 4, createdAt: 230 },
    });
    // A chain with no call yet: counted, and no last call.
    expect(progress.get('t2')).toMatchObject({ ecid: 'c3', chains: 1, calls: 0, lastCall: null });
  });

  it('takes many chains and calls in one pass', () => {
    const states = Array.from({ length: 2_000 }, (_, i) => chain(`c${i}`, `t${i % 10}`, i));
    const records = states.flatMap((s) => [call(s.ecid, 'A', s.createdAt + 1), call(s.ecid, 'B', s.createdAt + 2)]);
    const progress = ticketEscalations(states, records);
    expect(progress.size).toBe(10);
    expect(progress.get('t9')).toMatchObject({
      ecid: 'c1999',
      chains: 200,
      calls: 400,
      lastCall: { contactName: 'B' },
    });
  });
});
