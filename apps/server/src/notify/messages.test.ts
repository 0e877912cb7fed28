import { describe, expect, it } from 'vitest';
import { formatLocalDateTime } from '@jejak/domain';
import { cloneMail, eventMail, eventSms, type NotifiedEvent } from './messages.ts';

const event: NotifiedEvent = {
  evid: 'e1',
  vid: 'v1',
  dvid: 'GPS100#1',
  eventName: 'OVERSPEED',
  eventType: 'WARNING',
  location: { lat: 3.1390001, lon: 101.6868552 },
  createdAt: Date.UTC(2026, 10, 26, 16, 5, 9),
  // 2026/11/27 00:05:09 in Kuala Lumpur (UTC+8)
  eventCreatedAt: Date.UTC(2026, 10, 26, 16, 5, 9),
  address: 'near Kuala Lumpur, Kuala Lumpur',
  speed: 112.5,
  eventResult: 1,
  ruid: 'r',
  rtid: 't',
  geoid: null,
  alarm: null,
  vehicleDisplayName: 'Lori <1>',
  vehiclePlate: 'WXY 1234',
};

describe('notification messages', () => {
  it('formats local time as YYYY/MM/DD HH:mm:ss', () => {
    expect(formatLocalDateTime(event.eventCreatedAt, 'Asia/Kuala_Lumpur')).toBe('2026/11/27 00:05:09');
  });

  it('writes the e-mail with vehicle, event, time, address and map link, HTML escaped', () => {
    const mail = eventMail('Speeding', event, 'Asia/Kuala_Lumpur');
    expect(mail.subject).toBe('[WARNING] OVERSPEED - WXY 1234');
    for (const part of [
      'Vehicle: Lori <1> (WXY 1234)',
      'Event: OVERSPEED [WARNING]',
      'Time: 2026/11/27 00:05:09',
      'Address: near Kuala Lumpur, Kuala Lumpur',
      'Map: https://www.google.com/maps?q=3.1390001,101.6868552',
    ])
      expect(mail.text).toContain(part);
    expect(mail.html).toContain('Lori &#60;1&#62; (WXY 1234)');
    expect(mail.html).toContain('href="https://www.google.com/maps?q=3.1390001,101.6868552"');
  });

  it('writes a short SMS', () => {
    expect(eventSms(event, 'Asia/Kuala_Lumpur')).toBe(
      'OVERSPEED: WXY 1234 Lori <1>\n2026/11/27 00:05:09\nnear Kuala Lumpur, Kuala Lumpur\nhttps://www.google.com/maps?q=3.1390001,101.6868552',
    );
  });

  it("writes the time in the zone it is given, summer time included (the server's JEJAK_TIME_ZONE)", () => {
    expect(eventSms(event, 'Europe/London')).toContain('\n2026/11/26 16:05:09\n');
    // 1 July 2026 12:00 UTC is 13:00 BST in London, 20:00 in Kuala Lumpur.
    const summer = { ...event, eventCreatedAt: Date.UTC(2026, 6, 1, 12) };
    expect(eventMail('Speeding', summer, 'Europe/London').text).toContain('Time: 2026/07/01 13:00:00');
    expect(eventMail('Speeding', summer, 'Asia/Kuala_Lumpur').text).toContain('Time: 2026/07/01 20:00:00');
  });

  it('writes the clone e-mail in English and then Malay, with the IPv6 /64 and HTML escaped', () => {
    const mail = cloneMail(
      {
        vehicleDisplayName: 'Lori <1>',
        vehiclePlate: 'WXY 1234',
        imei: '359710040000004',
        address: '2001:db8:1:2::/64',
        refused: '203.0.113.9',
        atMs: event.eventCreatedAt,
      },
      'Asia/Kuala_Lumpur',
    );
    expect(mail.subject).toBe('Jejak: possible cloned tracker / kemungkinan penjejak klon - WXY 1234');
    const [english = '', malay = ''] = mail.text.split('\n\n----\n\n');
    for (const part of [
      'Vehicle: Lori <1> (WXY 1234)',
      'IMEI: 359710040000004',
      'Connected from: 2001:db8:1:2::/64',
      'Refused from: 203.0.113.9',
      'Time: 2026/11/27 00:05:09',
    ])
      expect(english).toContain(part);
    for (const part of [
      'Kenderaan: Lori <1> (WXY 1234)',
      'Bersambung dari: 2001:db8:1:2::/64',
      'Masa: 2026/11/27 00:05:09',
    ])
      expect(malay).toContain(part);
    expect(mail.html).toContain('<td>Lori &#60;1&#62; (WXY 1234)</td>');
    expect(mail.html).not.toContain('<1>');
  });
});
