import twilio from 'twilio';
import { answerOfError, type TwilioSettings } from './twilio-client.ts';
import { hookUrl } from './twilio-hooks.ts';
import type { CallOutcome, CallRequest, ProviderAnswer, VoiceProvider } from './provider.ts';

const ENDED = new Set(['no-answer', 'busy', 'failed', 'canceled', 'completed']);

/** The TwiML of an escalation call: the message, then one key gathered and sent to the gather hook. */
export function callTwiml(request: CallRequest, publicUrl: string): string {
  const response = new twilio.twiml.VoiceResponse();
  const gather = response.gather({
    numDigits: 1,
    timeout: 10,
    action: hookUrl(publicUrl, 'twilioGather', request.callRef),
    method: 'POST',
  });
  gather.say(request.say);
  response.say('No key was pressed. Goodbye.');
  return response.toString();
}

/**
 * Calls through Twilio's Calls API. Outcomes arrive on our webhooks (verified there) and are
 * passed on with `report`: the gather hook's digits, the status hook's final call status.
 */
export function createTwilioVoice(client: twilio.Twilio, settings: TwilioSettings) {
  let listener: ((callRef: string, outcome: CallOutcome) => Promise<void>) | null = null;
  const voice: VoiceProvider & { report(callRef: string, outcome: CallOutcome): Promise<void> } = {
    name: 'twilio',
    async placeCall(request: CallRequest): Promise<ProviderAnswer> {
      try {
        const call = await client.calls.create({
          to: request.to,
          from: settings.from,
          twiml: callTwiml(request, settings.publicUrl),
          timeout: request.ringSeconds,
          statusCallback: hookUrl(settings.publicUrl, 'twilioStatus', request.callRef),
          statusCallbackMethod: 'POST',
          statusCallbackEvent: ['completed'],
        });
        return { statusCode: 201, statusMessage: call.status, ref: call.sid };
      } catch (err) {
        return answerOfError(err);
      }
    },
    onOutcome(l) {
      listener = l;
    },
    async report(callRef, outcome) {
      await listener?.(callRef, outcome);
    },
  };
  return voice;
}
export type TwilioVoice = ReturnType<typeof createTwilioVoice>;

/** A status callback's CallStatus as an outcome; null for a call still under way. */
export function endedOutcome(callStatus: string | undefined): CallOutcome | null {
  return callStatus && ENDED.has(callStatus)
    ? { kind: 'ended', status: callStatus as Extract<CallOutcome, { kind: 'ended' }>['status'] }
    : null;
}
