import type { Config } from '../../config/schema.ts';
import { createLocalProvider, parseLocalAnswers, type LocalProvider } from './local-provider.ts';
import type { SmsProvider, VoiceProvider } from './provider.ts';
import type { TwilioSettings } from './twilio-client.ts';
import type { TwilioVoice } from './twilio-voice.ts';

export interface Providers {
  sms: SmsProvider;
  voice: VoiceProvider;
  /** Set with the local provider: what it "sent" and "rang" (the demo's log, tests). */
  local: LocalProvider | null;
  /** Set with Twilio: the webhooks verify with its token and report outcomes to its voice. */
  twilio: { settings: TwilioSettings; voice: TwilioVoice } | null;
  close(): void;
}

/**
 * The SMS and voice provider the configuration names (ADR 0048); a missing Twilio key stops the
 * boot. The Twilio SDK (about 24 MB resident) is loaded only when it is the provider.
 */
export async function chooseProviders(config: Config, publicUrl: () => string): Promise<Providers> {
  if (config.JEJAK_NOTIFY_PROVIDER === 'local') {
    const local = createLocalProvider({
      answers: parseLocalAnswers(config.JEJAK_NOTIFY_LOCAL_ANSWERS),
      delayMs: config.JEJAK_NOTIFY_LOCAL_DELAY_MS,
    });
    return { sms: local, voice: local, local, twilio: null, close: () => local.close() };
  }
  const { JEJAK_TWILIO_ACCOUNT_SID: accountSid, JEJAK_TWILIO_AUTH_TOKEN: authToken, JEJAK_TWILIO_FROM: from } = config;
  if (!accountSid || !authToken || !from) {
    throw new Error(
      'JEJAK_NOTIFY_PROVIDER=twilio needs JEJAK_TWILIO_ACCOUNT_SID, JEJAK_TWILIO_AUTH_TOKEN and JEJAK_TWILIO_FROM',
    );
  }
  const settings: TwilioSettings = {
    accountSid,
    authToken,
    from,
    baseUrl: config.JEJAK_TWILIO_BASE_URL,
    get publicUrl() {
      return config.JEJAK_TWILIO_PUBLIC_URL ?? publicUrl();
    },
  };
  const [{ createTwilioClient }, { createTwilioSms }, { createTwilioVoice }] = await Promise.all([
    import('./twilio-client.ts'),
    import('./twilio-sms.ts'),
    import('./twilio-voice.ts'),
  ]);
  const client = createTwilioClient(settings);
  const voice = createTwilioVoice(client, settings);
  return { sms: createTwilioSms(client, settings), voice, local: null, twilio: { settings, voice }, close: () => {} };
}
