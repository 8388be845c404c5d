/**
 * Putting mails on the durable queue (product: orders.md#mail). A mail is a row of
 * `mails`, inserted with the caller's transaction, so it exists exactly when
 * the action that caused it committed; the worker (mail.worker.ts) sends it.
 * Other features queue mails through these functions only.
 */
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { landingSites, mails, orders } from '../../db/schema';
import { BadRequestError, NotFoundError, ORDER_NOT_FOUND } from '../../lib/errors';
import { logSteps } from '../../lib/process-log';
import { encodeId } from '../../../shared/ids';
import { DEFAULT_LOCALE, isLocale } from '../../../shared/i18n/locales';
import type { MailKind, MailProvider } from '../../../shared/schemas/mail-texts';
import { refundConfirmationMail, type MailContent, type TemplateContext } from './templates';

export interface MailAttachmentRef {
  filename: string;
  storageKey: string;
  contentType: string;
}

export interface QueueMailInput {
  orderId: number;
  kind: MailKind;
  to: string;
  provider: MailProvider;
  content: MailContent;
  replyTo?: string | null;
  /** Display name of the From address: the order's landing site. */
  fromName?: string;
  uploadDocId?: number | null;
  attachments?: MailAttachmentRef[];
  /** The member who asked for it; null for mails without one. */
  staff: { id: number; name: string } | null;
}

/** Which providers this server can use; with none, every mail goes to the local outbox. */
export function configuredProviders(config: Config): MailProvider[] {
  const providers: MailProvider[] = [];
  if (config.SES_REGION) providers.push('ses');
  if (config.SMTP_URL) providers.push('smtp');
  return providers;
}

/**
 * Refuses a provider that is not configured while another one is (staff should
 * pick the working one). With neither configured both buttons go to the outbox.
 */
export function assertProviderUsable(config: Config, provider: MailProvider): void {
  const providers = configuredProviders(config);
  if (providers.length > 0 && !providers.includes(provider)) {
    const name = provider === 'ses' ? 'The cloud mail service (SES)' : 'The transactional mail service (SMTP)';
    throw new BadRequestError(`${name} is not configured on this server. Please use the other mail provider.`, {
      mailServiceProvider: 'This mail provider is not configured.',
    });
  }
}

/** The provider used when an action does not name one (invoices sent from Manage Invoices). */
export function defaultProvider(config: Config): MailProvider {
  return config.MAIL_DEFAULT_PROVIDER ?? configuredProviders(config)[0] ?? 'smtp';
}

export function trackUrl(config: Config, orderId: number): string {
  return `${config.PUBLIC_BASE_URL}/track-order/${encodeId(orderId)}`;
}

/**
 * Loads what every template needs: the order's customer, payment and arrival fields, its language and its landing
 * site's brand.
 */
export async function loadTemplateContext(db: Executor, config: Config, orderId: number): Promise<TemplateContext> {
  const [row] = await db
    .select({
      orderId: orders.orderId,
      givenName: orders.givenName,
      surname: orders.surname,
      email: orders.email,
      processingMode: orders.processingMode,
      paymentAmount: orders.paymentAmount,
      paymentCurrency: orders.paymentCurrency,
      paidAt: orders.paidAt,
      paymentGateway: orders.paymentGateway,
      refundDate: orders.refundDate,
      transactionId: orders.transactionId,
      merchantName: orders.merchantName,
      locale: orders.locale,
      arrival: {
        year: orders.yearOfArrivalInJapan,
        month: orders.monthOfArrivalInJapan,
        day: orders.dateOfArrivalInJapan,
      },
      brand: {
        name: landingSites.name,
        domain: landingSites.domain,
        logoUrl: landingSites.logoUrl,
        contactUrl: landingSites.contactUrl,
        supportEmail: landingSites.supportEmail,
        footerText: landingSites.footerText,
      },
    })
    .from(orders)
    .innerJoin(landingSites, eq(landingSites.id, orders.landingSiteId))
    .where(eq(orders.orderId, orderId));
  if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
  const { brand, locale, ...order } = row;
  return {
    brand,
    order,
    locale: isLocale(locale) ? locale : DEFAULT_LOCALE,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    trackUrl: trackUrl(config, orderId),
  };
}

/** Inserts the mail and its "Mail queued" process-log line; call it inside the action's transaction. */
export async function queueMail(tx: Executor, config: Config, input: QueueMailInput): Promise<number> {
  const name = input.fromName?.replace(/["<>\\\r\n]/g, '').trim();
  const [row] = await tx
    .insert(mails)
    .values({
      orderId: input.orderId,
      kind: input.kind,
      toAddress: input.to,
      subject: input.content.subject,
      html: input.content.html,
      textBody: input.content.text,
      uploadDocId: input.uploadDocId ?? null,
      attachments: input.attachments ?? [],
      mailServiceProvider: input.provider,
      fromAddress: name ? `"${name}" <${config.MAIL_FROM}>` : config.MAIL_FROM,
      replyTo: input.replyTo ?? null,
      requestedById: input.staff?.id ?? null,
    })
    .returning({ id: mails.id });
  await logSteps(tx, [
    {
      orderId: input.orderId,
      staff: input.staff,
      step: 'mailQueued',
      details: { kind: input.kind, mailId: row!.id, to: input.to, provider: input.provider },
    },
  ]);
  return row!.id;
}

/**
 * The refund confirmation mail of one order, rendered from the templates with
 * the order's brand. For "Move to complete with refund mail" (queues feature).
 */
export async function buildRefundConfirmationMail(
  db: Executor,
  config: Config,
  orderId: number,
): Promise<{ to: string; replyTo: string; fromName: string; content: MailContent }> {
  const ctx = await loadTemplateContext(db, config, orderId);
  return {
    to: ctx.order.email,
    replyTo: ctx.brand.supportEmail,
    fromName: ctx.brand.name,
    content: refundConfirmationMail(ctx),
  };
}

/**
 * Queues the refund confirmation for one order inside `tx`, with its process-log
 * line. Use it from the afterMove hook of "Move to complete with refund mail".
 */
export async function queueRefundConfirmationMail(
  tx: Executor,
  config: Config,
  staff: { id: number; name: string } | null,
  orderId: number,
  provider: MailProvider,
): Promise<number> {
  const mail = await buildRefundConfirmationMail(tx, config, orderId);
  return queueMail(tx, config, {
    orderId,
    kind: 'refund_confirmation',
    to: mail.to,
    replyTo: mail.replyTo,
    fromName: mail.fromName,
    provider,
    content: mail.content,
    staff,
  });
}
