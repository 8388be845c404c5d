/**
 * The public tracking site (spec sections 2, 5 and 7 "Public", DECISIONS section 5):
 * request bodies with the spec's messages, and the answers the pages read.
 */
import { z } from 'zod';
import { downloadHistoryEntrySchema } from './order-detail';

export const TRACK_MESSAGES = {
  orderIdRequired: 'Please enter your orderId',
  orderIdInvalid: 'Please enter the order ID from your confirmation e-mail (numbers only).',
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email address',
} as const;

/** An order id as a number or a string of digits (what the customer types). */
const customerOrderId = z.union([z.number().int().positive().transform(String), z.string()], { error: TRACK_MESSAGES.orderIdRequired })
  .pipe(z.string().trim().min(1, TRACK_MESSAGES.orderIdRequired).regex(/^\d{1,15}$/, TRACK_MESSAGES.orderIdInvalid))
  .transform(Number);

export const trackOrderSchema = z.object({
  orderId: customerOrderId,
  email: z.string({ error: TRACK_MESSAGES.emailRequired }).trim()
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

/** Spec section 7: {orderId, customername: 'customer', file1}; the server always serves the order's current document. */
export const downloadDocumentBodySchema = z.object({
  orderId: customerOrderId,
  customername: z.string().max(100).optional(),
  file1: z.string().max(200).nullable().optional(),
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
  mainResult: z.object({ order_id: z.number(), encoded_order_id: z.string(), document_ready: z.boolean() }),
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

/** Footer copyright year (spec section 9). */
export const COPYRIGHT_YEAR = 2025;
