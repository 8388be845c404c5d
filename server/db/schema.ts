/**
 * The data model (spec section 3, DECISIONS sections 2-6). Migrations in
 * server/db/migrations are generated from this file by drizzle-kit and then
 * reviewed; hand-written SQL (triggers, trigram indexes) lives in its own
 * numbered migration files.
 */
import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, char, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text,
  timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const teamMembers = pgTable('team_members', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  type: text('type').notNull(),
  /** Bumped on password change, edit or delete: tokens carrying an older version are refused. */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('team_members_email_key').on(sql`lower(${t.email})`),
  check('team_members_type_check', sql`${t.type} in ('Admin','Manager','Team','Telecaller','Night Staff')`),
]);

export const landingSites = pgTable('landing_sites', {
  id: serial('id').primaryKey(),
  siteKey: text('site_key').notNull().unique(),
  name: text('name').notNull(),
  domain: text('domain').notNull(),
  logoUrl: text('logo_url').notNull(),
  headerStyle: text('header_style').notNull(),
  /** [{label, url}] for the full header: home, apply now, additional benefits, terms, privacy, refund, contact. */
  menuLinks: jsonb('menu_links').$type<{ label: string; url: string }[]>().notNull().default([]),
  contactUrl: text('contact_url').notNull(),
  footerText: text('footer_text').notNull(),
  supportEmail: text('support_email').notNull(),
}, (t) => [check('landing_sites_header_style_check', sql`${t.headerStyle} in ('full','reduced')`)]);

export const paymentGateways = pgTable('payment_gateways', {
  id: serial('id').primaryKey(),
  gatewayName: text('gateway_name').notNull().unique(),
  isActive: boolean('is_active').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // At most one active gateway, enforced by the database itself.
  uniqueIndex('payment_gateways_one_active').on(t.isActive).where(sql`${t.isActive}`),
]);

