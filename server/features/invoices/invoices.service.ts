/**
 * Manage Invoices (product: orders.md#invoices): a PDF
 * invoice is drawn, stored, and mailed to the order's e-mail through the queue,
 * with the process-log lines, in one transaction (the stored PDF is removed if
 * that transaction fails).
 */
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requirePermission, type Staff } from '../../lib/auth';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { logSteps } from '../../lib/process-log';
import { storeOrderFile, type Storage } from '../../lib/storage';
import type { MailProvider } from '../../../shared/schemas/mail-texts';
import { lockOrderForDocument } from '../documents';
import { assertProviderUsable, defaultProvider, loadTemplateContext, queueMail, invoiceMail } from '../mail';
import { invoiceNumber, renderInvoicePdf } from './invoice.pdf';

export async function sendInvoice(
  deps: { db: Db; config: Config; storage: Storage },
  staff: Staff,
  input: { orderId: number; mailServiceProvider?: MailProvider },
): Promise<{ mailId: number; email: string; invoiceNumber: string }> {
  requirePermission(staff, 'orders:work');
  const { db, config, storage } = deps;
  const provider = input.mailServiceProvider ?? defaultProvider(config);
  assertProviderUsable(config, provider);

  const ctx = await loadTemplateContext(db, config, input.orderId).catch((error: unknown) => {
    if (error instanceof NotFoundError) throw new NotFoundError(`Order ${input.orderId} was not found.`);
    throw error;
  });
  if (ctx.order.paymentAmount === null)
    throw new ConflictError(`Order ${input.orderId} has no payment recorded, so there is nothing to invoice.`);

  const number = invoiceNumber(input.orderId);
  const pdf = await renderInvoicePdf({
    invoiceNumber: number,
    issuedAt: new Date(),
    orderId: input.orderId,
    customerName: `${ctx.order.givenName} ${ctx.order.surname}`,
    customerEmail: ctx.order.email,
    processingMode: ctx.order.processingMode,
    amount: ctx.order.paymentAmount,
    currency: ctx.order.paymentCurrency,
    paidAt: ctx.order.paidAt,
    paymentGateway: ctx.order.paymentGateway,
    merchantName: ctx.order.merchantName,
    transactionId: ctx.order.transactionId,
    seller: ctx.brand,
  });
  const filename = `Invoice-${number}.pdf`;
  const file = { folder: 'invoices', orderId: input.orderId, filename, body: pdf, contentType: 'application/pdf' };
  return storeOrderFile(storage, file, async (storageKey) => {
    const mailId = await db.transaction(async (tx) => {
      await lockOrderForDocument(tx, input.orderId);
      await logSteps(tx, [
        { orderId: input.orderId, staff, step: 'invoiceSent', details: { invoiceNumber: number, to: ctx.order.email } },
      ]);
      return queueMail(tx, config, {
        orderId: input.orderId,
        kind: 'invoice',
        to: ctx.order.email,
        provider,
        content: invoiceMail(ctx, number),
        replyTo: ctx.brand.supportEmail,
        fromName: ctx.brand.name,
        staff,
        attachments: [{ filename, storageKey, contentType: 'application/pdf' }],
      });
    });
    return { mailId, email: ctx.order.email, invoiceNumber: number };
  });
}
