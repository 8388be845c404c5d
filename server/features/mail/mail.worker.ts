/**
 * The mail worker (DECISIONS section 6). It claims due mails with
 * `FOR UPDATE SKIP LOCKED`, so several server processes on one PostgreSQL
 * never claim the same mail; a claim is a lease (`locked_until`), so a mail
 * held by a process that died is picked up again once the lease ends. A failed
 * send goes back to the queue with exponential back-off; after
 * MAIL_MAX_ATTEMPTS it is marked failed, shown to staff, and can be retried.
 */
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { selectRows, type Db } from '../../db/client';
import { mails, uploadDocs } from '../../db/schema';
import { logSteps } from '../../lib/process-log';
import type { Storage } from '../../lib/storage';
import { MAIL_KIND_LABELS, type MailKind, type MailProvider } from '../../../shared/schemas/mail';
import { buildRefundConfirmationMail, STEP_MAIL_FAILED, STEP_MAIL_SENT, type MailAttachmentRef } from './mail.queue';
import { createTransports, pickTransport, type OutgoingMail, type Transports } from './transports';

interface ClaimedMail {
  id: number;
  orderId: number | null;
  kind: MailKind;
  toAddress: string;
  subject: string;
  html: string;
  textBody: string;
  uploadDocId: number | null;
  attachments: MailAttachmentRef[];
  mailServiceProvider: MailProvider;
  fromAddress: string | null;
  replyTo: string | null;
  attempts: number;
  lease: string;
}

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
  /** How long a claim holds a mail before another worker may take it over. */
  leaseMs?: number;
}

export interface RunResult { claimed: number; sent: number; retried: number; failed: number }

/** A permanent problem (missing attachment, no content): retrying would not help. */
class PermanentMailError extends Error {}

const silent: Logger = { info() {}, warn() {}, error() {} };
const MAX_DELAY_MS = 60 * 60 * 1000;