export const orders = pgTable('orders', {
  orderId: bigint('order_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 100001 }),
  landingSiteId: integer('landing_site_id').notNull().references(() => landingSites.id),
  processingMode: text('processing_mode').notNull().default('standard'),
  processingDate: date('processing_date'),
  processStatus: text('process_status').notNull().default('New'),
  assignedToId: integer('assigned_to_id').references(() => teamMembers.id, { onDelete: 'set null' }),
  assignedAt: timestamp('assigned_at', { withTimezone: true }),
  processedById: integer('processed_by_id').references(() => teamMembers.id, { onDelete: 'set null' }),
  /** Kept as text so the Order Processed report survives a member's deletion. */
  processedByName: text('processed_by_name'),
  processedAt: timestamp('processed_at', { withTimezone: true }),
  refundDate: timestamp('refund_date', { withTimezone: true }),
  transactionId: text('transaction_id'),
  merchantName: text('merchant_name'),
  paymentAmount: numeric('payment_amount', { precision: 10, scale: 2 }),
  paymentCurrency: char('payment_currency', { length: 3 }),
  paymentGateway: text('payment_gateway'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when an Admin deletes permanently: the personal data below is blanked, the row stays for the audit. */
  purgedAt: timestamp('purged_at', { withTimezone: true }),

  // Procedure category
  hasJapanesePassport: text('has_japanese_passport').notNull(),
  hasReentryPermission: text('has_reentry_permission').notNull(),
  // Passport
  passportNumber: text('passport_number').notNull(),
  surname: text('surname').notNull(),
  givenName: text('given_name').notNull(),
  nationality: text('nationality').notNull(),
  dateOfDob: smallint('date_of_dob').notNull(),
  monthOfDob: smallint('month_of_dob').notNull(),
  yearOfDob: smallint('year_of_dob').notNull(),
  dateOfExpiry: smallint('date_of_expiry').notNull(),
  monthOfExpiry: smallint('month_of_expiry').notNull(),
  yearOfExpiry: smallint('year_of_expiry').notNull(),
  // Personal
  occupation: text('occupation').notNull(),
  homeAddressCountryName: text('home_address_country_name'),
  homeAddressCityName: text('home_address_city_name'),
  email: text('email').notNull(),
  // Arrival
  dateOfArrivalInJapan: smallint('date_of_arrival_in_japan').notNull(),
  monthOfArrivalInJapan: smallint('month_of_arrival_in_japan').notNull(),
  yearOfArrivalInJapan: smallint('year_of_arrival_in_japan').notNull(),
  airlineCompany: text('airline_company').notNull(),
  flightNumber: text('flight_number').notNull(),
  pointOfEmbarkation: text('point_of_embarkation').notNull(),
  // Address in Japan
  postalCodeJapan: text('postal_code_japan').notNull(),
  prefecture: text('prefecture').notNull(),
  otherPrefecture: text('other_prefecture'),
  city: text('city').notNull(),
  otherCity: text('other_city'),
  address: text('address').notNull(),
  hotelName: text('hotel_name').notNull(),
  personalPhoneCode: text('personal_phone_code').notNull(),
  personalTelephoneNumber: text('personal_telephone_number').notNull(),
  // Visit
  purposeOfVisit: text('purpose_of_visit'),
  specificPurposeForVisit: text('specific_purpose_for_visit'),
  durationOfStay: text('duration_of_stay'),
  // Questions (yes/no)
  immigrationOne: text('immigration_one'),
  immigrationTwo: text('immigration_two'),
  immigrationThree: text('immigration_three'),
  immigrationFour: text('immigration_four'),
  declarationOne: text('declaration_one').notNull(),
  declarationTwo: text('declaration_two').notNull(),
  declarationThree: text('declaration_three').notNull(),
  declarationFour: text('declaration_four').notNull(),
  declarationFive: text('declaration_five').notNull(),
  declarationSix: text('declaration_six').notNull(),
  declarationSeven: text('declaration_seven').notNull(),
  declarationEight: text('declaration_eight').notNull(),
  quantityOfUnaccompaniedArticles: integer('quantity_of_unaccompanied_articles'),
  // Personal effects
  alcoholicBeverages: integer('alcoholic_beverages'),
  cigarettes: integer('cigarettes'),
  heatNotBurn: integer('heat_not_burn'),
  cigars: integer('cigars'),
  others: integer('others'),
  perfume: numeric('perfume', { precision: 8, scale: 2 }),
  // Other articles
  articleName: text('article_name'),
  quantity: integer('quantity'),
  unit: text('unit'),
  marketValue: numeric('market_value', { precision: 12, scale: 2 }),
  currency: text('currency'),
  // Queue search: lower-cased name, e-mail and telephone (order_search_text, migration 0003), stored so that a
  // search's recheck of its trigram matches reads one column instead of rebuilding the text for every row.
  searchText: text('search_text').generatedAlwaysAs(sql`order_search_text(given_name, surname, email, personal_phone_code, personal_telephone_number)`),
  // Every four-digit window of the search text's digit runs (search_digit_grams, migration 0015): a search for
  // digits (a telephone, an id) finds its candidates in lists of ~1,000 orders, where the trigram index
  // intersects digit trigrams held by ~17,000 each (only a thousand digit trigrams exist).
  searchDigitGrams: integer('search_digit_grams').array()
    .generatedAlwaysAs(sql`search_digit_grams(order_search_text(given_name, surname, email, personal_phone_code, personal_telephone_number))`),
}, (t) => [
  check('orders_processing_mode_check', sql`${t.processingMode} in ('standard','priority','future')`),
  check('orders_process_status_check', sql`${t.processStatus} in ('New','Pending','Awaiting','AwaitingGovt','Contact Customer','Customer Called','Completed','Refunds','ChargeBack','Deleted')`),
  check('orders_future_has_date_check', sql`${t.processingMode} <> 'future' or ${t.processingDate} is not null`),
  // Folder predicates (DECISIONS section 2), newest first.
  index('orders_status_created_idx').on(t.processStatus, t.createdAt.desc(), t.orderId.desc()),
  index('orders_new_unassigned_idx').on(t.processingMode, t.processingDate, t.createdAt.desc())
    .where(sql`${t.processStatus} = 'New' and ${t.assignedToId} is null`),
  index('orders_assignee_idx').on(t.assignedToId, t.createdAt.desc()).where(sql`${t.assignedToId} is not null`),
  index('orders_created_idx').on(t.createdAt.desc(), t.orderId.desc()),
  index('orders_email_idx').on(sql`lower(${t.email})`),
  index('orders_processed_by_idx').on(t.processedAt, t.processedByName).where(sql`${t.processedAt} is not null`),
  // Queue pages (issue 3): one partial index per folder shape, in list order, holding every column its predicate
  // reads, so page 500 is an index-only walk of 5000 entries (lists.service.ts pages ids first, then joins).
  // Mode and date ride along so "standard, or future whose date has arrived" is checked in the index (index-only scan).
  index('orders_queue_new_idx').on(t.createdAt.desc(), t.orderId.desc(), t.processingMode, t.processingDate)
    .where(sql`${t.processStatus} = 'New' and ${t.assignedToId} is null and ${t.processingMode} in ('standard','future')`),
  index('orders_queue_history_idx').on(t.createdAt.desc(), t.orderId.desc()).where(sql`${t.processStatus} <> 'Deleted'`),
  index('orders_queue_priority_idx').on(t.createdAt.desc(), t.orderId.desc())
    .where(sql`${t.processStatus} = 'New' and ${t.assignedToId} is null and ${t.processingMode} = 'priority'`),
  index('orders_queue_future_idx').on(t.processingDate, t.createdAt.desc(), t.orderId.desc())
    .where(sql`${t.processStatus} = 'New' and ${t.processingMode} = 'future'`),
  // A Future Order month table: the month's orders newest first, without visiting the other months (was ~30 ms at 1M orders).
  index('orders_queue_future_month_idx').on(sql`(extract(month from ${t.processingDate}))`, t.createdAt.desc(), t.orderId.desc(), t.processingDate)
    .where(sql`${t.processStatus} = 'New' and ${t.processingMode} = 'future'`),
  index('orders_queue_mine_idx').on(t.assignedToId, t.createdAt.desc(), t.orderId.desc())
    .where(sql`${t.assignedToId} is not null and ${t.processStatus} not in ('Completed','Refunds','ChargeBack','Deleted')`),
  // The trigram index on search_text for queue search (contains) is in migration 0011 (needs pg_trgm).
  index('orders_search_digit_grams_idx').using('gin', t.searchDigitGrams),
  // Order id prefix search as one text range ('10974' <= id < '10975', bytewise), a shape a prepared statement can keep.
  index('orders_id_text_idx').on(sql`(${t.orderId}::text collate "C")`),
]);

/**
 * Folder counts kept incrementally by statement-level triggers on orders (migration
 * 0003). One order adds 1 to each bucket it belongs to; a bucket is split into
 * shards (by backend pid) so concurrent status moves do not queue on one hot row.
 * `day` is the processing date for future orders (so "its date has arrived" needs no
 * row change) and '-infinity' for every other bucket. See server/features/orders/folder-counts.ts.
 */
export const orderFolderCounts = pgTable('order_folder_counts', {
  bucket: text('bucket').notNull(),
  day: date('day').notNull().default('-infinity'),
  shard: smallint('shard').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
  /** Orders that entered or left the bucket, ever: a folder's version for its page anchors (migration 0013). */
  changes: bigint('changes', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.bucket, t.day, t.shard] })]);

