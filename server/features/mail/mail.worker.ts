/**
 * The mail worker (product: orders.md#mail; docs/decisions/0012). It claims due
 * mails with `FOR UPDATE SKIP LOCKED`, so several server processes on one
 * PostgreSQL never claim the same mail. A claim is a short lease
 * (MAIL_LEASE_MS, a minute) that the worker renews while it holds the mail, so
 * a slow send keeps its mail while a process that died loses its mails to
 * another worker within one lease. Each mail keeps one Message-ID across all
 * its attempts, so a re-send after a crash is recognisable as the same mail.
 * A failed send goes back to the queue with exponential back-off; a permanent
 * refusal (SMTP 5xx) or MAIL_MAX_ATTEMPTS failures mark it failed, shown to
 * staff, who can retry it. On stop the worker claims nothing more, hands back
 * what it has not started and finishes the mail it is sending.
 */
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { selectRows, type Db } from '../../db/client';
import { idRow } from '../../db/row-schemas';
import { databaseUnavailableCode } from '../../db/connection-errors';
import { mails, uploadDocs } from '../../db/schema';
import { logSteps } from '../../lib/process-log';
import type { Storage } from '../../lib/storage';
import { MAIL_KINDS, MAIL_PROVIDERS } from '../../../shared/schemas/mail-texts';
import { buildRefundConfirmationMail } from './mail.queue';
import { metricsFor } from '../metrics';
import {
  createTransports,
  isPermanentRejection,
  pickTransport,
  sendErrorCodes,
  type OutgoingMail,
  type Transports,
} from './transports';

/** A mail as claim() takes it from the queue (its attachments: the stored jsonb list). */
const claimedMailSchema = z.object({
  id: z.number(),
  orderId: z.number().nullable(),
  kind: z.enum(MAIL_KINDS),
  toAddress: z.string(),
  subject: z.string(),
  html: z.string(),
  textBody: z.string(),
  uploadDocId: z.number().nullable(),
  attachments: z.array(z.object({ filename: z.string(), storageKey: z.string(), contentType: z.string() })),
  mailServiceProvider: z.enum(MAIL_PROVIDERS),
  fromAddress: z.string().nullable(),
  replyTo: z.string().nullable(),
  attempts: z.number(),
  messageId: z.string(),
});
type ClaimedMail = z.infer<typeof claimedMailSchema>;

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface MailWorkerOptions {
  db: Db;
  config: Config;
  storage: Storage;
  /** Defaults to the providers the config names (and the local outbox). */
  transports?: Transports;
  log?: Logger;
  batchSize?: number;
  /** How long a claim holds a mail unless renewed (default MAIL_LEASE_MS). */
  leaseMs?: number;
}

export interface RunResult {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  released: number;
}

/** A permanent problem (missing attachment, no content): retrying would not help. */
class PermanentMailError extends Error {}

const silent: Logger = { info() {}, warn() {}, error() {} };
const MAX_DELAY_MS = 60 * 60 * 1000;
const none = (): RunResult => ({ claimed: 0, sent: 0, retried: 0, failed: 0, released: 0 });

/** Back-off before attempt `attempts + 1`: base, 2x base, 4x base... capped at one hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** What a log line may say about an error: its codes, never its text (a query's text carries its parameters). */
function errorCodes(error: unknown): object {
  const dbCode = databaseUnavailableCode(error);
  return dbCode ? { dbCode } : sendErrorCodes(error);
}

export class MailWorker {
  private readonly db: Db;
  private readonly config: Config;
  private readonly storage: Storage;
  private readonly transports: Transports;
  private readonly log: Logger;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly messageIdDomain: string;
  private running = false;
  private stopping = false;
  private loop: Promise<void> | null = null;
  private batch: Promise<RunResult> | null = null;
  private wake: (() => void) | null = null;
  /** Per batch in hand, its claimed mails not started yet: handed back on stop. */
  private readonly waiting = new Set<{ token: string; mails: ClaimedMail[] }>();

  constructor(options: MailWorkerOptions) {
    this.db = options.db;
    this.config = options.config;
    this.storage = options.storage;
    this.transports = options.transports ?? createTransports(options.config);
    this.log = options.log ?? silent;
    this.batchSize = options.batchSize ?? 5;
    this.leaseMs = options.leaseMs ?? options.config.MAIL_LEASE_MS;
    this.messageIdDomain = options.config.MAIL_FROM.split('@').pop()!;
  }

  /** Claims up to one batch of due mails and sends them, one after another (nothing once stopping). */
  runOnce(): Promise<RunResult> {
    if (this.stopping) return Promise.resolve(none());
    const batch = this.runBatch().finally(() => {
      if (this.batch === batch) this.batch = null;
    });
    this.batch = batch;
    return batch;
  }

