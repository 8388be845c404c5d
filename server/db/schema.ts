/**
 * The data model (product: orders.md#order-detail, orders.md#statuses, roles.md#server-enforcement, api.md#new-calls, public-pages.md#privacy, orders.md#mail). Migrations in
 * server/db/migrations are generated from this file by drizzle-kit and then
 * reviewed; hand-written SQL (triggers, trigram indexes) lives in its own
 * numbered migration files.
 *
 * Which columns hold personal data, and how each is erased, is decided in server/db/personal-data.ts (a test
 * fails when a column is missing there): add every new column to it too.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const teamMembers = pgTable(
  'team_members',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    type: text('type').notNull(),
    /** Bumped on password change, edit or delete: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * Two-factor sign-in (TOTP, RFC 6238). The secrets are encrypted with TWO_FACTOR_KEY (lib/secret-box.ts), never
     * stored plain. Not personal data about customers; a staff credential, erased with the member's row.
     */
    totpSecret: text('totp_secret'),
    /** A secret shown on the set-up screen but not yet confirmed by a first code. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The 30-second step of the last code accepted: a code (or an older one) is accepted once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_members_email_key').on(sql`lower(${t.email})`),
    check('team_members_type_check', sql`${t.type} in ('Admin','Manager','Team','Telecaller','Night Staff')`),
  ],
);

export const landingSites = pgTable(
  'landing_sites',
  {
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
    /** The language of an order that names none at intake (shared/i18n/locales.ts). */
    defaultLocale: text('default_locale').notNull().default('en'),
  },
  (t) => [check('landing_sites_header_style_check', sql`${t.headerStyle} in ('full','reduced')`)],
);

