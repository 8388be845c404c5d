/**
 * Email History, resend, retry and the Admin's Mail outbox (product: orders.md#order-detail, orders.md#mail).
 */
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { orderExists } from '../../db/order-lookups';
import { mails, uploadDocs } from '../../db/schema';
import { requirePermission, type Staff } from '../../lib/auth';
import { ConflictError, NotFoundError, ORDER_NOT_FOUND } from '../../lib/errors';
import { logSteps } from '../../lib/process-log';
import type { Storage } from '../../lib/storage';
import { type EmailHistory, type MailHistoryEntry, type OutboxMail } from '../../../shared/schemas/mail';
import { type MailKind, type MailProvider, type OUTBOX_FILTERS } from '../../../shared/schemas/mail-texts';
import { DOCUMENT_ERASED, listDocuments, lockOrderForDocument } from '../documents';
import { historyRows } from './history';
import { withPageImages } from './html';
import { assertProviderUsable, loadTemplateContext, queueMail, type MailAttachmentRef } from './mail.queue';
import { approvedOrderMail } from './templates';

/** The order's Email History, newest first (queued and failed mails included, with their state), and its documents. */
export async function getEmailHistory(db: Db, staff: Staff, orderId: number): Promise<EmailHistory> {
  requirePermission(staff, 'orders:work');
  if (!(await orderExists(db, orderId))) throw new NotFoundError(ORDER_NOT_FOUND);
  const history = await historyRows(db, eq(mails.orderId, orderId));
  const documents = await listDocuments(db, orderId);
  return {
    mailHistory: history.map((h) => h.entry),
    uploadDoc: documents.find((d) => d.is_current) ?? null,
    documents,
  };
}

export interface ResendInput {
  orderId: number;
  email: string;
  mailServiceProvider: MailProvider;
}

/** Resends the order's current document (the approved-order mail) to `email` through the chosen provider. */
export async function resendMail(
  db: Db,
  config: Config,
  staff: Staff,
  input: ResendInput,
): Promise<{ mailId: number }> {
  requirePermission(staff, 'orders:work');
  assertProviderUsable(config, input.mailServiceProvider);
  return db.transaction(async (tx) => {
    await lockOrderForDocument(tx, input.orderId);
    const [doc] = await tx
      .select()
      .from(uploadDocs)
      .where(and(eq(uploadDocs.orderId, input.orderId), eq(uploadDocs.isCurrent, true)));
    if (!doc) throw new ConflictError('This order has no document yet. Upload the document first.');
    if (!doc.storageKey) throw new ConflictError(DOCUMENT_ERASED);
    const ctx = await loadTemplateContext(tx, config, input.orderId);
    const mailId = await queueMail(tx, config, {
      orderId: input.orderId,
      kind: 'resend',
      to: input.email,
      provider: input.mailServiceProvider,
      content: approvedOrderMail(ctx, doc.file1),
      replyTo: ctx.brand.supportEmail,
      fromName: ctx.brand.name,
      uploadDocId: doc.id,
      staff,
    });
    return { mailId };
  });
}

/** Puts a failed mail back on the queue, due now, with a fresh set of attempts. */
export async function retryMail(db: Db, staff: Staff, mailId: number): Promise<MailHistoryEntry> {
  requirePermission(staff, 'orders:work');
  return db.transaction(async (tx) => {
    const [mail] = await tx.select().from(mails).where(eq(mails.id, mailId)).for('update');
    if (!mail) throw new NotFoundError('Mail not found.');
    if (mail.status !== 'failed') throw new ConflictError('Only a failed mail can be retried.');
    await tx
      .update(mails)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(eq(mails.id, mailId));
    if (mail.orderId !== null) {
      await logSteps(tx, [
        {
          orderId: mail.orderId,
          staff,
          step: 'mailRetry',
          details: { kind: mail.kind as MailKind, mailId: mail.id, to: mail.toAddress },
        },
      ]);
    }
    const [entry] = await historyRows(tx, eq(mails.id, mailId));
    return entry!.entry;
  });
}

const OUTBOX_WHERE: Record<(typeof OUTBOX_FILTERS)[number], SQL | undefined> = {
  outbox: eq(mails.deliveredVia, 'outbox'),
  failed: eq(mails.status, 'failed'),
  pending: inArray(mails.status, ['queued', 'sending']),
  all: undefined,
};

/**
 * The Admin's Mail outbox: each mail with its full content, as the customer would see it (in the language it was
 * written in), its images served by this server given by path for the page (withPageImages).
 */
export async function listOutbox(
  db: Db,
  config: Config,
  staff: Staff,
  query: { filter: keyof typeof OUTBOX_WHERE; page: number; limit: number },
) {
  requirePermission(staff, 'mail:outbox', 'Only an Admin can read the mail outbox.');
  const where = OUTBOX_WHERE[query.filter];
  const [total] = await db.select({ n: count() }).from(mails).where(where);
  const rows = await historyRows(db, where, query.limit, (query.page - 1) * query.limit);
  const data: OutboxMail[] = rows.map(({ row, entry }) => ({
    ...entry,
    from_address: row.fromAddress,
    reply_to: row.replyTo,
    html: withPageImages(row.html, config.PUBLIC_BASE_URL),
    text_body: row.textBody,
  }));
  return { data, totalRecords: total?.n ?? 0 };
}

/** One stored attachment of a mail (the invoice PDF...), for staff. */
export async function getMailAttachment(db: Db, storage: Storage, staff: Staff, mailId: number, index: number) {
  requirePermission(staff, 'orders:work');
  const [mail] = await db.select({ attachments: mails.attachments }).from(mails).where(eq(mails.id, mailId));
  const ref: MailAttachmentRef | undefined = mail?.attachments[index];
  if (!ref) throw new NotFoundError('Attachment not found.');
  const object = await storage.get(ref.storageKey);
  if (!object) throw new NotFoundError('The attachment file is missing from storage.');
  return { filename: ref.filename, contentType: ref.contentType, body: object.body };
}
