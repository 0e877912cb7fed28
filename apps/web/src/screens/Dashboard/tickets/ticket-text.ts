import { SUPPORT_CHAT_URL, SUPPORT_CONTACT_NUMBER, TICKET_REMARK_TEMPLATE } from '@jejak/contract';
import { consoleTimeZone, formatDateTime } from '../../../ui/format.ts';

/** The Remarks box's first text (spec 1 §2): acknowledged now, by the user's name. */
export function ticketRemark(nowMs: number, userName: string, timeZone: string = consoleTimeZone()): string {
  return TICKET_REMARK_TEMPLATE.replace('{time}', formatDateTime(nowMs, timeZone)).replace('{name}', userName);
}

export interface SupportChatFacts {
  role: string;
  userName: string;
  email: string;
  vehicle: string;
  event: string;
  eventTimeMs: number;
}

/** The labels of the chat message's lines, in the user's language. */
export interface SupportChatLabels {
  greeting: string;
  role: string;
  name: string;
  email: string;
  vehicle: string;
  event: string;
  time: string;
}

/** Contact Support's link (spec 1 §2): the support chat with a message naming who asks about what. */
export function supportChatUrl(
  facts: SupportChatFacts,
  labels: SupportChatLabels,
  timeZone: string = consoleTimeZone(),
): string {
  const text = [
    labels.greeting,
    `${labels.role}: ${facts.role}`,
    `${labels.name}: ${facts.userName}`,
    `${labels.email}: ${facts.email}`,
    `${labels.vehicle}: ${facts.vehicle}`,
    `${labels.event}: ${facts.event}`,
    `${labels.time}: ${formatDateTime(facts.eventTimeMs, timeZone)}`,
  ].join('\n');
  // wa.me takes the number as digits only.
  return SUPPORT_CHAT_URL.replace('{number}', SUPPORT_CONTACT_NUMBER.replace(/\D/g, '')).replace(
    '{text}',
    encodeURIComponent(text),
  );
}
