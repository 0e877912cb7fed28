/**
 * The SMS and voice-call provider interface (DESIGN §5, issue 12). Adapters: Twilio (its
 * official SDK, over HTTPS; signed webhooks) and a local provider for development, the demo and
 * tests. Nothing outside `notify/providers` knows which one runs.
 */

/** What a provider answered to one request: an HTTP-like status code and its words. */
export interface ProviderAnswer {
  /** 2xx accepted; 4xx refused for good (bad number); 5xx or 0 (no answer) worth a retry. */
  statusCode: number;
  statusMessage: string;
  /** The provider's id of the message or call (Twilio's SID), when accepted. */
  ref: string | null;
}

export interface SmsProvider {
  readonly name: string;
  sendSms(to: string, body: string): Promise<ProviderAnswer>;
}

/** How a call ended, as the provider reports it later (status callback or keypad gather). */
export type CallOutcome =
  /** The callee pressed keys; `digits` says which. */
  | { kind: 'keys'; digits: string }
  /** The call ended without keys: no-answer, busy, failed, canceled or completed (hung up). */
  | { kind: 'ended'; status: 'no-answer' | 'busy' | 'failed' | 'canceled' | 'completed' };

export interface CallRequest {
  to: string;
  /** Our id of the attempt (the escalation call record), echoed back with the outcome. */
  callRef: string;
  /** What the callee hears, then asked to press `ackKey`. */
  say: string;
  /** The key that acknowledges, e.g. '1'. */
  ackKey: string;
  /** Seconds to ring before giving up (no-answer). */
  ringSeconds: number;
}

export interface VoiceProvider {
  readonly name: string;
  placeCall(request: CallRequest): Promise<ProviderAnswer>;
  /**
   * Registers who hears how calls end (the escalation service); one listener. Its promise
   * settles once the outcome is stored, so a webhook can answer after it (ADR 0048).
   */
  onOutcome(listener: (callRef: string, outcome: CallOutcome) => Promise<void>): void;
}