export const remarks = pgTable('remarks', {
  id: serial('id').primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.orderId, { onDelete: 'cascade' }),
  remark: text('remark').notNull(),
  remarkName: text('remark_name').notNull(),
  staffId: integer('staff_id').references(() => teamMembers.id, { onDelete: 'set null' }),
  whatsapp: char('whatsapp', { length: 1 }),
  telephone: char('telephone', { length: 1 }),
  statusRefund: char('status_refund', { length: 1 }),
  voided: char('voided', { length: 1 }),
  chargeback: char('chargeback', { length: 1 }),
  reportError: char('report_error', { length: 1 }),
  createdAt: createdAt(),
}, (t) => [index('remarks_order_idx').on(t.orderId, t.createdAt.desc())]);

export const uploadDocs = pgTable('upload_docs', {
  id: serial('id').primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.orderId, { onDelete: 'cascade' }),
  /** Stored name, `{orderId}_file1` style; never a user-chosen path. */
  file1: text('file1').notNull(),
  originalName: text('original_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  storageKey: text('storage_key').notNull(),
  /** The document the customer downloads; replaced documents stay for the history. */
  isCurrent: boolean('is_current').notNull().default(true),
  uploadedById: integer('uploaded_by_id').references(() => teamMembers.id, { onDelete: 'set null' }),
  uploadedByName: text('uploaded_by_name'),
  createdAt: createdAt(),
}, (t) => [
  index('upload_docs_order_idx').on(t.orderId, t.createdAt.desc()),
  uniqueIndex('upload_docs_one_current').on(t.orderId).where(sql`${t.isCurrent}`),
]);

