import type { CallOutcome, CallRequest, ProviderAnswer, SmsProvider, VoiceProvider } from './provider.ts';

/** What a scripted callee does: not answer, hang up after answering, or press a key. */
export type LocalAnswer = 'no-answer' | 'hangup' | `press:${string}`;

/**
 * Parses `JEJAK_NOTIFY_LOCAL_ANSWERS`: `number=answer` pairs, comma-separated
 * (`+60123456781=no-answer,+60123456782=press:1`). A bad pair stops the boot.
 */
export function parseLocalAnswers(text: string): Map<string, LocalAnswer> {
  const answers = new Map<string, LocalAnswer>();
  for (const pair of text.split(',').map((s) => s.trim())) {
    if (pair === '') continue;
    const [number, answer] = pair.split('=').map((s) => s.trim());
    if (!number || !answer || !/^(no-answer|hangup|press:[0-9*#])$/.test(answer)) {
      throw new Error(`JEJAK_NOTIFY_LOCAL_ANSWERS: bad entry '${pair}' (number=no-answer|hangup|press:{key})`);
    }
    answers.set(number, answer as LocalAnswer);
  }
  return answers;
}

/**
 * The answer for a number: the script's, else by the last digit — odd does not answer, even
 * presses the acknowledgement key — so the demo shows a chain moving on and then stopping.
 */
export function localAnswerFor(to: string, answers: ReadonlyMap<string, LocalAnswer>, ackKey: string): LocalAnswer {
  const scripted = answers.get(to);
  if (scripted) return scripted;
  const last = Number(to.at(-1));
  return Number.isInteger(last) && last % 2 === 1 ? 'no-answer' : `press:${ackKey}`;
}

function outcomeOf(answer: LocalAnswer): CallOutcome {
  if (answer === 'no-answer') return { kind: 'ended', status: 'no-answer' };
  if (answer === 'hangup') return { kind: 'ended', status: 'completed' };
  return { kind: 'keys', digits: answer.slice('press:'.length) };
}

export interface LocalSms {
  to: string;
  body: string;
  ref: string;
}

export interface LocalCall {
  to: string;
  callRef: string;
  answer: LocalAnswer;
}

export interface LocalProviderOptions {
  answers: ReadonlyMap<string, LocalAnswer>;
  /** How long after placing a call its outcome is reported. */
  delayMs: number;
}

/**
 * The provider for development, the demo and tests: no network. SMS are accepted and kept in
 * memory; calls "ring" and report the scripted outcome after `delayMs`. Outcomes pending when
 * the process stops are lost, as a real provider's callbacks to a stopped server would be.
 */
export function createLocalProvider(opts: LocalProviderOptions) {
  const sms: LocalSms[] = [];
  const calls: LocalCall[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let listener: ((callRef: string, outcome: CallOutcome) => Promise<void>) | null = null;
  let serial = 0;

  const provider: SmsProvider &
    VoiceProvider & { readonly sms: readonly LocalSms[]; readonly calls: readonly LocalCall[]; close(): void } = {
    name: 'local',
    sms,
    calls,
    sendSms(to: string, body: string): Promise<ProviderAnswer> {
      const ref = `local-sms-${++serial}`;
      sms.push({ to, body, ref });
      return Promise.resolve({ statusCode: 201, statusMessage: 'queued (local provider)', ref });
    },
    placeCall(request: CallRequest): Promise<ProviderAnswer> {
      const answer = localAnswerFor(request.to, opts.answers, request.ackKey);
      calls.push({ to: request.to, callRef: request.callRef, answer });
      const timer = setTimeout(() => {
        timers.delete(timer);
        void listener?.(request.callRef, outcomeOf(answer));
      }, opts.delayMs);
      timers.add(timer);
      return Promise.resolve({
        statusCode: 201,
        statusMessage: 'ringing (local provider)',
        ref: `local-call-${++serial}`,
      });
    },
    onOutcome(l) {
      listener = l;
    },
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
  return provider;
}
export type LocalProvider = ReturnType<typeof createLocalProvider>;