export const paymentGateways = pgTable(
  'payment_gateways',
  {
    id: serial('id').primaryKey(),
    gatewayName: text('gateway_name').notNull().unique(),
    isActive: boolean('is_active').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // At most one active gateway, enforced by the database itself.
    uniqueIndex('payment_gateways_one_active')
      .on(t.isActive)
      .where(sql`${t.isActive}`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    orderId: bigint('order_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 100001 }),
    landingSiteId: integer('landing_site_id')
      .notNull()
      .references(() => landingSites.id),
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
    /**
     * Set when every personal column of the order (and of its remarks, mails, downloads, documents and process-log
     * details) was erased: by a permanent deletion or by the retention policy's evidence period. The row stays as the
     * accounting and audit record. Which columns are personal: server/db/personal-data.ts.
     */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    /**
     * Not personal. Set when the passport, travel and customs answers and the finished document were erased
     * (retention: some weeks after the arrival date; also set with purged_at). Migration 0020.
     */
    travelErasedAt: timestamp('travel_erased_at', { withTimezone: true }),
    /**
     * Where the customer paid from, as the landing site saw it (optional at intake): the IP address and the browser's
     * user agent, sent to a payment provider as dispute evidence. Personal (evidence stage).
     */
    purchaseIp: text('purchase_ip'),
    purchaseUserAgent: text('purchase_user_agent'),
    /**
     * The customer's language (shared/i18n/locales.ts): every mail to the customer is written in it. Set at intake,
     * changed by staff. Not personal: a language tag says nothing the landing site does not.
     */
    locale: text('locale').notNull().default('en'),
    /**
     * The passport, travel and customs answers sealed at rest (server/db/sealed-travel.ts; product: security.md#columns):
     * one AES-256-GCM value naming its key, the JSON of every sealed column. While it is set those columns hold blanks.
     * Null on an order stored before sealing (its answers in clear until the sealing job reaches it) or erased.
     */
    travelSealed: text('travel_sealed'),
    /**
     * The passport number's blind index: a keyed hash under the key that sealed the row, for staff's exact search by
     * passport number without opening every order. Null when nothing is sealed.
     */
    passportNumberIndex: text('passport_number_index'),

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
    searchText: text('search_text').generatedAlwaysAs(
      sql`order_search_text(given_name, surname, email, personal_phone_code, personal_telephone_number)`,
    ),
    // Every four-digit window of the search text's digit runs (search_digit_grams, migration 0015): a search for
    // digits (a telephone, an id) finds its candidates in lists of ~1,000 orders, where the trigram index
    // intersects digit trigrams held by ~17,000 each (only a thousand digit trigrams exist).
    searchDigitGrams: integer('search_digit_grams')
      .array()
      .generatedAlwaysAs(
        sql`search_digit_grams(order_search_text(given_name, surname, email, personal_phone_code, personal_telephone_number))`,
      ),
  },
  (t) => {
    /** The arrival day as one sortable number (YYYYMMDD): the key of every arrival index; queue-filters.ts writes the same. */
    const arrivalKey = sql`(${t.yearOfArrivalInJapan} * 10000 + ${t.monthOfArrivalInJapan} * 100 + ${t.dateOfArrivalInJapan})`;
    return [
      check('orders_processing_mode_check', sql`${t.processingMode} in ('standard','priority','future')`),
      check(
        'orders_process_status_check',
        sql`${t.processStatus} in ('New','Pending','Awaiting','AwaitingGovt','Contact Customer','Customer Called','Completed','Refunds','ChargeBack','Deleted')`,
      ),
      check('orders_future_has_date_check', sql`${t.processingMode} <> 'future' or ${t.processingDate} is not null`),
      // Folder predicates (product: folders.md#predicates), newest first.
      index('orders_status_created_idx').on(t.processStatus, t.createdAt.desc(), t.orderId.desc()),
      index('orders_new_unassigned_idx')
        .on(t.processingMode, t.processingDate, t.createdAt.desc())
        .where(sql`${t.processStatus} = 'New' and ${t.assignedToId} is null`),
      index('orders_assignee_idx')
        .on(t.assignedToId, t.createdAt.desc())
        .where(sql`${t.assignedToId} is not null`),
      index('orders_created_idx').on(t.createdAt.desc(), t.orderId.desc()),
      index('orders_email_idx').on(sql`lower(${t.email})`),
      index('orders_processed_by_idx')
        .on(t.processedAt, t.processedByName)
        .where(sql`${t.processedAt} is not null`),
      // Queue pages: one partial index per folder shape, in list order, holding every column its predicate
      // reads, so page 500 is an index-only walk of 5000 entries (page-statements.ts pages ids first, then joins).
      // Mode and date ride along so "standard, or future whose date has arrived" is checked in the index (index-only scan).
      index('orders_queue_new_idx')
        .on(t.createdAt.desc(), t.orderId.desc(), t.processingMode, t.processingDate)
        .where(
          sql`${t.processStatus} = 'New' and ${t.assignedToId} is null and ${t.processingMode} in ('standard','future')`,
        ),
      index('orders_queue_history_idx')
        .on(t.createdAt.desc(), t.orderId.desc())
        .where(sql`${t.processStatus} <> 'Deleted'`),
      index('orders_queue_priority_idx')
        .on(t.createdAt.desc(), t.orderId.desc())
        .where(sql`${t.processStatus} = 'New' and ${t.assignedToId} is null and ${t.processingMode} = 'priority'`),
      index('orders_queue_future_idx')
        .on(t.processingDate, t.createdAt.desc(), t.orderId.desc())
        .where(sql`${t.processStatus} = 'New' and ${t.processingMode} = 'future'`),
      // A Future Order month table: the month's orders newest first, without visiting the other months.
      index('orders_queue_future_month_idx')
        .on(sql`(extract(month from ${t.processingDate}))`, t.createdAt.desc(), t.orderId.desc(), t.processingDate)
        .where(sql`${t.processStatus} = 'New' and ${t.processingMode} = 'future'`),
      index('orders_queue_mine_idx')
        .on(t.assignedToId, t.createdAt.desc(), t.orderId.desc())
        .where(
          sql`${t.assignedToId} is not null and ${t.processStatus} not in ('Completed','Refunds','ChargeBack','Deleted')`,
        ),
      // The trigram index on search_text for queue search (contains) is in migration 0011 (needs pg_trgm).
      index('orders_search_digit_grams_idx').using('gin', t.searchDigitGrams),
      // Order id prefix search as one text range ('10974' <= id < '10975', bytewise), a shape a prepared statement can keep.
      index('orders_id_text_idx').on(sql`(${t.orderId}::text collate "C")`),
      // Retention (server/features/erasure/retention.service.ts): the orders due for each erasure, oldest first, without
      // reading the ones already erased or in ChargeBack. Built CONCURRENTLY by migration 0021; the expressions and
      // predicates must stay those of retention.service.ts's due queries.
      index('orders_travel_due_idx')
        .on(arrivalKey)
        .where(sql`${t.travelErasedAt} is null and ${t.processStatus} <> 'ChargeBack'`),
      index('orders_evidence_due_idx')
        .on(sql`(coalesce(${t.paidAt}, ${t.createdAt}))`)
        .where(sql`${t.purgedAt} is null and ${t.processStatus} <> 'ChargeBack'`),
      // A payment dispute finds its order by the payment's transaction id (migration 0031, CONCURRENTLY).
      index('orders_transaction_id_idx')
        .on(t.transactionId)
        .where(sql`${t.transactionId} is not null`),
      // A staff search by exact passport number, through its blind index; and the orders whose answers are still in
      // clear, which the sealing job walks (an index that empties as it goes). Both CONCURRENTLY (migration 0036).
      index('orders_passport_number_index_idx')
        .on(t.passportNumberIndex)
        .where(sql`${t.passportNumberIndex} is not null`),
      index('orders_travel_in_clear_idx')
        .on(t.orderId)
        .where(sql`${t.travelSealed} is null and ${t.travelErasedAt} is null and ${t.purgedAt} is null`),
      // Work next and the arrival sort (docs/decisions/0016): unassigned New / Priority orders and a member's
      // open orders by arrival date (yyyymmdd, as orders_travel_due_idx), then oldest first. Built CONCURRENTLY by
      // migration 0025; the expressions and predicates must stay those of work-next.service.ts and arrival.ts.
      // The arrival's three columns ride along so that a page or a count is an index-only scan (PostgreSQL reads the
      // columns of an indexed expression from the heap unless the index also holds them).
      index('orders_work_next_new_idx')
        .on(
          arrivalKey,
          t.createdAt,
          t.orderId,
          t.processingMode,
          t.processingDate,
          t.yearOfArrivalInJapan,
          t.monthOfArrivalInJapan,
          t.dateOfArrivalInJapan,
        )
        .where(
          sql`${t.processStatus} = 'New' and ${t.assignedToId} is null and ${t.processingMode} in ('standard','future')`,
        ),
      index('orders_work_next_priority_idx')
        .on(arrivalKey, t.createdAt, t.orderId, t.yearOfArrivalInJapan, t.monthOfArrivalInJapan, t.dateOfArrivalInJapan)
        .where(sql`${t.processStatus} = 'New' and ${t.assignedToId} is null and ${t.processingMode} = 'priority'`),
      index('orders_mine_arrival_idx')
        .on(
          t.assignedToId,
          arrivalKey,
          t.createdAt,
          t.orderId,
          t.yearOfArrivalInJapan,
          t.monthOfArrivalInJapan,
          t.dateOfArrivalInJapan,
        )
        .where(
          sql`${t.assignedToId} is not null and ${t.processStatus} not in ('Completed','Refunds','ChargeBack','Deleted')`,
        ),
      // Queue filters and sorts (docs/decisions/0023), built CONCURRENTLY by migrations 0026 and 0029: every
      // order by arrival (the sort in any queue, both ways, and an arrival range), by name (lower-cased, as queueOrderBy
      // sorts), by nationality newest first (a rare nationality in a large queue), and a status folder by arrival. The
      // columns after the sort keys are the folder predicates' and the filters': an exact filtered total is then an
      // index-only scan, not one heap page per candidate (migration 0029). The expressions must stay those of
      // server/features/queue-engine/queue-filters.ts.
      index('orders_arrival_filters_idx').on(
        arrivalKey,
        t.createdAt,
        t.orderId,
        t.yearOfArrivalInJapan,
        t.monthOfArrivalInJapan,
        t.dateOfArrivalInJapan,
        t.processStatus,
        t.processingMode,
        t.processingDate,
        t.assignedToId,
        t.landingSiteId,
        t.nationality,
        t.paymentAmount,
        t.paymentCurrency,
      ),
      // The names themselves and the status after the sort's keys: a page by name is an index-only walk (0037).
      index('orders_name_sort_idx').on(
        sql`lower(${t.surname})`,
        sql`lower(${t.givenName})`,
        t.orderId,
        t.surname,
        t.givenName,
        t.processStatus,
      ),
      index('orders_nationality_filters_idx').on(
        t.nationality,
        t.createdAt.desc(),
        t.orderId.desc(),
        t.processStatus,
        t.processingMode,
        t.processingDate,
        t.assignedToId,
        t.landingSiteId,
        t.yearOfArrivalInJapan,
        t.monthOfArrivalInJapan,
        t.dateOfArrivalInJapan,
        t.paymentAmount,
        t.paymentCurrency,
      ),
      index('orders_status_arrival_idx').on(
        t.processStatus,
        arrivalKey,
        t.createdAt,
        t.orderId,
        t.yearOfArrivalInJapan,
        t.monthOfArrivalInJapan,
        t.dateOfArrivalInJapan,
        t.processingMode,
        t.assignedToId,
        t.landingSiteId,
        t.nationality,
        t.paymentAmount,
        t.paymentCurrency,
      ),
    ];
  },
);

/**
 * Folder counts kept incrementally by statement-level triggers on orders (migration
 * 0003). One order adds 1 to each bucket it belongs to; a bucket is split into
 * shards (by backend pid) so concurrent status moves do not queue on one hot row.
 * `day` is the processing date for future orders (so "its date has arrived" needs no
 * row change) and '-infinity' for every other bucket. See server/features/queue-engine/folder-counts.ts.
 */
export const orderFolderCounts = pgTable(
  'order_folder_counts',
  {
    bucket: text('bucket').notNull(),
    day: date('day').notNull().default('-infinity'),
    shard: smallint('shard').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    /** Orders that entered or left the bucket, ever: a folder's version for its page anchors (migration 0013). */
    changes: bigint('changes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.day, t.shard] })],
);

export const remarks = pgTable(
  'remarks',
  {
    id: serial('id').primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
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
  },
  (t) => [index('remarks_order_idx').on(t.orderId, t.createdAt.desc())],
);

export const uploadDocs = pgTable(
  'upload_docs',
  {
    id: serial('id').primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
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
  },
  (t) => [
    index('upload_docs_order_idx').on(t.orderId, t.createdAt.desc()),
    uniqueIndex('upload_docs_one_current')
      .on(t.orderId)
      .where(sql`${t.isCurrent}`),
  ],
);

/** Durable mail queue and Email History in one table: a sent row is a history line. */
export const mails = pgTable(
  'mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.orderId, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    textBody: text('text_body').notNull(),
    uploadDocId: integer('upload_doc_id').references(() => uploadDocs.id, { onDelete: 'set null' }),
    /** Other attachments (invoice PDF...) kept as stored keys: [{filename, storageKey, contentType}]. */
    attachments: jsonb('attachments')
      .$type<{ filename: string; storageKey: string; contentType: string }[]>()
      .notNull()
      .default([]),
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
    /**
     * The Message-ID header of every attempt, set at the first claim and kept, so a receiver can tell a re-send
     * (after a crash mid-send) is the same mail. Not personal data: `<mailId.random@MAIL_FROM domain>`.
     */
    messageId: text('message_id'),
    /**
     * The claim holding a `sending` mail (one per worker batch): its result, lease renewals and release apply
     * only while the token is still this one. Not personal data.
     */
    claimToken: uuid('claim_token'),
    requestedById: integer('requested_by_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('mails_status_check', sql`${t.status} in ('queued','sending','sent','failed')`),
    check('mails_provider_check', sql`${t.mailServiceProvider} in ('ses','smtp')`),
    check('mails_delivered_via_check', sql`${t.deliveredVia} in ('ses','smtp','outbox')`),
    index('mails_delivered_idx').on(t.deliveredVia, t.createdAt.desc()),
    index('mails_order_idx').on(t.orderId, t.createdAt.desc()),
    index('mails_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
  ],
);

export const downloadHistory = pgTable(
  'download_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
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
  },
  (t) => [index('download_history_order_idx').on(t.orderId, t.createdAt.desc())],
);

export const processLogs = pgTable(
  'process_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    stepName: text('step_name').notNull(),
    staffId: integer('staff_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    /** Null for steps with no staff member (intake, customer download): shown as N/A. */
    staffName: text('staff_name'),
    detail: text('detail'),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('process_logs_order_idx').on(t.orderId, t.updateTime),
    index('process_logs_time_idx').on(t.updateTime.desc()),
  ],
);

/**
 * Report counters, kept by statement-level triggers on orders (migrations 0006, 0008), so the
 * Country Order List and Order Processed reports read a few hundred small rows instead of every order.
 * report 'country': orders not Deleted, by created_at's UTC day, label = nationality.
 * report 'processed': orders processed and not Deleted, by processed_at's UTC day, label = processed_by_name.
 * Each order counts once per grain: 'd' (day = that day) and 'm' (day = first day of its month); a range
 * reads whole months from 'm' rows and the days at its ends from 'd' rows. See server/features/reports/.
 */
export const orderReportCounts = pgTable(
  'order_report_counts',
  {
    report: text('report').notNull(),
    grain: char('grain', { length: 1 }).notNull(),
    day: date('day').notNull(),
    label: text('label').notNull(),
    /** Orders per processing mode: one row per label and day holds all three (a third of the rows to sum). */
    nStandard: bigint('n_standard', { mode: 'number' }).notNull().default(0),
    nPriority: bigint('n_priority', { mode: 'number' }).notNull().default(0),
    nFuture: bigint('n_future', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.report, t.grain, t.day, t.label] })],
);

/**
 * Order Processing Logs list: one row per order and UTC day with process-log lines, kept by
 * triggers on process_logs. next_day is the order's next day with lines ('infinity' for its last), so
 * "orders with lines between a and b" are the rows with day in [a, b] and next_day > b: one row each.
 */
export const orderLogDays = pgTable(
  'order_log_days',
  {
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    day: date('day').notNull(),
    nextDay: date('next_day').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    steps: integer('steps').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.day] }),
    index('order_log_days_last_idx').on(t.lastAt.desc(), t.orderId.desc()),
  ],
);

