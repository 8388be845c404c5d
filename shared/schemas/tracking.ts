/**
 * The public tracking site (product: public-pages.md#track, messages.md#validation, public-pages.md#customer-token):
 * request bodies with the spec's messages, and the answers the pages read.
 */
import { z } from 'zod';
import { downloadHistoryEntrySchema } from './order-detail';
import { textField } from './fields';

import { COPYRIGHT_YEAR, CUSTOMER_ORDER_ID, TRACK_MESSAGES } from './tracking-texts';

export { COPYRIGHT_YEAR, TRACK_MESSAGES };

/** An order id as a number or a string of digits (what the customer types). */
const customerOrderId = z
  .union([z.number().int().positive().transform(String), z.string()], { error: TRACK_MESSAGES.orderIdRequired })
  .pipe(
    z.string().trim().min(1, TRACK_MESSAGES.orderIdRequired).regex(CUSTOMER_ORDER_ID, TRACK_MESSAGES.orderIdInvalid),
  )
  .transform(Number);

export const trackOrderSchema = z.object({
  orderId: customerOrderId,
  email: textField('Email', { error: TRACK_MESSAGES.emailRequired })
    .trim()
    .min(1, TRACK_MESSAGES.emailRequired)
    .max(254, TRACK_MESSAGES.emailInvalid)
    .pipe(z.email(TRACK_MESSAGES.emailInvalid)),
});
export type TrackOrderInput = z.input<typeof trackOrderSchema>;
export type TrackOrderValues = z.output<typeof trackOrderSchema>;

export const trackOrderAnswerSchema = z.object({
  orderId: z.number(),
  encodedOrderId: z.string(),
  /** Bearer token for this one order's download page and its calls. */
  accessToken: z.string(),
  expiresAt: z.string(),
});
export type TrackOrderAnswer = z.infer<typeof trackOrderAnswerSchema>;

export const downloadHistoryBodySchema = z.object({ orderId: customerOrderId });

/** product: public-pages.md#download: {orderId, customername: 'customer', file1}; the server always serves the order's current document. */
export const downloadDocumentBodySchema = z.object({
  orderId: customerOrderId,
  customername: textField('customername')
    .max(100)
    .optional()
    .describe('Sent by the spec\'s client as the fixed value "customer"; accepted and ignored.'),
  file1: textField('file1')
    .max(200)
    .nullable()
    .optional()
    .describe(
      "The file name the download history answered (path.file1); accepted and ignored: the order's current document is sent.",
    ),
});

/**
 * The answer of download-passport-doc-pdf besides {status, message} (docs/decisions/0021): where to fetch the
 * file, once, within 60 seconds. Nothing personal: the ticket names an order id and a document id only.
 */
export const downloadTicketSchema = z.object({
  downloadUrl: z
    .string()
    .describe(
      'GET this (no Authorization header needed) within 60 seconds, once: it answers the document as an attachment and records the download.',
    ),
  expiresAt: z.string().describe('When the ticket in downloadUrl stops working (ISO 8601).'),
  file1: z.string().describe('The stored file name of the document it sends.'),
});
export type DownloadTicket = z.infer<typeof downloadTicketSchema>;

/** The follow-up GET: the ticket download-passport-doc-pdf answered. */
export const downloadFileQuerySchema = z.object({
  ticket: z
    .string()
    .min(1, 'ticket is required.')
    .max(2000, 'ticket is too long.')
    .describe('The one-time ticket from the downloadUrl of download-passport-doc-pdf.'),
});

/** A staff Download History line without the stored file name, plus the two display fields of the public table. */
export const publicDownloadEntrySchema = downloadHistoryEntrySchema.omit({ file1: true }).extend({
  /** Spec: "a dash-separated string with browser, device and type parts". */
  browser_summary: z.string(),
  location: z.string().nullable(),
});
export type PublicDownloadEntry = z.infer<typeof publicDownloadEntrySchema>;

export const downloadHistoryAnswerSchema = z.object({
  status: z.literal(1),
  message: z.string(),
  data: z.array(publicDownloadEntrySchema),
  mainResult: z.object({
    order_id: z.number(),
    encoded_order_id: z.string(),
    document_ready: z.boolean(),
    arrival_date: z
      .string()
      .nullable()
      .describe(
        'The arrival date in Japan (YYYY-MM-DD) for the arrival-day card; null once the travel details are erased.',
      ),
  }),
  path: z.object({ file1: z.string().nullable() }),
});
export type DownloadHistoryAnswer = z.infer<typeof downloadHistoryAnswerSchema>;

export const HEADER_STYLES = ['full', 'reduced'] as const;

/** A landing site's public face: no personal data. */
export const brandingSchema = z.object({
  site_key: z.string(),
  name: z.string(),
  logo_url: z.string(),
  header_style: z.enum(HEADER_STYLES),
  menu_links: z.array(z.object({ label: z.string(), url: z.string() })),
  contact_url: z.string(),
  footer_text: z.string(),
  support_email: z.string(),
  /** The third-party translation script, only when configured. */
  translate_widget_url: z.string().nullable(),
});
export type Branding = z.infer<typeof brandingSchema>;
