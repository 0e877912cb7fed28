import type { FastifyInstance, FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { z } from 'zod';
import { PROVIDER_HOOK_PATHS } from '@jejak/contract';
import { AppError } from '../../../errors.ts';
import type { TwilioSettings } from '../../../notify/providers/twilio-client.ts';
import { endedOutcome, type TwilioVoice } from '../../../notify/providers/twilio-voice.ts';

/** Twilio posts form fields; only the ones we read are named, the rest are kept for the signature. */
const FormSchema = z.record(z.string().max(200), z.string().max(4_000));
const RefSchema = z.object({ ref: z.string().min(1).max(100) });
const GatherSchema = z.object({ Digits: z.string().max(20).default('') });
const StatusSchema = z.object({ CallStatus: z.string().max(40).optional() });

const TWIML = 'text/xml';

/**
 * Twilio's webhooks (no session: the X-Twilio-Signature proves the sender, ADR 0048). The
 * signature covers the URL Twilio was given (our public URL + path + query) and the posted
 * fields; anything unsigned or mis-signed is refused with 403 before it is read.
 */
export async function registerProviderHookRoutes(
  app: FastifyInstance,
  twilioHooks: { settings: TwilioSettings; voice: TwilioVoice },
): Promise<void> {
  await app.register(async (hooks) => {
    hooks.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
      },
    );

    const verified = (request: FastifyRequest): Record<string, string> => {
      const form = FormSchema.safeParse(request.body ?? {});
      const signature = request.headers['x-twilio-signature'];
      const url = `${twilioHooks.settings.publicUrl.replace(/\/+$/, '')}${request.url}`;
      if (
        !form.success ||
        typeof signature !== 'string' ||
        !twilio.validateRequest(twilioHooks.settings.authToken, signature, url, form.data)
      ) {
        throw AppError.forbidden();
      }
      return form.data;
    };

    hooks.post(PROVIDER_HOOK_PATHS.twilioGather, async (request, reply) => {
      const form = verified(request);
      const { ref } = RefSchema.parse(request.query);
      const { Digits } = GatherSchema.parse(form);
      await twilioHooks.voice.report(ref, { kind: 'keys', digits: Digits });
      const response = new twilio.twiml.VoiceResponse();
      response.say('Thank you. Goodbye.');
      return reply.type(TWIML).send(response.toString());
    });

    hooks.post(PROVIDER_HOOK_PATHS.twilioStatus, async (request, reply) => {
      const form = verified(request);
      const { ref } = RefSchema.parse(request.query);
      const outcome = endedOutcome(StatusSchema.parse(form).CallStatus);
      if (outcome) await twilioHooks.voice.report(ref, outcome);
      return reply.status(204).send();
    });

    // Delivery reports of SMS: verified and acknowledged; the attempt was logged when Twilio accepted it.
    hooks.post(PROVIDER_HOOK_PATHS.twilioSmsStatus, async (request, reply) => {
      verified(request);
      return reply.status(204).send();
    });
  });
}