/** How many order_log_days rows have each (day, next_day): the list's exact total for any range. Sharded like order_folder_counts. */
export const orderLogDayCounts = pgTable(
  'order_log_day_counts',
  {
    day: date('day').notNull(),
    nextDay: date('next_day').notNull(),
    shard: smallint('shard').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.nextDay, t.shard] })],
);

/** Every switch of the active payment gateway: who, when, to which (the Gateway Setting screen shows the last). */
export const paymentGatewayChanges = pgTable(
  'payment_gateway_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gatewayId: integer('gateway_id')
      .notNull()
      .references(() => paymentGateways.id),
    staffId: integer('staff_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    staffName: text('staff_name'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_gateway_changes_time_idx').on(t.changedAt.desc())],
);

/** Intake idempotency: one order per (landing site, Idempotency-Key). */
export const intakeRequests = pgTable(
  'intake_requests',
  {
    landingSiteId: integer('landing_site_id')
      .notNull()
      .references(() => landingSites.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('intake_requests_key').on(t.landingSiteId, t.idempotencyKey),
    // An order's request, for its erasure (request_hash is personal: server/db/personal-data.ts). Migration 0023.
    index('intake_requests_order_idx').on(t.orderId),
  ],
);

/** Fixed-window counters for rate limits, shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/**
 * One row per staff sign-in: the token carries its id (`sid`), so one session can end without ending the others.
 * Personal data (of staff): `ip` and `user_agent`. Rows are deleted with the member and 30 days after they end or
 * expire (features/auth/sessions.service.ts, pruneSessions).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why it ended: 'logout', 'everywhere', 'admin', 'password', 'two-factor-reset'. */
    endedReason: text('ended_reason'),
    /**
     * Set when the session began waiting for two-factor set-up (its sign-in answered so), cleared once it is on. The
     * gate itself reads the rule live (lib/auth.ts, setupPendingSql), so a requirement turned on later stops the
     * session too.
     */
    twoFactorSetupPending: boolean('two_factor_setup_pending').notNull().default(false),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_member_idx').on(t.memberId, t.createdAt.desc())],
);

