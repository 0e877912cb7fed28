import { describe, expect, it } from 'vitest';
import { supportChatUrl, ticketRemark } from './ticket-text.ts';

// 2026-03-04 05:06:07 UTC is 13:06:07 in Kuala Lumpur.
const AT = Date.UTC(2026, 2, 4, 5, 6, 7);

describe('ticket texts', () => {
  it('prefills the remark with the local time and the user', () => {
    expect(ticketRemark(AT, 'Aminah')).toBe('Ticket(s) acknowledged at 2026/03/04 13:06:07 by Aminah');
  });

  it('opens the support chat with every fact in the message', () => {
    const url = supportChatUrl(
      {
        role: 'Fleet Owner',
        userName: 'Aminah',
        email: 'a@x.my',
        vehicle: 'Lorry 1 (WXX 1)',
        event: 'SOS',
        eventTimeMs: AT,
      },
      { greeting: 'Hi', role: 'Role', name: 'Name', email: 'E-mail', vehicle: 'Vehicle', event: 'Event', time: 'Time' },
    );
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('https://wa.me/60123456789');
    expect(parsed.searchParams.get('text')).toBe(
      'Hi\nRole: Fleet Owner\nName: Aminah\nE-mail: a@x.my\nVehicle: Lorry 1 (WXX 1)\nEvent: SOS\nTime: 2026/03/04 13:06:07',
    );
  });
});
