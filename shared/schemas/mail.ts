/** Documents, mail and invoices (product: messages.md#validation, orders.md#mail), with the spec's messages. */
import { z } from 'zod';
import { orderIdField } from './order-id';
import { pageField } from './fields';
import { invoiceOrderIdField, mailEmailField } from './mail-forms';
import { MAIL_KINDS, MAIL_PROVIDERS, MAIL_STATUSES, OUTBOX_FILTERS } from './mail-texts';

export const mailProviderSchema = z.enum(MAIL_PROVIDERS, { error: 'Please choose a mail provider (ses or smtp).' });

/** The text fields of the Upload Document form (the file is checked on the server by its content). */
export const uploadDocumentFieldsSchema = z.object({
  orderId: orderIdField,
  email: mailEmailField,
  mailServiceProvider: mailProviderSchema,
});
export type UploadDocumentFields = z.input<typeof uploadDocumentFieldsSchema>;

/** `POST /api/admin/resend-mail` (product: orders.md#mail): the same three fields as the upload form, checked the same way. */
export const resendMailSchema = uploadDocumentFieldsSchema;
export type ResendMailInput = z.input<typeof resendMailSchema>;

export const sendInvoiceSchema = z.object({
  orderId: invoiceOrderIdField,
  /** Optional: the server's default provider when absent. */
  mailServiceProvider: mailProviderSchema.optional(),
});
export type SendInvoiceInput = z.input<typeof sendInvoiceSchema>;

export const retryMailSchema = z.object({
  mailId: z.union(
    [
      z.number().int().positive(),
      z
        .string()
        .regex(/^\d{1,15}$/)
        .transform(Number),
    ],
    { error: 'Mail id must be a number.' },
  ),
});

/**
 * One mail history line (product: orders.md#mail): the original client's fields (order_id, create_ts, uploadDoc.file1,
 * uploadDoc.mail_service_provider) plus the queue state. THE line: `get-orders-details` answers it for the order's
 * sent mails, `get-email-history` for all of them, `retry-mail` and the Mail outbox for one.
 */
export const mailHistoryEntrySchema = z.object({
  id: z.number(),
  order_id: z.number().nullable(),
  kind: z.enum(MAIL_KINDS),
  to_address: z.string(),
  subject: z.string(),
  create_ts: z.string().describe("The line's Date & Time: when the mail was sent, or queued while it is not sent."),
  sent_at: z.string().nullable(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  mail_service_provider: z.enum(MAIL_PROVIDERS),
  delivered_via: z.enum(['ses', 'smtp', 'outbox']).nullable(),
  /** The document the mail carried; always an object, since the original client reads uploadDoc.file1 of every line. */
  uploadDoc: z
    .object({ id: z.number().nullable(), file1: z.string().nullable(), mail_service_provider: z.enum(MAIL_PROVIDERS) })
    .describe(
      'The document the mail carried; id and file1 are null when it carried none (an invoice, a refund confirmation).',
    ),
  attachments: z.array(z.object({ index: z.number(), filename: z.string() })),
});
export type MailHistoryEntry = z.infer<typeof mailHistoryEntrySchema>;

/** One document of an order (product: orders.md#documents): the order detail's uploadDoc list, Upload Document's answer. */
export const uploadDocEntrySchema = z.object({
  id: z.number(),
  order_id: z.number(),
  file1: z.string(),
  original_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
  is_current: z.boolean(),
  uploaded_by_name: z.string().nullable(),
  create_ts: z.string(),
});
export type UploadDocEntry = z.infer<typeof uploadDocEntrySchema>;

/** `POST /api/admin/upload-visa-document`: the new document and the mail that carries it. */
export const uploadDocumentResultSchema = z.object({ uploadDoc: uploadDocEntrySchema, mailId: z.number() });

/** `POST /api/admin/resend-mail`: the queued mail. */
export const mailQueuedSchema = z.object({ mailId: z.number() });

/** `POST /api/admin/send-invoice`: the queued mail, the address it goes to and the invoice's number. */
export const sendInvoiceResultSchema = z.object({ mailId: z.number(), email: z.string(), invoiceNumber: z.string() });

export const emailHistorySchema = z.object({
  mailHistory: z.array(mailHistoryEntrySchema),
  /** The current document (what the customer downloads), or null. */
  uploadDoc: uploadDocEntrySchema.nullable(),
  documents: z.array(uploadDocEntrySchema),
});
export type EmailHistory = z.infer<typeof emailHistorySchema>;

/** A mail as the Admin's Mail outbox shows it: what the customer would see. */
export const outboxMailSchema = mailHistoryEntrySchema.extend({
  from_address: z.string().nullable(),
  reply_to: z.string().nullable(),
  html: z.string(),
  text_body: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxQuerySchema = z.object({
  filter: z.enum(OUTBOX_FILTERS).default('outbox'),
  page: pageField,
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
