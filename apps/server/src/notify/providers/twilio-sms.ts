import type twilio from 'twilio';
import { answerOfError, type TwilioSettings } from './twilio-client.ts';
import { hookUrl } from './twilio-hooks.ts';
import type { ProviderAnswer, SmsProvider } from './provider.ts';

/** SMS through Twilio's Messages API; delivery reports come to the sms-status hook. */
export function createTwilioSms(client: twilio.Twilio, settings: TwilioSettings): SmsProvider {
  return {
    name: 'twilio',
    async sendSms(to: string, body: string): Promise<ProviderAnswer> {
      try {
        const message = await client.messages.create({
          to,
          from: settings.from,
          body,
          statusCallback: hookUrl(settings.publicUrl, 'twilioSmsStatus'),
        });
        return { statusCode: 201, statusMessage: message.status, ref: message.sid };
      } catch (err) {
        return answerOfError(err);
      }
    },
  };
}
