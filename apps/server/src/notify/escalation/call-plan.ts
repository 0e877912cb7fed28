import { PHONE_PREFIX, type Recipient } from '@jejak/contract';
import type { CallOutcome } from '../providers/provider.ts';

/*
 * The pure decisions of an escalation chain (ADR 0048): who is next, whether an outcome
 * acknowledges, and how it is logged.
 */

/** The attempt after (round, step): the next recipient, a new round, or none (the chain fails). */
export function nextStep(
  at: { round: number; step: number },
  recipients: number,
  rounds: number,
): { round: number; step: number } | null {
  if (recipients === 0) return null;
  if (at.step + 1 < recipients) return { round: at.round, step: at.step + 1 };
  return at.round + 1 < rounds ? { round: at.round + 1, step: 0 } : null;
}

export function isLastStep(at: { round: number; step: number }, recipients: number, rounds: number): boolean {
  return nextStep(at, recipients, rounds) === null;
}

/**
 * Whether a call outcome acknowledges the chain. Keypad enabled: the ack key, pressed by a
 * keypad-authorised recipient. Keypad disabled: answering is enough (keys, or a call that
 * connected and completed).
 */
export function acknowledges(
  outcome: CallOutcome,
  opts: { keypadEnabled: boolean; recipient: Recipient | undefined; ackKey: string },
): boolean {
  if (!opts.keypadEnabled) return outcome.kind === 'keys' || outcome.status === 'completed';
  return outcome.kind === 'keys' && outcome.digits.includes(opts.ackKey) && opts.recipient?.isKeypadAuthorized === true;
}

/** The log's status code of a call outcome: 200 when the call connected, else an HTTP-like refusal. */
export function outcomeCode(outcome: CallOutcome): number {
  if (outcome.kind === 'keys') return 200;
  switch (outcome.status) {
    case 'completed':
      return 200;
    case 'no-answer':
      return 408;
    case 'busy':
      return 486;
    case 'canceled':
      return 499;
    case 'failed':
      return 502;
  }
}

export function outcomeDetail(outcome: CallOutcome): string {
  return outcome.kind === 'keys' ? `key ${outcome.digits}` : outcome.status;
}

/** A recipient's contact as a number to dial: digits with +, the +60 prefix added to local numbers. */
export function dialable(contact: string | undefined): string {
  const digits = (contact ?? '').replace(/[\s-]/g, '');
  if (digits === '') return '';
  if (digits.startsWith('+')) return digits;
  if (digits.startsWith('60')) return `+${digits}`;
  return PHONE_PREFIX + digits.replace(/^0/, '');
}
