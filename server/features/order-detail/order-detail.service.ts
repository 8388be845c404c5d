/**
 * Order detail (product: orders.md#order-detail): the whole
 * application with its histories, Comment History (remarks) and transaction
 * details. Status moves are not here: they go through the one move service of
 * the orders feature.
 */
import { and, asc, desc, eq, getTableColumns, ne } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { downloadHistory, landingSites, orders, processLogs, remarks, teamMembers, uploadDocs } from '../../db/schema';
import { withTravelOpenedCamel } from '../../db/sealed-travel';
import type { KeyRing } from '../../lib/encryption/key-ring';
import { requirePermission, type Staff } from '../../lib/auth';
import { iso } from '../../lib/dates';
import { NotFoundError, ORDER_NOT_FOUND } from '../../lib/errors';
import { logStep } from '../../lib/process-log';
import { encodeId } from '../../../shared/ids';
import { easternDate, easternTime } from '../../../shared/eastern-time';
import { answerWarnings, type WarningInput } from '../../../shared/order-warnings';
import type { ApprovedMailPreview, OrderDetail, RemarkEntry } from '../../../shared/schemas/order-detail';
import type { OrderLocaleInput } from '../../../shared/schemas/order-detail-forms';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../shared/i18n/locales';
import { approvedOrderMail, loadTemplateContext, sentMailHistory } from '../mail';
import { listDocuments } from '../documents';
import { erasureEntries } from '../erasure';
import { orderHasDispute } from '../disputes';

const yn = (value: string | null) => (value === 'Y' ? 'Y' : 'N');

type RemarkRow = typeof remarks.$inferSelect;
function remarkEntry(row: RemarkRow): RemarkEntry {
  return {
    id: row.id,
    order_id: row.orderId,
    created_at: iso(row.createdAt),
    us_date: easternDate(row.createdAt),
    us_time: easternTime(row.createdAt),
    remark_name: row.remarkName,
    remark: row.remark,
    whatsapp: yn(row.whatsapp),
    telephone: yn(row.telephone),
    status_refund: yn(row.statusRefund),
    voided: yn(row.voided),
    chargeback: yn(row.chargeback),
    report_error: yn(row.reportError),
  };
}

/** Columns that are not answers: the sealed form of the answers and its blind index (server/db/sealed-travel.ts). */
const NOT_ANSWERS = new Set(['travel_sealed', 'passport_number_index']);