/** One-time recovery codes of a member's two-factor sign-in, stored as SHA-256 hashes (the codes are random, 60 bits). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_recovery_codes_member_hash').on(t.memberId, t.codeHash)],
);

/**
 * Security events of staff accounts (two-factor turned on, off or reset, sessions ended by an Admin, the policy
 * changed): who did what to whose account, and when. No personal data beyond the staff ids.
 */
export const staffSecurityEvents = pgTable(
  'staff_security_events',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').references(() => teamMembers.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    event: text('event').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_security_events_member_idx').on(t.memberId, t.createdAt.desc())],
);

/** Small key/value settings kept by the app itself (e.g. the generated JWT secret on PostgreSQL). */
/**
 * The keys that sealed stored data (server/lib/encryption/stored-keys.ts): the id and a check value that tells the
 * right key from a wrong one of the same id, never the key. `retired_at`: a rotation moved everything off it.
 */
export const encryptionKeys = pgTable('encryption_keys', {
  id: text('id').primaryKey(),
  checkValue: text('check_value').notNull(),
  createdAt: createdAt(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Live events (docs/decisions/0015): what the staff event stream sends, written by triggers on orders and
 * process_logs in the same transaction as the change, so every path (moves, assignment, delete, intake, erasure, bulk
 * loads) is covered. No personal data: ids, statuses, modes, dates, staff ids and a process-log step name. `kind`:
 * 'order' (a change of status, mode, processing date or assignee; old_* null on insert, new_* null on delete),
 * 'activity' (a process-log line: someone changed the order), 'resync' (a statement touched too many orders to list
 * them: clients reload). The listener of each process reads rows after the last id it saw (NOTIFY live_events).
 * Rows older than LIVE_EVENTS_KEEP are deleted by the retention job.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    oldStatus: text('old_status'),
    newStatus: text('new_status'),
    oldMode: text('old_mode'),
    newMode: text('new_mode'),
    oldProcessingDate: date('old_processing_date'),
    newProcessingDate: date('new_processing_date'),
    oldAssignee: integer('old_assignee'),
    newAssignee: integer('new_assignee'),
    actorId: integer('actor_id'),
    step: text('step'),
    createdAt: createdAt(),
  },
  (t) => [index('live_events_created_idx').on(t.createdAt)],
);

/**
 * Who has an order open: one row per browser tab (`client_id`, random per tab) of a member, renewed by a
 * heartbeat; a row past `expires_at` is deleted by the listener of any process, which tells every stream.
 */
export const orderPresence = pgTable(
  'order_presence',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    state: text('state').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.clientId] }), index('order_presence_order_idx').on(t.orderId)],
);

