/**
 * Mails as Email History and the outbox list them: one entry per mail, with the document it carried. The order
 * detail reads an order's sent mails from here too, through the feature's index.ts.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mails, uploadDocs } from '../../db/schema';
import { iso } from '../../lib/dates';
import type { MailHistoryEntry } from '../../../shared/schemas/mail';
import type { MailKind, MailProvider, MailStatus } from '../../../shared/schemas/mail-texts';

type MailRow = typeof mails.$inferSelect;

function historyEntry(row: MailRow, doc: { id: number; file1: string } | null): MailHistoryEntry {
  return {
    id: row.id,
    order_id: row.orderId,
    kind: row.kind as MailKind,
    to_address: row.toAddress,
    subject: row.subject,
    create_ts: iso(row.sentAt ?? row.createdAt),
    sent_at: iso(row.sentAt),
    status: row.status as MailStatus,
    attempts: row.attempts,
    last_error: row.lastError,
    mail_service_provider: row.mailServiceProvider as MailProvider,
    delivered_via: row.deliveredVia as MailHistoryEntry['delivered_via'],
    uploadDoc: {
      id: doc?.id ?? null,
      file1: doc?.file1 ?? null,
      mail_service_provider: row.mailServiceProvider as MailProvider,
    },
    attachments: row.attachments.map((a, index) => ({ index, filename: a.filename })),
  };
}

/** Mails matching `where` with their entries, newest first unless `orderBy` says otherwise; a page when `limit` is given. */
export async function historyRows(
  db: Executor,
  where: SQL | undefined,
  limit?: number,
  offset?: number,
  orderBy = [desc(mails.createdAt), desc(mails.id)],
) {
  const query = db
    .select({ mail: mails, docId: uploadDocs.id, file1: uploadDocs.file1 })
    .from(mails)
    .leftJoin(uploadDocs, eq(uploadDocs.id, mails.uploadDocId))
    .where(where)
    .orderBy(...orderBy);
  const rows = limit === undefined ? await query : await query.limit(limit).offset(offset ?? 0);
  return rows.map((r) => ({
    row: r.mail,
    entry: historyEntry(r.mail, r.docId === null ? null : { id: r.docId, file1: r.file1! }),
  }));
}

/** The order detail's mailHistory: the order's sent mails, the latest sent first. */
export async function sentMailHistory(db: Executor, orderId: number): Promise<MailHistoryEntry[]> {
  const rows = await historyRows(db, and(eq(mails.orderId, orderId), eq(mails.status, 'sent')), undefined, undefined, [
    desc(mails.sentAt),
    desc(mails.id),
  ]);
  return rows.map((r) => r.entry);
}
