/**
 * A real SMTP server in the test process (smtp-server): what the mail worker
 * sends arrives here over TCP and is parsed with postal-mime, so tests see the
 * mail as a customer's mail server would. It can be stopped and started again
 * on the same port to play a provider outage. It can refuse recipients with a
 * chosen reply (a 5xx bounce, a 4xx "try later"), answer slowly, or run a hook
 * after a message has arrived and before it answers (a sender killed there has
 * had its DATA accepted without hearing so).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import PostalMime, { type Email } from 'postal-mime';

export interface ReceivedMail {
  envelopeTo: string[];
  raw: Buffer;
  parsed: Email;
  mailId: string | null;
  messageId: string | null;
}

export interface SmtpPeerOptions {
  /** Wait this long after a message's DATA before taking and answering it (a slow provider). */
  delayMs?: number;
  /** A reply to RCPT TO instead of accepting the address, e.g. `{code: 550, message: '5.1.1 No such user'}`. */
  refuse?: (address: string) => { code: number; message: string } | undefined;
  /** Runs once a message is in `received`, before the peer answers it. */
  beforeAnswer?: (mail: ReceivedMail) => Promise<void> | void;
}

export interface SmtpPeer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Messages whose DATA has begun to arrive (including ones still arriving). */
  readonly receiving: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Resolves once `count` mails have arrived (or rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<ReceivedMail[]>;
}

export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  let receiving = 0;
  let server: SMTPServer | null = null;
  let port = 0;

  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const refusal = options.refuse?.(address.address);
        if (!refusal) return callback();
        callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      },
      onData(stream, session, callback) {
        receiving += 1;
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          try {
            if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
            const raw = Buffer.concat(chunks);
            const parsed = await PostalMime.parse(raw);
            const mailId = parsed.headers.find((h) => h.key === 'x-arrival-card-mail-id')?.value ?? null;
            const mail = {
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              raw,
              parsed,
              mailId,
              messageId: parsed.messageId ?? null,
            };
            received.push(mail);
            await options.beforeAnswer?.(mail);
            callback();
          } catch (error) {
            callback(error as Error);
          }
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server!.server.address() as AddressInfo).port;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    get receiving() {
      return receiving;
    },
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
    async waitFor(count, ms = 10_000) {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
  };
}