  private async runBatch(): Promise<RunResult> {
    const token = randomUUID();
    const claimed = await this.claim(token);
    const result = { ...none(), claimed: claimed.length };
    if (!claimed.length) return result;
    const waiting = { token, mails: claimed };
    this.waiting.add(waiting);
    // Renewed three times a lease: one late renewal still leaves the claim standing.
    const renewal = setInterval(() => void this.renew(token), Math.max(100, Math.floor(this.leaseMs / 3)));
    try {
      if (this.stopping) result.released += await this.handBack();
      for (let mail = waiting.mails.shift(); mail; mail = waiting.mails.shift()) {
        result[await this.deliver(mail, token)] += 1;
      }
    } finally {
      clearInterval(renewal);
      // Mails left here only when a delivery threw (the database went away while recording it): hand them back.
      if (waiting.mails.length) result.released += await this.handBack([waiting]).catch(() => 0);
      this.waiting.delete(waiting);
    }
    return result;
  }

  /** Runs batches until nothing is due (tests and the CLI use this). */
  async drain(maxBatches = 100): Promise<RunResult> {
    const total = none();
    for (let i = 0; i < maxBatches; i++) {
      const r = await this.runOnce();
      for (const key of Object.keys(total) as (keyof RunResult)[]) total[key] += r[key];
      if (r.claimed === 0) break;
    }
    return total;
  }

