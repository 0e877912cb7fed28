import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends e-mail; `configured` is false when no SMTP server is set, and `send` then refuses.
 * `send` resolves with the server's final reply (e.g. '250 OK queued'), which the notification
 * log records; a refusal rejects with nodemailer's error (its `responseCode` and `response`).
 */
export interface Mailer {
  readonly configured: boolean;
  send(message: MailMessage): Promise<string>;
}

export interface SmtpSettings {
  host: string | undefined;
  port: number;
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
  from: string;
}

/** E-mail over SMTP with nodemailer (ADR accounts-mail); one pooled-free transport per message. */
export function createSmtpMailer(settings: SmtpSettings): Mailer {
  const host = settings.host;
  if (!host) {
    return {
      configured: false,
      send: () => Promise.reject(new Error('SMTP is not configured')),
    };
  }
  // nodemailer (about 15 MB resident) is loaded with the first message, not at boot.
  let transport: Promise<Transporter> | null = null;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host,
        port: settings.port,
        secure: settings.secure,
        ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    ));
  return {
    configured: true,
    async send(message) {
      const info = (await (await open()).sendMail({ from: settings.from, ...message })) as { response?: unknown };
      return typeof info.response === 'string' ? info.response : '250 OK';
    },
  };
}