/** The order's answer columns under their database (spec) names, timestamps as ISO strings. */
function snakeCaseAnswers(row: typeof orders.$inferSelect): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(orders))) {
    if (NOT_ANSWERS.has(column.name)) continue;
    const value = row[key as keyof typeof row];
    out[column.name] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

async function requireOrderExists(db: Executor, orderId: number) {
  const [found] = await db.select({ id: orders.orderId }).from(orders).where(eq(orders.orderId, orderId));
  if (!found) throw new NotFoundError(ORDER_NOT_FOUND);
}

export async function getOrderDetail(
  db: Db,
  config: Config,
  ring: KeyRing,
  staff: Staff,
  orderId: number,
  today = new Date(),
): Promise<OrderDetail> {
  requirePermission(staff, 'orders:work');

  const [found] = await db
    .select({
      order: orders,
      siteKey: landingSites.siteKey,
      siteName: landingSites.name,
      supportEmail: landingSites.supportEmail,
      assignee: teamMembers.name,
    })
    .from(orders)
    .innerJoin(landingSites, eq(landingSites.id, orders.landingSiteId))
    .leftJoin(teamMembers, eq(teamMembers.id, orders.assignedToId))
    .where(eq(orders.orderId, orderId));
  if (!found) throw new NotFoundError(ORDER_NOT_FOUND);

  const [mailHistory, documents, downloadRows, remarkRows, logRows, hasDispute] = await Promise.all([
    sentMailHistory(db, orderId),
    listDocuments(db, orderId),
    db
      .select()
      .from(downloadHistory)
      .where(eq(downloadHistory.orderId, orderId))
      .orderBy(desc(downloadHistory.createdAt), desc(downloadHistory.id)),
    db.select().from(remarks).where(eq(remarks.orderId, orderId)).orderBy(desc(remarks.createdAt), desc(remarks.id)),
    db
      .select()
      .from(processLogs)
      .where(eq(processLogs.orderId, orderId))
      .orderBy(asc(processLogs.updateTime), asc(processLogs.id)),
    orderHasDispute(db, orderId),
  ]);

  const order = withTravelOpenedCamel(ring, found.order);
  const answers = snakeCaseAnswers(order);
  return {
    ...(answers as Omit<
      OrderDetail,
      | 'application_email'
      | 'landing_site'
      | 'landing_site_name'
      | 'landing_site_support_email'
      | 'track_url'
      | 'assign_to'
      | 'assigned_to_id'
      | 'mailHistory'
      | 'uploadDoc'
      | 'downloadHistory'
      | 'remark'
      | 'processLogs'
      | 'warnings'
      | 'erasures'
      | 'has_dispute'
    >),
    application_email: `${order.orderId}@${config.APPLICATION_MAIL_DOMAIN}`,
    landing_site: found.siteKey,
    landing_site_name: found.siteName,
    landing_site_support_email: found.supportEmail,
    track_url: `${config.PUBLIC_BASE_URL}/track-order/${encodeId(order.orderId)}`,
    assign_to: found.assignee,
    assigned_to_id: order.assignedToId,
    mailHistory,
    uploadDoc: documents,
    downloadHistory: downloadRows.map((d) => ({
      id: d.id,
      order_id: d.orderId,
      create_ts: iso(d.createdAt),
      file1: d.file1,
      ip: d.ip,
      browser: d.browser,
      device: d.device,
      device_type: d.deviceType,
      os: d.os,
      country: d.country,
      city: d.city,
      timezone: d.timezone,
    })),
    remark: remarkRows.map(remarkEntry),
    processLogs: logRows.map((l) => ({
      id: l.id,
      order_id: l.orderId,
      step_name: l.stepName,
      staff_name: l.staffName,
      detail: l.detail,
      update_time: iso(l.updateTime),
    })),
    // Erased answers are blanks, not answers to check.
    warnings: order.travelErasedAt
      ? []
      : answerWarnings(answers as unknown as WarningInput, today.toISOString().slice(0, 10)),
    erasures: erasureEntries(logRows),
    has_dispute: hasDispute,
  };
}

const FLAG_LABELS = {
  whatsapp: 'Whatsapp',
  telephone: 'Telephone',
  statusRefund: 'Refund',
  voided: 'Voided',
  chargeBack: 'Chargeback',
  reportError: 'ReportError',
} as const;
type Flag = 'Y' | null;

export interface AddRemarkInput {
  orderId: number;
  remark: string;
  whatsapp: Flag;
  telephone: Flag;
  statusRefund: Flag;
  voided: Flag;
  chargeBack: Flag;
  reportError: Flag;
}

/** Adds a Comment History line; the remarker is always the signed-in member. */
export async function addRemark(db: Db, staff: Staff, input: AddRemarkInput): Promise<RemarkEntry> {
  requirePermission(staff, 'orders:work');
  return db.transaction(async (tx) => {
    await requireOrderExists(tx, input.orderId);
    const [row] = await tx
      .insert(remarks)
      .values({
        orderId: input.orderId,
        remark: input.remark,
        remarkName: staff.name,
        staffId: staff.id,
        whatsapp: input.whatsapp,
        telephone: input.telephone,
        statusRefund: input.statusRefund,
        voided: input.voided,
        chargeback: input.chargeBack,
        reportError: input.reportError,
      })
      .returning();
    const ticked = (Object.keys(FLAG_LABELS) as (keyof typeof FLAG_LABELS)[])
      .filter((f) => input[f] === 'Y')
      .map((f) => FLAG_LABELS[f]);
    await logStep(tx, { orderId: input.orderId, staff, step: 'remarkAdded', details: { flags: ticked } });
    return remarkEntry(row!);
  });
}

export async function updateTransactionDetails(
  db: Db,
  staff: Staff,
  input: { orderId: number; transactionId: string; merchantName: string },
) {
  requirePermission(staff, 'orders:work');
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({ transactionId: input.transactionId, merchantName: input.merchantName, updatedAt: new Date() })
      .where(eq(orders.orderId, input.orderId))
      .returning({ transaction_id: orders.transactionId, merchant_name: orders.merchantName });
    if (!updated) throw new NotFoundError(ORDER_NOT_FOUND);
    await logStep(tx, {
      orderId: input.orderId,
      staff,
      step: 'transactionUpdated',
      details: { transactionId: input.transactionId, merchantName: input.merchantName },
    });
    return updated;
  });
}

/**
 * Changes the customer's language (product: languages.md#order-language): the next mail to the customer, a resend
 * included, is written in it; mails already queued keep theirs. A line "Customer language changed" when it changes.
 */
export async function changeOrderLocale(db: Db, staff: Staff, input: OrderLocaleInput): Promise<{ locale: Locale }> {
  requirePermission(staff, 'orders:work');
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ locale: orders.locale })
      .from(orders)
      .where(eq(orders.orderId, input.orderId))
      .for('update');
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    const from = isLocale(order.locale) ? order.locale : DEFAULT_LOCALE;
    if (from === input.locale) return { locale: from };
    await tx
      .update(orders)
      .set({ locale: input.locale, updatedAt: new Date() })
      .where(eq(orders.orderId, input.orderId));
    await logStep(tx, { orderId: input.orderId, staff, step: 'localeChanged', details: { from, to: input.locale } });
    return { locale: input.locale };
  });
}

/**
 * "View Email Content": the approved-order mail exactly as the mailer renders it
 * for this order (brand frame, current document's name), without sending anything.
 */
export async function approvedMailPreview(
  db: Db,
  config: Config,
  staff: Staff,
  orderId: number,
): Promise<ApprovedMailPreview> {
  requirePermission(staff, 'orders:work');
  const ctx = await loadTemplateContext(db, config, orderId);
  // A document erased with the travel details (storage key '') can no longer be attached: as good as none.
  const [doc] = await db
    .select({ file1: uploadDocs.file1 })
    .from(uploadDocs)
    .where(and(eq(uploadDocs.orderId, orderId), eq(uploadDocs.isCurrent, true), ne(uploadDocs.storageKey, '')));
  const mail = approvedOrderMail({ ...ctx, forPage: true }, doc?.file1 ?? null);
  return {
    to: ctx.order.email,
    from_name: ctx.brand.name,
    reply_to: ctx.brand.supportEmail,
    subject: mail.subject,
    html: mail.html,
    track_url: ctx.trackUrl,
    has_document: !!doc,
    locale: ctx.locale,
  };
}