/** Durable mail queue and Email History in one table: a sent row is a history line. */
export const mails = pgTable('mails', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).references(() => orders.orderId, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  textBody: text('text_body').notNull(),
  uploadDocId: integer('upload_doc_id').references(() => uploadDocs.id, { onDelete: 'set null' }),
  /** Other attachments (invoice PDF...) kept as stored keys: [{filename, storageKey, contentType}]. */
  attachments: jsonb('attachments').$type<{ filename: string; storageKey: string; contentType: string }[]>().notNull().default([]),
  mailServiceProvider: text('mail_service_provider').notNull(),
  /** Where the worker actually delivered it: the chosen provider, or the local outbox when none is configured. */
  deliveredVia: text('delivered_via'),
  fromAddress: text('from_address'),
  replyTo: text('reply_to'),
  status: text('status').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastError: text('last_error'),
  providerMessageId: text('provider_message_id'),
  requestedById: integer('requested_by_id').references(() => teamMembers.id, { onDelete: 'set null' }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  check('mails_status_check', sql`${t.status} in ('queued','sending','sent','failed')`),
  check('mails_provider_check', sql`${t.mailServiceProvider} in ('ses','smtp')`),
  check('mails_delivered_via_check', sql`${t.deliveredVia} in ('ses','smtp','outbox')`),
  index('mails_delivered_idx').on(t.deliveredVia, t.createdAt.desc()),
  index('mails_order_idx').on(t.orderId, t.createdAt.desc()),
  index('mails_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
]);

export const downloadHistory = pgTable('download_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.orderId, { onDelete: 'cascade' }),
  uploadDocId: integer('upload_doc_id').references(() => uploadDocs.id, { onDelete: 'set null' }),
  file1: text('file1').notNull(),
  ip: text('ip').notNull(),
  userAgent: text('user_agent'),
  browser: text('browser'),
  device: text('device'),
  deviceType: text('device_type'),
  os: text('os'),
  country: text('country'),
  city: text('city'),
  timezone: text('timezone'),
  createdAt: createdAt(),
}, (t) => [index('download_history_order_idx').on(t.orderId, t.createdAt.desc())]);

export const processLogs = pgTable('process_logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.orderId, { onDelete: 'cascade' }),
  stepName: text('step_name').notNull(),
  staffId: integer('staff_id').references(() => teamMembers.id, { onDelete: 'set null' }),
  /** Null for steps with no staff member (intake, customer download): shown as N/A. */
  staffName: text('staff_name'),
  detail: text('detail'),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('process_logs_order_idx').on(t.orderId, t.updateTime),
  index('process_logs_time_idx').on(t.updateTime.desc()),
]);

/**
 * Report counters (issue 6), kept by statement-level triggers on orders (migrations 0006, 0008), so the
 * Country Order List and Order Processed reports read a few hundred small rows instead of every order.
 * report 'country': orders not Deleted, by created_at's UTC day, label = nationality.
 * report 'processed': orders processed and not Deleted, by processed_at's UTC day, label = processed_by_name.
 * Each order counts once per grain: 'd' (day = that day) and 'm' (day = first day of its month); a range
 * reads whole months from 'm' rows and the days at its ends from 'd' rows. See server/features/reports/.
 */
export const orderReportCounts = pgTable('order_report_counts', {
  report: text('report').notNull(),
  grain: char('grain', { length: 1 }).notNull(),
  day: date('day').notNull(),
  label: text('label').notNull(),
  /** Orders per processing mode: one row per label and day holds all three (a third of the rows to sum). */
  nStandard: bigint('n_standard', { mode: 'number' }).notNull().default(0),
  nPriority: bigint('n_priority', { mode: 'number' }).notNull().default(0),
  nFuture: bigint('n_future', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.report, t.grain, t.day, t.label] })]);

/**
 * Order Processing Logs list (issue 6): one row per order and UTC day with process-log lines, kept by
 * triggers on process_logs. next_day is the order's next day with lines ('infinity' for its last), so
 * "orders with lines between a and b" are the rows with day in [a, b] and next_day > b: one row each.
 */
export const orderLogDays = pgTable('order_log_days', {
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  day: date('day').notNull(),
  nextDay: date('next_day').notNull(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  steps: integer('steps').notNull(),
}, (t) => [
  primaryKey({ columns: [t.orderId, t.day] }),
  index('order_log_days_last_idx').on(t.lastAt.desc(), t.orderId.desc()),
]);

/** How many order_log_days rows have each (day, next_day): the list's exact total for any range. Sharded like order_folder_counts. */
export const orderLogDayCounts = pgTable('order_log_day_counts', {
  day: date('day').notNull(),
  nextDay: date('next_day').notNull(),
  shard: smallint('shard').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.day, t.nextDay, t.shard] })]);

/** Every switch of the active payment gateway: who, when, to which (the Gateway Setting screen shows the last). */
export const paymentGatewayChanges = pgTable('payment_gateway_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  gatewayId: integer('gateway_id').notNull().references(() => paymentGateways.id),
  staffId: integer('staff_id').references(() => teamMembers.id, { onDelete: 'set null' }),
  staffName: text('staff_name'),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('payment_gateway_changes_time_idx').on(t.changedAt.desc())]);

/** Intake idempotency: one order per (landing site, Idempotency-Key). */
export const intakeRequests = pgTable('intake_requests', {
  landingSiteId: integer('landing_site_id').notNull().references(() => landingSites.id),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.orderId, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('intake_requests_key').on(t.landingSiteId, t.idempotencyKey)]);

/** Fixed-window counters for rate limits, shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/** Small key/value settings kept by the app itself (e.g. the generated JWT secret on PostgreSQL). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
