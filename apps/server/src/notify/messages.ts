import type { AlertEvent } from '@jejak/contract';
import { formatLocalDateTime } from '@jejak/domain';

/** An event as messages describe it: with its vehicle's names. */
export type NotifiedEvent = AlertEvent & { vehicleDisplayName: string; vehiclePlate: string };

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** The map link of an event's place. */
export function mapLink(location: { lat: number; lon: number }): string {
  return `https://www.google.com/maps?q=${location.lat.toFixed(7)},${location.lon.toFixed(7)}`;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The lines every message is made of: label and value. */
function facts(e: NotifiedEvent, timeZone: string): [string, string][] {
  return [
    ['Vehicle', `${e.vehicleDisplayName} (${e.vehiclePlate})`],
    ['Event', `${e.eventName} [${e.eventType}]`],
    ['Time', formatLocalDateTime(e.eventCreatedAt, timeZone)],
    ['Address', e.address ?? '-'],
    ...(e.speed !== null ? ([['Speed', `${e.speed.toFixed(2)} km/h`]] as [string, string][]) : []),
  ];
}

/** The e-mail of one event: subject, plain text and HTML with the same facts and the map link. */
export function eventMail(notificationName: string, e: NotifiedEvent, timeZone: string): MailContent {
  const rows = facts(e, timeZone);
  const link = e.location ? mapLink(e.location) : null;
  const text = [
    `${notificationName}`,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    ...(link ? [`Map: ${link}`] : []),
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h2>${escapeHtml(notificationName)}</h2>`,
    '<table cellpadding="4">',
    ...rows.map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    ...(link ? [`<p><a href="${escapeHtml(link)}">View on map</a></p>`] : []),
    '</body></html>',
  ].join('\n');
  return { subject: `[${e.eventType}] ${e.eventName} - ${e.vehiclePlate}`, text, html };
}

/** The SMS of one event: short, one line per fact, with the map link. */
export function eventSms(e: NotifiedEvent, timeZone: string): string {
  const parts = [
    `${e.eventName}: ${e.vehiclePlate} ${e.vehicleDisplayName}`,
    formatLocalDateTime(e.eventCreatedAt, timeZone),
    ...(e.address ? [e.address] : []),
    ...(e.location ? [mapLink(e.location)] : []),
  ];
  return parts.join('\n');
}

/** A mail of fixed sentences and one optional link, as plain text and HTML. */
function plainMail(subject: string, paragraphs: readonly string[], link: { href: string; label: string } | null) {
  const text = [...paragraphs, ...(link ? [link.href] : [])].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/**
 * The one mail an outside recipient gets before it confirms (ADR 0083): fixed words and the
 * account's own sign-in address, never a name the account chose, so it cannot carry a message.
 */
export function confirmationMail(accountEmail: string, link: string, ttlHours: number): MailContent {
  return plainMail(
    'Confirm that you want Jejak vehicle alerts',
    [
      `The Jejak user ${accountEmail} added this address to receive vehicle alerts by e-mail.`,
      `Nothing is sent to it unless you confirm with the link below. The link works once and expires in ${ttlHours} hours.`,
      'If you do not know this user or do not want these alerts, ignore this e-mail.',
    ],
    { href: link, label: 'Confirm this address' },
  );
}

/** The owner's one notice of a day when a channel's quota is reached (ADR 0083). */
export function quotaMail(channel: string, limit: number, day: string): MailContent {
  return plainMail(
    `Jejak: daily ${channel} quota reached`,
    [
      `Your account's notifications reached their daily quota of ${limit} ${channel} messages on ${day}.`,
      'Further notifications on this channel are not sent until the next day; each one is listed in the Notification Log as not sent. This is the only notice you get today.',
      'If this is more than you expected, check who your notifications send to.',
    ],
    null,
  );
}