/**
 * Saved views of the queues (docs/decisions/0023): a member's name for a folder and the address query of
 * its filters, sort and page size. `shared` (set by an Admin or Manager) shows it to everyone. Deleted with the
 * member. Personal data: see server/db/personal-data.ts.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'cascade' }),
    folder: text('folder').notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_views_member_folder_name_key').on(t.memberId, t.folder, sql`lower(${t.name})`),
    index('saved_views_folder_shared_idx')
      .on(t.folder)
      .where(sql`${t.shared}`),
  ],
);

/**
 * One row per export of orders or of a report (docs/decisions/0024): who, what (queue or report,
 * the filters without the search text: whether a search was used and its length only, since a search is often a
 * customer's name), the format and how many rows, written before the first byte leaves; `rows_written` and
 * `finished_at` when the file was complete (null: the download was cut off). Deleted a year after (retention job).
 */
export const orderExports = pgTable(
  'order_exports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    /** 'queue' (a folder of orders) or 'report'. */
    kind: text('kind').notNull(),
    /** The folder name (newOrder ... orderHistory) or the report (country, processed). */
    source: text('source').notNull(),
    /** Filters, sort and month as sent, without the search text; a report's date range. */
    filters: jsonb('filters').notNull(),
    searchUsed: boolean('search_used').notNull().default(false),
    searchLength: integer('search_length').notNull().default(0),
    format: text('format').notNull(),
    rowCount: integer('row_count').notNull(),
    rowsWritten: integer('rows_written'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('order_exports_created_idx').on(t.createdAt)],
);