  start(): void {
    if (this.running || this.stopping) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        let busy = false;
        try {
          busy = (await this.runOnce()).claimed === this.batchSize;
        } catch (error) {
          this.log.error(errorCodes(error), 'mail worker: batch failed');
        }
        if (!busy && this.running) await this.sleep(this.config.MAIL_POLL_MS);
      }
    })();
  }

  /**
   * Stops for good: claims nothing more, hands the claimed mails it has not started back to the queue at
   * once, and waits for the mail being sent now, at most `withinMs`. A send still running then keeps its
   * mail `sending` under its lease: another process (or the next start) sends it, with the same Message-ID,
   * once the lease has run out (docs/decisions/0012). Resolves true when nothing was left running.
   */
  async stop(options: { withinMs?: number } = {}): Promise<boolean> {
    this.running = false;
    this.stopping = true;
    this.wake?.();
    const released = await this.handBack().catch((error: unknown) => {
      this.log.warn(
        errorCodes(error),
        'mail worker: could not hand claimed mails back; they return when their lease ends',
      );
      return 0;
    });
    if (released) this.log.info({ released }, 'mail worker: handed unsent mails back to the queue');
    const work = this.loop ?? this.batch;
    let finished = true;
    if (work) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), options.withinMs ?? 2 ** 31 - 1);
      });
      finished = await Promise.race([
        work.then(
          () => true,
          () => true,
        ),
        deadline,
      ]);
      clearTimeout(timer);
    }
    if (!finished) {
      this.log.warn(
        { leaseMs: this.leaseMs },
        'mail worker: a send did not finish in time; its mail returns to the queue when its lease ends',
      );
      return false;
    }
    this.loop = null;
    for (const t of [this.transports.ses, this.transports.smtp, this.transports.outbox]) t?.close();
    return true;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async claim(token: string): Promise<ClaimedMail[]> {
    const rows = await selectRows(
      this.db,
      claimedMailSchema,
      sql`
      update mails m set
        status = 'sending',
        attempts = m.attempts + 1,
        locked_until = now() + make_interval(secs => ${this.leaseMs / 1000}),
        claim_token = ${token},
        message_id = coalesce(m.message_id, '<' || m.id || '.' || replace(gen_random_uuid()::text, '-', '') || '@' || ${this.messageIdDomain} || '>')
      where m.id in (
        select id from mails
        where (status = 'queued' and next_attempt_at <= now())
           or (status = 'sending' and locked_until < now())
        order by next_attempt_at, id
        limit ${this.batchSize}
        for update skip locked)
      returning m.id, m.order_id as "orderId", m.kind, m.to_address as "toAddress", m.subject, m.html,
        m.text_body as "textBody", m.upload_doc_id as "uploadDocId", m.attachments,
        m.mail_service_provider as "mailServiceProvider", m.from_address as "fromAddress", m.reply_to as "replyTo",
        m.attempts, m.message_id as "messageId"`,
    );
    return rows.sort((a, b) => a.id - b.id);
  }

  /** Extends the lease of every mail this claim still holds. */
  private async renew(token: string): Promise<void> {
    try {
      await this.db.execute(sql`
        update mails set locked_until = now() + make_interval(secs => ${this.leaseMs / 1000})
        where claim_token = ${token} and status = 'sending'`);
    } catch (error) {
      this.log.warn(errorCodes(error), 'mail worker: could not renew its claim');
    }
  }

  /** Puts the claimed mails not started yet back on the queue as they were (due, this attempt not counted). */
  private async handBack(batches = [...this.waiting]): Promise<number> {
    // Taken out of the batches at once (synchronously), so a batch in progress never starts them.
    const claims = batches
      .filter((w) => w.mails.length)
      .map((w) => ({ token: w.token, ids: w.mails.splice(0).map((m) => m.id) }));
    let released = 0;
    for (const { token, ids } of claims) {
      const rows = await selectRows(
        this.db,
        idRow,
        sql`
        update mails set status = 'queued', attempts = attempts - 1, locked_until = null, claim_token = null
        where id in ${ids} and claim_token = ${token} and status = 'sending'
        returning id`,
      );
      released += rows.length;
    }
    return released;
  }

  private async deliver(mail: ClaimedMail, token: string): Promise<'sent' | 'retried' | 'failed'> {
    const transport = pickTransport(this.transports, mail.mailServiceProvider);
    metricsFor(this.db).mailAttempts.inc({ provider: transport.via });
    let providerMessageId: string | null;
    try {
      const outgoing = await this.compose(mail);
      ({ messageId: providerMessageId } = await transport.send(outgoing));
    } catch (error) {
      return this.recordFailure(mail, token, transport.via, error);
    }
    // A failure from here on is the database's: the mail stays claimed and, if this process cannot record it,
    // is sent again with the same Message-ID once the lease ends.
    await this.db.transaction(async (tx) => {
      const updated = await selectRows(
        tx,
        idRow,
        sql`
        update mails set status = 'sent', sent_at = now(), delivered_via = ${transport.via},
          provider_message_id = ${providerMessageId}, locked_until = null, claim_token = null, last_error = null
        where id = ${mail.id} and status = 'sending' and claim_token = ${token}
        returning id`,
      );
      if (updated.length && mail.orderId !== null) {
        await logSteps(tx, [
          {
            orderId: mail.orderId,
            staff: null,
            step: 'mailSent',
            details: { kind: mail.kind, mailId: mail.id, to: mail.toAddress, via: transport.via },
          },
        ]);
      }
    });
    this.log.info({ mailId: mail.id, via: transport.via }, 'mail sent');
    return 'sent';
  }

  private async recordFailure(
    mail: ClaimedMail,
    token: string,
    via: string,
    error: unknown,
  ): Promise<'retried' | 'failed'> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'Unknown error';
    const permanent = error instanceof PermanentMailError || isPermanentRejection(error);
    const giveUp = permanent || mail.attempts >= this.config.MAIL_MAX_ATTEMPTS;
    metricsFor(this.db).mailFailures.inc({ provider: via, outcome: giveUp ? 'gave_up' : 'retry' });
    const delay = retryDelayMs(mail.attempts, this.config.MAIL_RETRY_BASE_MS);
    await this.db.transaction(async (tx) => {
      const updated = await selectRows(
        tx,
        idRow,
        sql`
        update mails set
          status = ${giveUp ? 'failed' : 'queued'},
          next_attempt_at = now() + make_interval(secs => ${delay / 1000}),
          locked_until = null, claim_token = null, last_error = ${message}
        where id = ${mail.id} and status = 'sending' and claim_token = ${token}
        returning id`,
      );
      if (updated.length && giveUp && mail.orderId !== null) {
        await logSteps(tx, [
          {
            orderId: mail.orderId,
            staff: null,
            step: 'mailFailed',
            details: { kind: mail.kind, mailId: mail.id, to: mail.toAddress, attempts: mail.attempts, error: message },
          },
        ]);
      }
    });
    // Codes only: an SMTP reply's text often repeats the recipient's address.
    this.log.warn(
      { mailId: mail.id, via, attempts: mail.attempts, giveUp, permanent, ...errorCodes(error) },
      'mail not sent',
    );
    return giveUp ? 'failed' : 'retried';
  }

  /** The message as it leaves: content (rendered now if a row came without it) and attachment bytes. */
  private async compose(mail: ClaimedMail): Promise<OutgoingMail> {
    let { subject, html, textBody: text, replyTo } = mail;
    if (!html || !subject) {
      if (mail.kind !== 'refund_confirmation' || mail.orderId === null)
        throw new PermanentMailError('The mail has no content.');
      const built = await buildRefundConfirmationMail(this.db, this.config, mail.orderId);
      ({ subject, html, text } = built.content);
      replyTo = replyTo ?? built.replyTo;
      await this.db.update(mails).set({ subject, html, textBody: text, replyTo }).where(eq(mails.id, mail.id));
    }
    const attachments: OutgoingMail['attachments'] = [];
    if (mail.uploadDocId !== null) {
      const [doc] = await this.db.select().from(uploadDocs).where(eq(uploadDocs.id, mail.uploadDocId));
      if (!doc) throw new PermanentMailError('The document of this mail no longer exists.');
      attachments.push({ filename: doc.file1, content: await this.read(doc.storageKey), contentType: doc.contentType });
    }
    for (const a of mail.attachments) {
      attachments.push({ filename: a.filename, content: await this.read(a.storageKey), contentType: a.contentType });
    }
    return {
      from: mail.fromAddress ?? this.config.MAIL_FROM,
      replyTo,
      to: mail.toAddress,
      subject,
      html,
      text,
      attachments,
      mailId: mail.id,
      messageId: mail.messageId,
    };
  }

  private async read(key: string): Promise<Buffer> {
    const object = await this.storage.get(key); // a storage outage throws: the mail is retried later
    if (!object) throw new PermanentMailError(`The attachment ${key} is missing from storage.`);
    return object.body;
  }
}
