/**
 * Chargeback defence packs (product: orders.md#defence-packs):
 * pack 1 = order summary + every sent mail, pack 2 = order summary + every customer download. One builder gives
 * the data of both the printable page and the PDF; each generation writes a process-log line in the same
 * transaction that read the evidence. Also "Sent Mail" of the Download History section: the download history
 * mailed through the queue (an Email History line) with pack 2 attached.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { downloadHistory, landingSites, mails, orders, uploadDocs } from '../../db/schema';
import { requirePermission, type Staff } from '../../lib/auth';
import { iso } from '../../lib/dates';
import { NotFoundError, ORDER_NOT_FOUND } from '../../lib/errors';
import { logStep } from '../../lib/process-log';
import { storeOrderFile, type Storage } from '../../lib/storage';
import { easternWithZone, utcTime } from '../../../shared/defence-pack';
import {
  NO_DOWNLOAD_TEXT,
  NO_MAIL_TEXT,
  type DefencePack,
  type DefencePackDownload,
  type DefencePackMail,
} from '../../../shared/schemas/defence-pack';
import { DEFENCE_PACK_TITLES, type DefencePackType } from '../../../shared/schemas/defence-pack-texts';
import {
  MAIL_KIND_LABELS,
  MAIL_PROVIDER_LABELS,
  type MailKind,
  type MailProvider,
} from '../../../shared/schemas/mail-texts';
import { lockOrderForDocument } from '../documents';
import {
  assertProviderUsable,
  defaultProvider,
  loadTemplateContext,
  queueMail,
  formatMoney,
  PROCESSING_MODE_LABELS,
} from '../mail';
import { renderDefencePackPdf } from './defence-pack.pdf';
import { readErasures } from '../erasure';
import { downloadHistoryMail } from './download-history-mail';

export const FORBIDDEN_MESSAGE = 'Only an Admin or a Manager can prepare chargeback evidence.';

const times = (value: Date | string) => ({
  at: new Date(value).toISOString(),
  time_eastern: easternWithZone(value),
  time_utc: utcTime(value),
});

function providerText(chosen: string, via: string | null): string {
  const label = MAIL_PROVIDER_LABELS[chosen as MailProvider] ?? chosen;
  if (!via || via === chosen) return label;
  return via === 'outbox' ? `${label}, kept in the local outbox` : `${label}, sent via ${via.toUpperCase()}`;
}

async function readSummary(tx: Executor, orderId: number): Promise<DefencePack['summary']> {
  const [row] = await tx
    .select({ order: orders, siteName: landingSites.name, siteDomain: landingSites.domain })
    .from(orders)
    .innerJoin(landingSites, eq(landingSites.id, orders.landingSiteId))
    .where(eq(orders.orderId, orderId));
  if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
  const { order } = row;
  const [doc] = await tx
    .select({ file1: uploadDocs.file1, createdAt: uploadDocs.createdAt, storageKey: uploadDocs.storageKey })
    .from(uploadDocs)
    .where(and(eq(uploadDocs.orderId, orderId), eq(uploadDocs.isCurrent, true)));
  return {
    order_id: order.orderId,
    customer_name: `${order.givenName} ${order.surname}`.trim(),
    email: order.email,
    landing_site: row.siteName,
    landing_site_domain: row.siteDomain,
    amount: order.paymentAmount === null ? null : formatMoney(order.paymentAmount, order.paymentCurrency),
    payment_gateway: order.paymentGateway,
    paid_at: iso(order.paidAt),
    transaction_id: order.transactionId,
    merchant_name: order.merchantName,
    order_date: iso(order.createdAt),
    completion_date: iso(order.processedAt),
    processed_by: order.processedByName,
    process_status: order.processStatus,
    service: `Japan Arrival Card preparation, ${PROCESSING_MODE_LABELS[order.processingMode] ?? order.processingMode}`,
    document: doc
      ? { file_name: doc.file1, uploaded_at: iso(doc.createdAt), file_erased: doc.storageKey === '' }
      : null,
    erasures: await readErasures(tx, orderId),
  };
}

async function readMails(tx: Executor, orderId: number): Promise<DefencePackMail[]> {
  const rows = await tx
    .select({ mail: mails, file1: uploadDocs.file1 })
    .from(mails)
    .leftJoin(uploadDocs, eq(uploadDocs.id, mails.uploadDocId))
    .where(and(eq(mails.orderId, orderId), eq(mails.status, 'sent')))
    .orderBy(asc(mails.sentAt), asc(mails.id));
  return rows.map(({ mail, file1 }) => ({
    id: mail.id,
    ...times(mail.sentAt ?? mail.createdAt),
    recipient: mail.toAddress,
    provider: providerText(mail.mailServiceProvider, mail.deliveredVia),
    kind: MAIL_KIND_LABELS[mail.kind as MailKind] ?? mail.kind,
    subject: mail.subject,
    attached_files: [...(file1 ? [file1] : []), ...mail.attachments.map((a) => a.filename)],
  }));
}

export async function readDownloads(tx: Executor, orderId: number): Promise<DefencePackDownload[]> {
  const rows = await tx
    .select()
    .from(downloadHistory)
    .where(eq(downloadHistory.orderId, orderId))
    .orderBy(asc(downloadHistory.createdAt), asc(downloadHistory.id));
  return rows.map((d) => ({
    id: d.id,
    ...times(d.createdAt),
    ip: d.ip,
    device: d.device,
    device_type: d.deviceType,
    browser: d.browser,
    os: d.os,
    location: [d.city, d.country].filter(Boolean).join(', ') || null,
    file_name: d.file1,
  }));
}

/** Reads one pack's evidence (no write). */
async function readPack(
  db: Executor,
  staff: Staff,
  orderId: number,
  type: DefencePackType,
  now: Date,
): Promise<DefencePack> {
  const summary = await readSummary(db, orderId);
  return {
    type,
    title: DEFENCE_PACK_TITLES[type],
    generated_at: now.toISOString(),
    generated_at_eastern: easternWithZone(now),
    generated_at_utc: utcTime(now),
    generated_by: staff.name,
    summary,
    mails: type === 1 ? await readMails(db, orderId) : null,
    downloads: type === 2 ? await readDownloads(db, orderId) : null,
    empty_text: type === 1 ? NO_MAIL_TEXT : NO_DOWNLOAD_TEXT,
  };
}

