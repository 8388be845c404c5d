/**
 * Chargeback defence packs (types 1 and 2; product: orders.md#defence-packs) and the Download History mail ("Sent Mail" on the order detail).
 * The server builds one `DefencePack` and renders it twice: as JSON for the printable page and as a PDF.
 */
import { z } from 'zod';
import { orderIdField } from './order-id';
import { mailProviderSchema } from './mail';
import { mailEmailField } from './mail-forms';
import { erasureEntrySchema } from './erasure';
import type { DefencePackType } from './defence-pack-texts';

export const defencePackRequestSchema = z.object({
  orderId: orderIdField,
  defencePackType: z
    .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { error: 'Defence pack type must be 1 or 2.' })
    .transform((v) => Number(v) as DefencePackType),
});
export type DefencePackRequest = z.input<typeof defencePackRequestSchema>;

/** What the customer bought and received, as a dispute team reads it. Absent values are null. */
export const defencePackSummarySchema = z.object({
  order_id: z.number(),
  customer_name: z.string(),
  email: z.string(),
  landing_site: z.string(),
  landing_site_domain: z.string(),
  amount: z.string().nullable(),
  payment_gateway: z.string().nullable(),
  paid_at: z.string().nullable(),
  transaction_id: z.string().nullable(),
  merchant_name: z.string().nullable(),
  order_date: z.string(),
  completion_date: z.string().nullable(),
  processed_by: z.string().nullable(),
  process_status: z.string(),
  service: z.string(),
  /** The finished document the customer received (current one), if any; `file_erased` once its file was erased. */
  document: z.object({ file_name: z.string(), uploaded_at: z.string(), file_erased: z.boolean() }).nullable(),
  /** What the retention policy (or a permanent deletion) erased, and when: the pack says it was there. */
  erasures: z.array(erasureEntrySchema),
});

/** Times are given twice: US Eastern (`MM/DD/YYYY h:mm:ss AM ET`) and UTC (`YYYY-MM-DD HH:mm:ss UTC`). */
const times = { at: z.string(), time_eastern: z.string(), time_utc: z.string() };

export const defencePackMailSchema = z.object({
  id: z.number(),
  ...times,
  recipient: z.string(),
  provider: z.string(),
  kind: z.string(),
  subject: z.string(),
  /** Names of the files the mail carried (document, invoice...); empty when none. */
  attached_files: z.array(z.string()),
});

export const defencePackDownloadSchema = z.object({
  id: z.number(),
  ...times,
  ip: z.string(),
  device: z.string().nullable(),
  device_type: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  location: z.string().nullable(),
  file_name: z.string(),
});

export const defencePackSchema = z.object({
  type: z.union([z.literal(1), z.literal(2)]),
  title: z.string(),
  generated_at: z.string(),
  generated_at_eastern: z.string(),
  generated_at_utc: z.string(),
  generated_by: z.string(),
  summary: defencePackSummarySchema,
  /** Pack 1: every sent mail of the order, oldest first (null in pack 2). */
  mails: z.array(defencePackMailSchema).nullable(),
  /** Pack 2: every customer download of the order, oldest first (null in pack 1). */
  downloads: z.array(defencePackDownloadSchema).nullable(),
  /** The sentence shown instead of an empty table. */
  empty_text: z.string(),
});
export type DefencePack = z.infer<typeof defencePackSchema>;
export type DefencePackMail = z.infer<typeof defencePackMailSchema>;
export type DefencePackDownload = z.infer<typeof defencePackDownloadSchema>;

export const NO_MAIL_TEXT = 'No e-mail has been sent for this order.';
export const NO_DOWNLOAD_TEXT = 'The customer has not downloaded the document for this order.';

/** "Sent Mail" of the Download History section: mail the order's download history to the address typed. */
export const sendDownloadHistorySchema = z.object({
  orderId: orderIdField,
  email: mailEmailField,
  /** Optional: the server's default provider when absent. */
  mailServiceProvider: mailProviderSchema.optional(),
});
export type SendDownloadHistoryInput = z.input<typeof sendDownloadHistorySchema>;

/** Its answer: the queued mail and how many downloads it lists. */
export const sendDownloadHistoryResultSchema = z.object({ mailId: z.number(), downloads: z.number() });