/**
 * An export a member saves from the browser (docs/decisions/0051): the SHA-256 of its one-time download ticket, its
 * state, and the rows written so far for the page's progress bar; `cancel_requested` is how the page's Cancel reaches
 * the process that streams it. Deleted a day after it was opened.
 */
export const exportRuns = pgTable(
  'export_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketHash: text('ticket_hash').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    /** waiting (ticket not used yet), running, done, refused (with its message), cancelled, failed. */
    state: text('state').notNull().default('waiting'),
    total: integer('total'),
    rows: integer('rows').notNull().default(0),
    message: text('message'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('export_runs_ticket_idx').on(t.ticketHash),
    index('export_runs_created_idx').on(t.createdAt),
    check('export_runs_state_check', sql`${t.state} in ('waiting','running','done','refused','cancelled','failed')`),
  ],
);

/**
 * A payment dispute (chargeback) as its provider reports it (product: disputes.md): one row per provider dispute,
 * written by the provider's webhook events and by staff sending evidence. `order_id` is null until the dispute is
 * matched to an order (by the payment's transaction id, or linked by an Admin). `state` is ours (needs_evidence,
 * saved, submitted, won, lost, accepted), derived from the provider's status and what was sent; `event_at` and
 * `event_rank` order the provider's events, so an older state never overwrites a newer one.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gateway: text('gateway').notNull(),
    providerDisputeId: text('provider_dispute_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.orderId, { onDelete: 'cascade' }),
    /** The payment's ids at the provider (a charge and its payment intent, a capture): what matches an order. */
    paymentReferences: jsonb('payment_references').$type<string[]>().notNull().default([]),
    reason: text('reason').notNull().default(''),
    amount: numeric('amount', { precision: 12, scale: 2 }),
    currency: char('currency', { length: 3 }),
    providerStatus: text('provider_status').notNull(),
    state: text('state').notNull(),
    evidenceDueAt: timestamp('evidence_due_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    eventAt: timestamp('event_at', { withTimezone: true }).notNull(),
    eventRank: smallint('event_rank').notNull().default(0),
    coverLetter: text('cover_letter'),
    /** The evidence as last sent to the provider (fields and file names), for the record. */
    evidenceSent: jsonb('evidence_sent'),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    savedByName: text('saved_by_name'),
    /** Set while a member's submission is on its way: a second one is refused meanwhile. */
    submittingSince: timestamp('submitting_since', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedByName: text('submitted_by_name'),
    /** The provider's last refusal of evidence, in words. */
    providerRefusal: text('provider_refusal'),
    linkedById: integer('linked_by_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    linkedByName: text('linked_by_name'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('disputes_provider_idx').on(t.gateway, t.providerDisputeId),
    index('disputes_order_idx').on(t.orderId),
    index('disputes_due_idx').on(t.evidenceDueAt, t.id),
    index('disputes_unmatched_idx')
      .on(t.openedAt.desc())
      .where(sql`${t.orderId} is null`),
    check('disputes_gateway_check', sql`${t.gateway} in ('stripe','paypal')`),
    check('disputes_state_check', sql`${t.state} in ('needs_evidence','saved','submitted','won','lost','accepted')`),
  ],
);

/** Every payment-provider event applied, by its id: an event delivered again is acknowledged and changes nothing. */
export const providerEvents = pgTable(
  'provider_events',
  {
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    disputeId: bigint('dispute_id', { mode: 'number' }).references(() => disputes.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.eventId] }), index('provider_events_received_idx').on(t.receivedAt)],
);

