/**
 * Order detail: the request bodies (product: orders.md#remarks, messages.md#validation
 * messages, product: orders.md#transaction-details) and the shape of GET /api/admin/get-orders-details.
 */
import { z } from 'zod';
import { orderIdField } from './order-id';
import { textField } from './fields';
import { remarkText } from './order-detail-forms';
import { erasureEntrySchema } from './erasure';
import { mailHistoryEntrySchema, uploadDocEntrySchema } from './mail';
import { LOCALES } from '../i18n/locales';

/** A tick box: 'Y' when ticked (spec), anything else (N, '', false, missing) is not ticked. */
const flag = z
  .union([z.string(), z.boolean(), z.null()])
  .optional()
  .transform((v) => (v === true || v === 'Y' || v === 'y' ? ('Y' as const) : null));

export const REMARK_FLAGS = ['whatsapp', 'telephone', 'statusRefund', 'voided', 'chargeBack'] as const;
export type RemarkFlag = (typeof REMARK_FLAGS)[number];

export const addRemarkSchema = z.object({
  orderId: orderIdField,
  remark: remarkText,
  /** Accepted for compatibility and ignored: the remarker is the signed-in member. */
  remarkerName: textField('remarkerName')
    .optional()
    .describe(
      'Accepted because the original client sends it, and ignored (product: api.md#ignored-fields): the remark is always recorded under the signed-in member of the bearer token.',
    ),
  whatsapp: flag,
  telephone: flag,
  statusRefund: flag,
  voided: flag,
  chargeBack: flag,
  reportError: flag,
});
export type AddRemarkInput = z.input<typeof addRemarkSchema>;

const yn = z.string().nullable();
const int = z.number().int().nullable();

/** One Comment History line; us_date/us_time are US Eastern (labelled EST). Flags are 'Y' or 'N'. */
export const remarkEntrySchema = z.object({
  id: z.number(),
  order_id: z.number(),
  created_at: z.string(),
  us_date: z.string(),
  us_time: z.string(),
  remark_name: z.string(),
  remark: z.string(),
  whatsapp: z.string(),
  telephone: z.string(),
  status_refund: z.string(),
  voided: z.string(),
  chargeback: z.string(),
  report_error: z.string(),
});

export const downloadHistoryEntrySchema = z.object({
  id: z.number(),
  order_id: z.number(),
  create_ts: z.string(),
  file1: z.string(),
  ip: z.string(),
  browser: z.string().nullable(),
  device: z.string().nullable(),
  device_type: z.string().nullable(),
  os: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  timezone: z.string().nullable(),
});

export const processLogEntrySchema = z.object({
  id: z.number(),
  order_id: z.number(),
  step_name: z.string(),
  staff_name: z.string().nullable(),
  detail: z.string().nullable(),
  update_time: z.string(),
});

export const answerWarningSchema = z.object({ code: z.string(), message: z.string() });

