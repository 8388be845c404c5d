/**
 * The ways a mail leaves (product: orders.md#mail): Amazon SES through its v2 API
 * (endpoint configurable), a transactional service through SMTP (nodemailer),
 * and, with neither configured, the local outbox (the row itself, shown to an
 * Admin on the Mail outbox screen).
 */
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { MailProvider } from '../../../shared/schemas/mail-texts';

export interface OutgoingMail {
  from: string;
  replyTo?: string | null;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
  /** Sent as X-Arrival-Card-Mail-Id: the row in `mails`. */
  mailId: number;
  /** The mail's one Message-ID, the same on every attempt, so a receiver can tell a re-send from a new mail. */
  messageId: string;
}

export interface Transport {
  readonly via: MailProvider | 'outbox';
  send(mail: OutgoingMail): Promise<{ messageId: string | null }>;
  close(): void;
}

function composerOptions(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    headers: { 'X-Arrival-Card-Mail-Id': String(mail.mailId) },
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
    })),
  };
}

const TIMEOUT_MS = 30_000;

/**
 * True when the provider refused this mail for good: an SMTP 5xx reply (unknown mailbox, message refused,
 * too big...) or SES's MessageRejected. Sending it again would get the same answer, so the worker fails it at
 * once and staff see it. A 4xx reply, a lost connection or a timeout is temporary and retried. A refused
 * login (535, EAUTH) is the server's configuration, not the mail's: it is retried too, so every mail goes out
 * once the credentials are fixed instead of all failing.
 */
export function isPermanentRejection(error: unknown): boolean {
  const { responseCode, code, name } = (error ?? {}) as { responseCode?: unknown; code?: unknown; name?: unknown };
  if (name === 'MessageRejected') return true;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && code !== 'EAUTH';
}

/** What a log line may say about a failed send: codes only, never the reply text (it often echoes the address). */
export function sendErrorCodes(error: unknown): { code?: string; responseCode?: number } {
  const { responseCode, code, name } = (error ?? {}) as { responseCode?: unknown; code?: unknown; name?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : typeof name === 'string' ? { code: name } : {}),
    ...(typeof responseCode === 'number' ? { responseCode } : {}),
  };
}

export class SmtpTransport implements Transport {
  readonly via = 'smtp' as const;
  /** nodemailer is loaded at the first send, not with the server: a start-up reads only what it uses. */
  private transporter?: Promise<Transporter>;

  constructor(private readonly url: string) {}

  async send(mail: OutgoingMail) {
    this.transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(this.url, {
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: TIMEOUT_MS,
      } as never),
    );
    const info = await (await this.transporter).sendMail(composerOptions(mail));
    return { messageId: info.messageId ?? null };
  }

  close() {
    void this.transporter?.then((transporter) => transporter.close());
  }
}

export class SesTransport implements Transport {
  readonly via = 'ses' as const;
  /** The SDK is loaded at the first send (it took about a tenth of every start-up, also where SES is not used). */
  private sdk?: Promise<{ sdk: typeof import('@aws-sdk/client-sesv2'); client: SESv2Client }>;

  constructor(
    private readonly config: Pick<
      Config,
      'SES_REGION' | 'SES_ENDPOINT' | 'SES_ACCESS_KEY_ID' | 'SES_SECRET_ACCESS_KEY'
    >,
  ) {}

  private ses() {
    const config = this.config;
    this.sdk ??= import('@aws-sdk/client-sesv2').then((sdk) => ({
      sdk,
      client: new sdk.SESv2Client({
        region: config.SES_REGION,
        ...(config.SES_ENDPOINT ? { endpoint: config.SES_ENDPOINT } : {}),
        ...(config.SES_ACCESS_KEY_ID && config.SES_SECRET_ACCESS_KEY
          ? { credentials: { accessKeyId: config.SES_ACCESS_KEY_ID, secretAccessKey: config.SES_SECRET_ACCESS_KEY } }
          : {}),
        maxAttempts: 1, // the queue does the retrying, with back-off
        requestHandler: { requestTimeout: TIMEOUT_MS, connectionTimeout: 10_000 },
      }),
    }));
    return this.sdk;
  }

  async send(mail: OutgoingMail) {
    // A raw MIME message keeps the HTML + text parts and the attachments exactly as SMTP would send them.
    const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
    const raw = await new MailComposer(composerOptions(mail)).compile().build();
    const { sdk, client } = await this.ses();
    const result = await client.send(
      new sdk.SendEmailCommand({
        FromEmailAddress: mail.from,
        Destination: { ToAddresses: [mail.to] },
        ...(mail.replyTo ? { ReplyToAddresses: [mail.replyTo] } : {}),
        Content: { Raw: { Data: raw } },
      }),
    );
    return { messageId: result.MessageId ?? null };
  }

  close() {
    void this.sdk?.then(({ client }) => client.destroy());
  }
}

/** Nothing leaves the machine: the queued row is the mail, and the Mail outbox screen shows it. */
export class OutboxTransport implements Transport {
  readonly via = 'outbox' as const;
  async send() {
    return { messageId: null };
  }
  close() {}
}

export interface Transports {
  ses?: Transport;
  smtp?: Transport;
  outbox: Transport;
}

export function createTransports(config: Config): Transports {
  return {
    ...(config.SES_REGION ? { ses: new SesTransport(config) } : {}),
    ...(config.SMTP_URL ? { smtp: new SmtpTransport(config.SMTP_URL) } : {}),
    outbox: new OutboxTransport(),
  };
}

/**
 * The transport for a mail that asked for `provider`: that provider when
 * configured; the local outbox when no provider is; otherwise the provider
 * that is configured (a mail is delayed or redirected, never dropped).
 */
export function pickTransport(transports: Transports, provider: MailProvider): Transport {
  if (transports[provider]) return transports[provider];
  return transports.ses ?? transports.smtp ?? transports.outbox;
}