/**
 * Requests for information (product: information-requests.md#loop): staff ask the customer to check some answers
 * (`fields`: keys of ASKABLE_FIELDS, shared/schemas/information-request-texts.ts) with a note; the order waits in
 * Awaiting Response and goes back to `from_status` when the customer answers. `state`: open, answered, accepted,
 * declined, expired, closed. The follow-up job stamps each reminder and the escalation once (their columns).
 * Personal data: server/db/personal-data.ts.
 */
export const informationRequests = pgTable(
  'information_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    fields: text('fields').array().notNull(),
    note: text('note').notNull(),
    state: text('state').notNull().default('open'),
    fromStatus: text('from_status').notNull(),
    requestedById: integer('requested_by_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    firstReminderAt: timestamp('first_reminder_at', { withTimezone: true }),
    secondReminderAt: timestamp('second_reminder_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    reviewedById: integer('reviewed_by_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    reviewedByName: text('reviewed_by_name'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    declineNote: text('decline_note'),
  },
  (t) => [
    check(
      'information_requests_state_check',
      sql`${t.state} in ('open','answered','accepted','declined','expired','closed')`,
    ),
    index('information_requests_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('information_requests_one_open')
      .on(t.orderId)
      .where(sql`${t.state} = 'open'`),
    index('information_requests_open_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'open'`),
    index('information_requests_answered_idx')
      .on(t.orderId)
      .where(sql`${t.state} = 'answered'`),
  ],
);

/** The links mailed for a request, one per mail: only the SHA-256 of each token is kept (product: information-requests.md#token). */
export const informationRequestLinks = pgTable(
  'information_request_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => informationRequests.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('information_request_links_request_idx').on(t.requestId),
    index('information_request_links_order_idx').on(t.orderId),
  ],
);

/** A customer's answers to a request: per order column, the value before and the value sent (JSON values). */
export const informationRequestChanges = pgTable(
  'information_request_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => informationRequests.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
  },
  (t) => [
    index('information_request_changes_request_idx').on(t.requestId),
    index('information_request_changes_order_idx').on(t.orderId),
  ],
);
