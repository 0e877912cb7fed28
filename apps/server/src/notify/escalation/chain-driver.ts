import type { DueChain, EscalationRepo } from '../../storage/repos/alerts/escalation-repo.ts';
import type { MessageAccount } from '@jejak/domain';
import { watches } from '../match.ts';
import type { CallOutcome, ProviderAnswer, VoiceProvider } from '../providers/provider.ts';
import { acknowledges, dialable, isLastStep, nextStep, outcomeCode, outcomeDetail } from './call-plan.ts';

export interface ChainDriverOptions {
  repo: EscalationRepo;
  voice: VoiceProvider;
  ackKey: string;
  ringSeconds: number;
  /** Wait past the ring time for an outcome before the attempt counts as unanswered. */
  outcomeMarginSeconds: number;
  /** Rounds through the recipients before the chain fails. */
  rounds: number;
  /** Takes one call of the account's daily quota: null to ring, else why not (ADR 0083). */
  takeCall: (account: MessageAccount) => Promise<{ statusCode: number; statusMessage: string } | null>;
  now: () => number;
  onError: (err: unknown, context: string) => void;
}

const BATCH = 50;

/**
 * Drives escalation call chains from the database (ADR 0048): the scheduler calls `sweep`,
 * which rings the next recipient of every due chain; provider outcomes end attempts and move
 * chains on. Every move is a compare-and-set in storage, so two drivers (or a restart) never
 * ring one step twice.
 */
export function createChainDriver(opts: ChainDriverOptions) {
  const { repo } = opts;
  const waitMs = (opts.ringSeconds + opts.outcomeMarginSeconds) * 1_000;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const genStatus = (at: { round: number; step: number }, recipients: number) =>
    isLastStep(at, recipients, opts.rounds) ? ('FAILED' as const) : ('RETRYING' as const);

  async function advance(chain: DueChain): Promise<void> {
    const { state, recipients } = chain;
    if (state.step >= 0) {
      const current = await repo.currentRecord(state);
      // Still ringing past its deadline: the outcome was lost (a restart) or never came.
      if (current?.status === 0) {
        await repo.endAttempt({
          ecrid: current.ecrid,
          status: -1,
          detail: 'no outcome',
          chain: 'next',
          nowMs: opts.now(),
          log: {
            statusCode: 0,
            statusMessage: 'no outcome within the ring time',
            genStatus: genStatus(state, recipients.length),
          },
        });
      }
    }
    const next = nextStep(state, recipients.length, opts.rounds);
    // A rule unticked (or the event's geofence dropped) since the chain started: nobody more is rung.
    if (!next || !watches(chain.current, chain.eventKey)) {
      await repo.failChain(state, opts.now());
      return;
    }
    const recipient = recipients[next.step];
    if (!recipient) return;
    const nowMs = opts.now();
    const number = dialable(recipient.contact);
    const record = await repo.claimStep(state, { ...next, recipient, number, waitUntil: nowMs + waitMs, nowMs });
    if (!record) return;
    const refused = number === '' ? null : await opts.takeCall(chain.account);
    const answer: ProviderAnswer =
      number === ''
        ? { statusCode: 400, statusMessage: 'no contact number', ref: null }
        : refused
          ? { ...refused, ref: null }
          : await opts.voice
              .placeCall({
                to: number,
                callRef: record.ecrid,
                say: `Jejak alert: ${chain.eventName} on ${chain.vehicleName}. Press ${opts.ackKey} to acknowledge.`,
                ackKey: opts.ackKey,
                ringSeconds: opts.ringSeconds,
              })
              .catch((err: unknown) => ({ statusCode: 0, statusMessage: String(err), ref: null }));
    if (answer.statusCode >= 200 && answer.statusCode < 300) {
      await repo.setCallRef(record.ecrid, answer.ref, state.ecid);
      return;
    }
    await repo.endAttempt({
      ecrid: record.ecrid,
      status: -1,
      detail: answer.statusMessage,
      chain: 'next',
      nowMs: opts.now(),
      log: {
        statusCode: answer.statusCode,
        statusMessage: answer.statusMessage,
        genStatus: genStatus(next, recipients.length),
      },
    });
    kick();
  }

  async function sweepOnce(): Promise<void> {
    for (;;) {
      again = false;
      const due = await repo.due(opts.now(), BATCH);
      for (const chain of due) {
        await advance(chain).catch((err: unknown) => opts.onError(err, `escalation ${chain.state.ecid}`));
      }
      if (!again || closed) return;
    }
  }

  /** Runs a sweep; if one is running, it sweeps once more when done. */
  function sweep(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = sweepOnce().finally(() => {
      running = null;
    });
    return running;
  }

  function kick(): void {
    if (closed) return;
    void sweep().catch((err: unknown) => opts.onError(err, 'escalation sweep'));
  }

  async function handleOutcome(callRef: string, outcome: CallOutcome): Promise<void> {
    const attempt = await repo.attempt(callRef);
    if (!attempt || attempt.status !== 0) return;
    const recipient = attempt.recipients[attempt.step];
    const ok = acknowledges(outcome, { keypadEnabled: attempt.keypad_enabled, recipient, ackKey: opts.ackKey });
    const detail = outcomeDetail(outcome);
    const ended = await repo.endAttempt({
      ecrid: attempt.ecrid,
      status: ok ? 1 : -1,
      detail,
      chain: ok ? 'success' : 'next',
      nowMs: opts.now(),
      log: {
        statusCode: outcomeCode(outcome),
        statusMessage: detail,
        genStatus: ok ? 'SENT' : genStatus(attempt, attempt.recipients.length),
      },
    });
    if (ended && !ok) kick();
  }

  const pending = new Set<Promise<void>>();
  opts.voice.onOutcome((callRef, outcome) => {
    if (closed) return Promise.resolve();
    const done = handleOutcome(callRef, outcome)
      .catch((err: unknown) => opts.onError(err, `call outcome ${callRef}`))
      .finally(() => pending.delete(done));
    pending.add(done);
    return done;
  });

  return {
    sweep,
    /** Ends an attempt with the provider's outcome (also what the webhooks call). */
    handleOutcome,
    async close(): Promise<void> {
      closed = true;
      await Promise.all([running, ...pending]);
    },
  };
}
export type ChainDriver = ReturnType<typeof createChainDriver>;