export const orderDetailSchema = z.object({
  // Identity and routing
  order_id: z.number(),
  application_email: z.string(),
  processing_mode: z.string(),
  processing_date: z.string().nullable(),
  landing_site: z.string(),
  landing_site_name: z.string(),
  landing_site_support_email: z.string(),
  /** The customer's public track page for this order (the link of the approved-order e-mail). */
  track_url: z.string(),
  /** The customer's language: every mail to the customer is written in it. */
  locale: z.enum(LOCALES),
  process_status: z.string(),
  transaction_id: z.string().nullable(),
  merchant_name: z.string().nullable(),
  assign_to: z.string().nullable(),
  /** The assignee's member id: the page applies the server's My Orders delete rule with it. */
  assigned_to_id: z.number().nullable(),
  processed_by_name: z.string().nullable(),
  refund_date: z.string().nullable(),
  created_at: z.string(),
  /** When every personal detail was erased (permanent deletion or retention); the answers below are then blank. */
  purged_at: z.string().nullable(),
  /** When the passport, travel and customs answers and the document were erased (retention, or with purged_at). */
  travel_erased_at: z.string().nullable(),
  /** What was erased, when and by whom, oldest first: the page's notice. */
  erasures: z.array(erasureEntrySchema),
  // Procedure category
  has_japanese_passport: z.string(),
  has_reentry_permission: z.string(),
  // Passport
  passport_number: z.string(),
  surname: z.string(),
  given_name: z.string(),
  nationality: z.string(),
  date_of_dob: z.number(),
  month_of_dob: z.number(),
  year_of_dob: z.number(),
  date_of_expiry: z.number(),
  month_of_expiry: z.number(),
  year_of_expiry: z.number(),
  // Personal
  occupation: z.string(),
  home_address_country_name: z.string().nullable(),
  home_address_city_name: z.string().nullable(),
  email: z.string(),
  // Arrival
  date_of_arrival_in_japan: z.number(),
  month_of_arrival_in_japan: z.number(),
  year_of_arrival_in_japan: z.number(),
  airline_company: z.string(),
  flight_number: z.string(),
  point_of_embarkation: z.string(),
  // Address in Japan
  postal_code_japan: z.string(),
  prefecture: z.string(),
  other_prefecture: z.string().nullable(),
  city: z.string(),
  other_city: z.string().nullable(),
  address: z.string(),
  hotel_name: z.string(),
  personal_phone_code: z.string(),
  personal_telephone_number: z.string(),
  // Visit
  purpose_of_visit: z.string().nullable(),
  specific_purpose_for_visit: z.string().nullable(),
  duration_of_stay: z.string().nullable(),
  // Questions
  immigration_one: yn,
  immigration_two: yn,
  immigration_three: yn,
  immigration_four: yn,
  declaration_one: z.string(),
  declaration_two: z.string(),
  declaration_three: z.string(),
  declaration_four: z.string(),
  declaration_five: z.string(),
  declaration_six: z.string(),
  declaration_seven: z.string(),
  declaration_eight: z.string(),
  quantity_of_unaccompanied_articles: int,
  // Personal effects
  alcoholic_beverages: int,
  cigarettes: int,
  heat_not_burn: int,
  cigars: int,
  others: int,
  perfume: z.string().nullable(),
  // Other articles
  article_name: z.string().nullable(),
  quantity: int,
  unit: z.string().nullable(),
  market_value: z.string().nullable(),
  currency: z.string().nullable(),
  // Lists
  /** The sent mails, newest sent first. */
  mailHistory: z.array(mailHistoryEntrySchema),
  /** Every document, newest first. */
  uploadDoc: z.array(uploadDocEntrySchema),
  downloadHistory: z.array(downloadHistoryEntrySchema),
  remark: z.array(remarkEntrySchema),
  processLogs: z.array(processLogEntrySchema),
  warnings: z.array(answerWarningSchema),
  /**
   * A payment dispute is linked to the order, in any state: the page shows its Dispute section from the first paint,
   * also once the order has left ChargeBack (product: disputes.md#order-page).
   */
  has_dispute: z.boolean(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** POST /api/admin/update-transaction-details: what the order now holds. */
export const transactionDetailsResultSchema = z.object({
  transaction_id: z.string().nullable(),
  merchant_name: z.string().nullable(),
});
export type RemarkEntry = z.infer<typeof remarkEntrySchema>;
export type ProcessLogEntry = z.infer<typeof processLogEntrySchema>;
export type AnswerWarning = z.infer<typeof answerWarningSchema>;

/** GET /api/admin/approved-mail-preview/{orderId}: the approved-order mail as the customer receives it. */
export const approvedMailPreviewSchema = z.object({
  to: z.string(),
  from_name: z.string(),
  reply_to: z.string(),
  subject: z.string(),
  html: z.string(),
  track_url: z.string(),
  /** False until a finished document is uploaded (the attachment note then names the name it will have). */
  has_document: z.boolean(),
  /** The language the mail is written in: the order's. */
  locale: z.enum(LOCALES),
});
export type ApprovedMailPreview = z.infer<typeof approvedMailPreviewSchema>;

/** PUT /api/admin/order-locale: the order's language after the change. */
export const orderLocaleResultSchema = z.object({ locale: z.enum(LOCALES) });