/** The process-log line of one generated pack (product: orders.md#process-log: a defence pack is a logged step). */
function logPack(tx: Executor, staff: Staff, pack: DefencePack, form: string): Promise<void> {
  const items = pack.type === 1 ? pack.mails!.length : pack.downloads!.length;
  return logStep(tx, {
    orderId: pack.summary.order_id,
    staff,
    step: 'defencePackGenerated',
    details: { type: pack.type, title: pack.title, form, items },
  });
}

export type PackForm = 'printable page' | 'PDF';

/** `defence-pack-details`: the pack's data (the printable page). */
export async function getDefencePack(
  db: Db,
  staff: Staff,
  orderId: number,
  type: DefencePackType,
  form: PackForm = 'printable page',
  now = new Date(),
): Promise<DefencePack> {
  requirePermission(staff, 'orders:defence-pack', FORBIDDEN_MESSAGE);
  return db.transaction(async (tx) => {
    const pack = await readPack(tx, staff, orderId, type, now);
    await logPack(tx, staff, pack, form);
    return pack;
  });
}

/** `get-defence-pack-pdf`: the same pack drawn as a PDF. */
export async function getDefencePackPdf(
  db: Db,
  staff: Staff,
  orderId: number,
  type: DefencePackType,
): Promise<{ filename: string; pdf: Buffer }> {
  const pack = await getDefencePack(db, staff, orderId, type, 'PDF');
  return { filename: packFileName(pack), pdf: await renderDefencePackPdf(pack) };
}

/**
 * A pack drawn as a PDF for a payment provider (dispute evidence): the same pack, logged as a generation that names
 * where it goes. Admin and Manager only, as every pack.
 */
export async function defencePackPdfForProvider(
  db: Db,
  staff: Staff,
  orderId: number,
  type: DefencePackType,
  provider: string,
): Promise<{ filename: string; pdf: Buffer; items: number }> {
  requirePermission(staff, 'orders:defence-pack', FORBIDDEN_MESSAGE);
  const pack = await db.transaction(async (tx) => {
    const read = await readPack(tx, staff, orderId, type, new Date());
    await logPack(tx, staff, read, `PDF sent to ${provider} as dispute evidence`);
    return read;
  });
  const items = pack.type === 1 ? pack.mails!.length : pack.downloads!.length;
  return { filename: packFileName(pack), pdf: await renderDefencePackPdf(pack), items };
}

export const packFileName = (pack: Pick<DefencePack, 'type' | 'summary'>) =>
  `Defence-Pack-${pack.type}-${pack.summary.order_id}.pdf`;

/**
 * "Sent Mail": mails the order's download history to `email` (a dispute team, the merchant...) through the
 * queue, so it becomes an Email History line; Defence Pack 2 is attached as a PDF. The stored PDF is removed
 * if the transaction fails.
 */
export async function sendDownloadHistory(
  deps: { db: Db; config: Config; storage: Storage },
  staff: Staff,
  input: { orderId: number; email: string; mailServiceProvider?: MailProvider | undefined },
): Promise<{ mailId: number; downloads: number }> {
  requirePermission(staff, 'orders:defence-pack', FORBIDDEN_MESSAGE);
  const { db, config, storage } = deps;
  const provider = input.mailServiceProvider ?? defaultProvider(config);
  assertProviderUsable(config, provider);

  const ctx = await loadTemplateContext(db, config, input.orderId);
  const pack = await readPack(db, staff, input.orderId, 2, new Date());
  const pdf = await renderDefencePackPdf(pack);
  const filename = packFileName(pack);
  const file = { folder: 'defence-packs', orderId: input.orderId, filename, body: pdf, contentType: 'application/pdf' };
  return storeOrderFile(storage, file, async (storageKey) => {
    const mailId = await db.transaction(async (tx) => {
      await lockOrderForDocument(tx, input.orderId);
      await logPack(tx, staff, pack, `PDF attached to the download history mail to ${input.email}`);
      return queueMail(tx, config, {
        orderId: input.orderId,
        kind: 'download_history',
        to: input.email,
        provider,
        content: downloadHistoryMail(ctx, pack, filename),
        replyTo: ctx.brand.supportEmail,
        fromName: ctx.brand.name,
        staff,
        attachments: [{ filename, storageKey, contentType: 'application/pdf' }],
      });
    });
    return { mailId, downloads: pack.downloads!.length };
  });
}