/** Back-off before attempt `attempts + 1`: base, 2x base, 4x base... capped at one hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

export class MailWorker {
  private readonly db: Db;
  private readonly config: Config;
  private readonly storage: Storage;
  private readonly transports: Transports;
  private readonly log: Logger;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(options: MailWorkerOptions) {
    this.db = options.db;
    this.config = options.config;
    this.storage = options.storage;
    this.transports = options.transports ?? createTransports(options.config);
    this.log = options.log ?? silent;
    this.batchSize = options.batchSize ?? 5;
    this.leaseMs = options.leaseMs ?? 10 * 60 * 1000;
  }

  /** Claims up to one batch of due mails and sends them, one after another. */
  async runOnce(): Promise<RunResult> {
    const claimed = await this.claim();
    const result: RunResult = { claimed: claimed.length, sent: 0, retried: 0, failed: 0 };
    for (const mail of claimed) {
      const outcome = await this.deliver(mail);
      result[outcome] += 1;
    }
    return result;
  }

  /** Runs batches until nothing is due (tests and the CLI use this). */
  async drain(maxBatches = 100): Promise<RunResult> {
    const total: RunResult = { claimed: 0, sent: 0, retried: 0, failed: 0 };
    for (let i = 0; i < maxBatches; i++) {
      const r = await this.runOnce();
      total.claimed += r.claimed; total.sent += r.sent; total.retried += r.retried; total.failed += r.failed;
      if (r.claimed === 0) break;
    }
    return total;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        let busy = false;
        try {
          busy = (await this.runOnce()).claimed === this.batchSize;
        } catch (error) {
          this.log.error({ err: error }, 'mail worker: batch failed');
        }
        if (!busy && this.running) await this.sleep(this.config.MAIL_POLL_MS);
      }
    })();
  }

  /** Stops polling and waits for the mail being sent now; unsent mails stay queued for the next start. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
    for (const t of [this.transports.ses, this.transports.smtp, this.transports.outbox]) t?.close();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() { clearTimeout(timer); resolve(); }
      this.wake = done;
    });
  }

  private async claim(): Promise<ClaimedMail[]> {
    const rows = await selectRows<ClaimedMail & { attachments: MailAttachmentRef[] | string }>(this.db, sql`
      update mails m set
        status = 'sending',
        attempts = m.attempts + 1,
        locked_until = now() + make_interval(secs => ${this.leaseMs / 1000})
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
        m.attempts, m.locked_until::text as lease`);
    return rows
      .map((r) => ({
        ...r,
        id: Number(r.id),
        orderId: r.orderId === null ? null : Number(r.orderId),
        attachments: typeof r.attachments === 'string' ? JSON.parse(r.attachments) as MailAttachmentRef[] : r.attachments,
      }))
      .sort((a, b) => a.id - b.id);
  }

  private async deliver(mail: ClaimedMail): Promise<'sent' | 'retried' | 'failed'> {
    const transport = pickTransport(this.transports, mail.mailServiceProvider);
    try {
      const outgoing = await this.compose(mail);
      const { messageId } = await transport.send(outgoing);
      await this.db.transaction(async (tx) => {
        const updated = await selectRows<{ id: number }>(tx, sql`
          update mails set status = 'sent', sent_at = now(), delivered_via = ${transport.via},
            provider_message_id = ${messageId}, locked_until = null, last_error = null
          where id = ${mail.id} and status = 'sending' and locked_until = ${mail.lease}::timestamptz
          returning id`);
        if (updated.length && mail.orderId !== null) {
          await logSteps(tx, [{
            orderId: mail.orderId, stepName: STEP_MAIL_SENT, staff: null,
            detail: `${MAIL_KIND_LABELS[mail.kind]} mail #${mail.id} to ${mail.toAddress} via ${transport.via === 'outbox' ? 'local outbox' : transport.via}`,
          }]);
        }
      });
      this.log.info({ mailId: mail.id, via: transport.via }, 'mail sent');
      return 'sent';
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'Unknown error';
      const permanent = error instanceof PermanentMailError;
      const giveUp = permanent || mail.attempts >= this.config.MAIL_MAX_ATTEMPTS;
      const delay = retryDelayMs(mail.attempts, this.config.MAIL_RETRY_BASE_MS);
      await this.db.transaction(async (tx) => {
        const updated = await selectRows<{ id: number }>(tx, sql`
          update mails set
            status = ${giveUp ? 'failed' : 'queued'},
            next_attempt_at = now() + make_interval(secs => ${delay / 1000}),
            locked_until = null, last_error = ${message}
          where id = ${mail.id} and status = 'sending' and locked_until = ${mail.lease}::timestamptz
          returning id`);
        if (updated.length && giveUp && mail.orderId !== null) {
          await logSteps(tx, [{
            orderId: mail.orderId, stepName: STEP_MAIL_FAILED, staff: null,
            detail: `${MAIL_KIND_LABELS[mail.kind]} mail #${mail.id} to ${mail.toAddress} after ${mail.attempts} attempt(s): ${message}`,
          }]);
        }
      });
      this.log.warn({ mailId: mail.id, via: transport.via, attempts: mail.attempts, giveUp, err: message }, 'mail not sent');
      return giveUp ? 'failed' : 'retried';
    }
  }

  /** The message as it leaves: content (rendered now if a row came without it) and attachment bytes. */
  private async compose(mail: ClaimedMail): Promise<OutgoingMail> {
    let { subject, html, textBody: text, replyTo } = mail;
    if (!html || !subject) {
      if (mail.kind !== 'refund_confirmation' || mail.orderId === null) throw new PermanentMailError('The mail has no content.');
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
      replyTo, to: mail.toAddress, subject, html, text, attachments, mailId: mail.id,
    };
  }

  private async read(key: string): Promise<Buffer> {
    const object = await this.storage.get(key); // a storage outage throws: the mail is retried later
    if (!object) throw new PermanentMailError(`The attachment ${key} is missing from storage.`);
    return object.body;
  }
}
