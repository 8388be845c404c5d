/**
 * A real SMTP server in the test process (smtp-server): what the mail worker
 * sends arrives here over TCP and is parsed with postal-mime, so tests see the
 * mail as a customer's mail server would. It can be stopped and started again
 * on the same port to play a provider outage.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import PostalMime, { type Email } from 'postal-mime';

export interface ReceivedMail {
  envelopeTo: string[];
  raw: Buffer;
  parsed: Email;
  mailId: string | null;
}

export interface SmtpPeer {
  port: number;
  url: string;
  received: ReceivedMail[];
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Resolves once `count` mails have arrived (or rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<ReceivedMail[]>;
}

export async function startSmtpPeer(options: { delayMs?: number } = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  let port = 0;

  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          try {
            if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
            const raw = Buffer.concat(chunks);
            const parsed = await PostalMime.parse(raw);
            const mailId = parsed.headers.find((h) => h.key === 'x-arrival-card-mail-id')?.value ?? null;
            received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, parsed, mailId });
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
    get port() { return port; },
    get url() { return `smtp://127.0.0.1:${port}`; },
    received,
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async start() { if (!server) await listen(); },
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
