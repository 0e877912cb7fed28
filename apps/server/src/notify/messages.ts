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

/** What a cloned tracker's e-mail names (ADR 0082). */
export interface CloneFacts {
  vehicleDisplayName: string;
  vehiclePlate: string;
  imei: string;
  /** The address the tracker is connected from, and the refused one's (IPv6 by /64). */
  address: string;
  refused: string;
  atMs: number;
}

/** The mail's words in one language: its paragraphs around the facts, and the facts' labels. */
interface CloneWords {
  before: string;
  labels: readonly [vehicle: string, imei: string, connected: string, refused: string, time: string];
  after: readonly string[];
}

/**
 * Users choose their language in the console only (the browser keeps it), so the mail says it
 * in English and then in Malay.
 */
const CLONE_WORDS: readonly CloneWords[] = [
  {
    before:
      "A second tracker with the same IMEI tried to connect from another address while your vehicle's tracker was connected. It was refused; the vehicle's tracker is still connected.",
    labels: ['Vehicle', 'IMEI', 'Connected from', 'Refused from', 'Time'],
    after: [
      'If the tracker was not replaced or moved to a new SIM card, someone may have copied its IMEI to send false positions. Check the tracker, and ask your distributor or Jejak support to look into it.',
      "The vehicle's Event Record and the dashboard's tickets show it too. You get at most one such e-mail per vehicle per hour.",
    ],
  },
  {
    before:
      'Penjejak kedua dengan IMEI yang sama cuba bersambung dari alamat lain semasa penjejak kenderaan anda bersambung. Ia ditolak; penjejak kenderaan masih bersambung.',
    labels: ['Kenderaan', 'IMEI', 'Bersambung dari', 'Ditolak dari', 'Masa'],
    after: [
      'Jika penjejak tidak diganti atau dipindahkan ke kad SIM baharu, seseorang mungkin telah menyalin IMEInya untuk menghantar kedudukan palsu. Periksa penjejak itu, dan minta pengedar anda atau sokongan Jejak menyiasatnya.',
      'Rekod Peristiwa kenderaan dan tiket di papan pemuka turut menunjukkannya. Anda menerima paling banyak satu e-mel sebegini bagi setiap kenderaan dalam sejam.',
    ],
  },
];

/**
 * The e-mail the fleet owner and the distributor get when a clone of a vehicle's tracker is
 * refused (ADR 0083 fixed words: only the vehicle's names, the IMEI, addresses and the time).
 */
export function cloneMail(f: CloneFacts, timeZone: string): MailContent {
  const values = [
    `${f.vehicleDisplayName} (${f.vehiclePlate})`,
    f.imei,
    f.address,
    f.refused,
    formatLocalDateTime(f.atMs, timeZone),
  ];
  const facts = (w: CloneWords): [string, string][] => w.labels.map((label, i) => [label, values[i] ?? '']);
  const text = CLONE_WORDS.map((w) =>
    [
      w.before,
      facts(w)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n'),
      ...w.after,
    ].join('\n\n'),
  ).join('\n\n----\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    ...CLONE_WORDS.flatMap((w, i) => [
      ...(i > 0 ? ['<hr>'] : []),
      `<p>${escapeHtml(w.before)}</p>`,
      '<table cellpadding="4">',
      ...facts(w).map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
      '</table>',
      ...w.after.map((p) => `<p>${escapeHtml(p)}</p>`),
    ]),
    '</body></html>',
  ].join('\n');
  return {
    subject: `Jejak: possible cloned tracker / kemungkinan penjejak klon - ${f.vehiclePlate}`,
    text,
    html,
  };
}
