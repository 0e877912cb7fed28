import twilio from 'twilio';

type RequestOptions<T> = Parameters<twilio.RequestClient['request']>[0] & { data?: T };

/**
 * The Twilio SDK's HTTP client, sending to another host when configured (a stand-in in tests,
 * a relay on premises): only the scheme, host and port of each request are replaced.
 */
class BaseUrlRequestClient extends twilio.RequestClient {
  readonly #base: URL;

  constructor(baseUrl: string) {
    super({ timeout: 15_000 });
    this.#base = new URL(baseUrl);
  }

  override request<TData>(opts: RequestOptions<TData>) {
    const uri = new URL(opts.uri);
    uri.protocol = this.#base.protocol;
    uri.host = this.#base.host;
    return super.request<TData>({ ...opts, uri: uri.toString() });
  }
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  /** Where the REST API is; Twilio's own when absent. */
  baseUrl: string | undefined;
  /** The public address of this server, which Twilio calls back (and signs). */
  publicUrl: string;
}

export function createTwilioClient(settings: TwilioSettings): twilio.Twilio {
  return twilio(settings.accountSid, settings.authToken, {
    ...(settings.baseUrl ? { httpClient: new BaseUrlRequestClient(settings.baseUrl) } : { timeout: 15_000 }),
  });
}

/** A refusal or failure of the SDK as a provider answer: Twilio's HTTP status, or 0 when none came. */
export function answerOfError(err: unknown): { statusCode: number; statusMessage: string; ref: null } {
  if (err instanceof twilio.RestException) return { statusCode: err.status, statusMessage: err.message, ref: null };
  return { statusCode: 0, statusMessage: err instanceof Error ? err.message : String(err), ref: null };
}
