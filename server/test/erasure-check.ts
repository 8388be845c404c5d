/**
 * Reading an order back after an erasure, column by column, from THE list (server/db/personal-data.ts):
 * `personalOrder` fills every personal column an order can have (its answers, a remark, a document and an
 * invoice file, mails sent, queued and failed, a download, a payment dispute, process-log lines quoting its data, an intake
 * request, a request for information with its change set); `snapshotOrder` reads every row of every table that
 * belongs to it; `expectErased` compares two snapshots: each personal column of the erased stages is blank, every
 * other column is as it was.
 */
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../db/client';
import { idRow } from '../db/row-schemas';
import {
  blankOf,
  erasedColumns,
  ERASURE_STEPS,
  PERSONAL_DATA,
  STATUS_CHANGE_DETAIL,
  tableName,
  type ErasureStage,
  type TableRules,
} from '../db/personal-data';
import {
  downloadHistory,
  orders,
  informationRequestChanges,
  informationRequestLinks,
  informationRequests,
  intakeRequests,
  mails,
  remarks,
  uploadDocs,
} from '../db/schema';
import { logSteps } from '../lib/process-log';
import type { Storage } from '../lib/storage';
import { insertOrder, orderValues, type OrderValues } from './order-factory';
import { sealedInsert } from '../db/sealed-travel';
import { TEST_KEY_RING } from './test-keys';

type Row = Record<string, unknown>;
const anyRowSchema = z.record(z.string(), z.unknown());
const leftSchema = z.object({ left: z.number() });
export type OrderSnapshot = Record<string, Row[]>;

const perOrderTables = () => PERSONAL_DATA.filter((r) => r.perOrder);
const KEY_COLUMN: Record<string, string> = {
  orders: 'order_id',
  intake_requests: 'idempotency_key',
  information_request_links: 'token_hash',
};
const keyOf = (table: string, row: Row) => String(row[KEY_COLUMN[table] ?? 'id']);

/** Every row of every table that belongs to the order, by table name, in key order. */
const tableExists = z.object({ present: z.boolean() });

export async function snapshotOrder(db: Executor, orderId: number): Promise<OrderSnapshot> {
  const out: OrderSnapshot = {};
  for (const rules of perOrderTables()) {
    const name = tableName(rules);
    // A database at an earlier migration (the upgrade test's) lacks the tables added since: they hold no row of it.
    const [table] = await selectRows(db, tableExists, sql`select to_regclass(${name}) is not null as present`);
    const rows = table!.present
      ? await selectRows(db, anyRowSchema, sql`select * from ${sql.identifier(name)} where order_id = ${orderId}`)
      : [];
    out[name] = rows
      .map((r) => JSON.parse(JSON.stringify(r)) as Row)
      .sort((a, b) => keyOf(name, a).localeCompare(keyOf(name, b), 'en', { numeric: true }));
  }
  return out;
}

const isBlankish = (v: unknown) =>
  v === null || v === '' || v === 0 || v === '0' || (Array.isArray(v) && v.length === 0);

/** The fixture is only a test if it filled what the erasure must blank: every personal column holds a value somewhere. */
export function expectEveryPersonalColumnFilled(snapshot: OrderSnapshot, stages: ErasureStage[]) {
  for (const rules of perOrderTables()) {
    const name = tableName(rules);
    for (const { name: column } of erasedColumns(rules, stages)) {
      const filled = snapshot[name]!.some((row) => !isBlankish(row[column]));
      expect(filled, `the fixture leaves ${name}.${column} empty, so its erasure is not tested`).toBe(true);
    }
  }
}

/** Columns whose blank depends on the row (personal-data.ts `blank`): what an erased value may be. */
const CUSTOM_BLANK_CHECKS: Record<string, (value: unknown, row: Row) => boolean> = {
  'process_logs.detail': (value, row) =>
    value === null ||
    new RegExp(STATUS_CHANGE_DETAIL).test(String(value)) ||
    (ERASURE_STEPS as readonly string[]).includes(String(row.step_name)),
  'mails.last_error': (value) => value === null || value === "Not sent: the order's personal data was erased.",
};

export interface ErasedExpectation {
  /** Columns the action itself changes besides the erasure (e.g. orders.process_status for a permanent deletion). */
  alsoChanged?: string[];
  /** Process-log steps the action itself adds besides the erasure's (e.g. "Order deleted"). */
  alsoLogged?: string[];
}

/** Markers and bookkeeping an erasure sets, per stage. */
function changedByErasure(stages: ErasureStage[]): string[] {
  if (stages.length === 0) return [];
  return [
    'orders.updated_at',
    'orders.travel_erased_at',
    ...(stages.includes('evidence')
      ? ['orders.purged_at', 'orders.search_text', 'orders.search_digit_grams', 'mails.status', 'mails.locked_until']
      : []),
  ];
}

/**
 * `after` against `before`: each personal column of `stages` is blank in every row (read in SQL against its
 * blank, or by the column's own rule), every other column of every row is unchanged, no row is gone, and new
 * rows are only process-log lines of an erasure. `stages` empty: the order is untouched.
 */
export async function expectErased(
  db: Executor,
  orderId: number,
  before: OrderSnapshot,
  stages: ErasureStage[],
  options: ErasedExpectation = {},
): Promise<OrderSnapshot> {
  const after = await snapshotOrder(db, orderId);
  const changed = new Set([...changedByErasure(stages), ...(options.alsoChanged ?? [])]);
  for (const rules of perOrderTables()) {
    const name = tableName(rules);
    const erased = new Set(erasedColumns(rules, stages).map((c) => c.name));
    const beforeByKey = new Map(before[name]!.map((r) => [keyOf(name, r), r]));
    for (const row of after[name]!) {
      const old = beforeByKey.get(keyOf(name, row));
      if (!old) {
        expect(name, 'only process-log lines are added').toBe('process_logs');
        expect([...ERASURE_STEPS, ...(options.alsoLogged ?? [])], `a new line of order ${orderId}`).toContain(
          row.step_name,
        );
        continue;
      }
      for (const column of Object.keys(rules.columns)) {
        if (erased.has(column)) continue;
        if (changed.has(`${name}.${column}`)) continue;
        if (!(column in old)) continue; // a column added by a migration run between the two reads (upgrade test)
        expect(
          row[column],
          `${name}.${column} of ${keyOf(name, row)} (not erased at ${stages.join('+') || 'no stage'})`,
        ).toEqual(old[column]);
      }
      for (const column of erased) {
        const custom = CUSTOM_BLANK_CHECKS[`${name}.${column}`];
        if (custom)
          expect(
            custom(row[column], row),
            `${name}.${column} of ${keyOf(name, row)} is erased: ${String(row[column])}`,
          ).toBe(true);
      }
    }
    expect(after[name]!.length, `rows of ${name}`).toBeGreaterThanOrEqual(before[name]!.length);
    await expectBlankInSql(db, rules, orderId, [...erased]);
  }
  if (stages.includes('evidence')) expectNoValueLeft(before, after, stages);
  return after;
}

/** Each erased column equals its blank, compared by PostgreSQL itself (types and all). */
async function expectBlankInSql(db: Executor, rules: TableRules, orderId: number, columns: string[]) {
  const name = tableName(rules);
  for (const column of columns) {
    if (CUSTOM_BLANK_CHECKS[`${name}.${column}`]) continue;
    const rule = rules.columns[column];
    if (rule?.kind === 'erased' && rule.blank)
      throw new Error(`erasure-check.ts: add a check for the custom blank of ${name}.${column}`);
    const [row] = await selectRows(
      db,
      leftSchema,
      sql`
      select count(*)::int as left from ${sql.identifier(name)}
      where order_id = ${orderId} and ${sql.identifier(column)} is distinct from ${blankOf(rules, column)}`,
    );
    expect(row!.left, `${name}.${column} still holds data in ${row!.left} row(s) of order ${orderId}`).toBe(0);
  }
}

/** After a full erasure no erased text value (4+ characters) is found anywhere in the order's rows, any case. */
function expectNoValueLeft(before: OrderSnapshot, after: OrderSnapshot, stages: ErasureStage[]) {
  const values = new Set<string>();
  for (const rules of perOrderTables()) {
    const name = tableName(rules);
    for (const { name: column } of erasedColumns(rules, stages)) {
      const custom = CUSTOM_BLANK_CHECKS[`${name}.${column}`];
      for (const row of before[name]!) {
        const v = row[column];
        if (custom?.(v, row)) continue; // a value the column's own rule keeps (a status change)
        if (typeof v === 'string' && v.length >= 4 && !/^\d+(\.\d+)?$/.test(v)) values.add(v.toLowerCase());
      }
    }
  }
  // Values only (a column named "others" is not the answer "Others"); JSON values searched as their text.
  const kept = Object.values(after)
    .flat()
    .flatMap((row) => Object.values(row))
    .map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).toLowerCase());
  for (const value of values) {
    expect(
      kept.find((k) => k.includes(value)),
      `"${value}" is still in the order's rows`,
    ).toBeUndefined();
  }
}

const DAY = 86_400_000;
export const dateParts = (d: Date) => ({ date: d.getUTCDate(), month: d.getUTCMonth() + 1, year: d.getUTCFullYear() });
export const arrivalOn = (d: Date): Partial<OrderValues> => {
  const p = dateParts(d);
  return { dateOfArrivalInJapan: p.date, monthOfArrivalInJapan: p.month, yearOfArrivalInJapan: p.year };
};
export const daysAgo = (n: number, now = new Date()) => new Date(now.getTime() - n * DAY);

/**
 * An order with every personal column filled, in every table: the answers (all optional ones too), a remark, a
 * finished document and an invoice PDF in storage, a mail sent, one queued and one failed, a customer download
 * with all its device and location columns, process-log lines quoting the e-mail, IP and transaction id, and the
 * intake request. `tag` makes its values unique (the leak check looks for them).
 */
export async function personalOrder(db: Executor, storage: Storage, tag: string, overrides: Partial<OrderValues> = {}) {
  const answers: Partial<OrderValues> = {
    passportNumber: `PP${tag}7788`,
    surname: `SURNAME${tag}`,
    givenName: `GIVEN${tag}`,
    email: `person.${tag}@mail.example`,
    nationality: 'Brazil',
    occupation: `Occupation ${tag}`,
    homeAddressCountryName: 'Chile',
    homeAddressCityName: `Valparaiso ${tag}`,
    airlineCompany: `Airline ${tag}`,
    flightNumber: `FL${tag}`,
    pointOfEmbarkation: `Lima ${tag}`,
    postalCodeJapan: '5420081',
    prefecture: 'Others',
    otherPrefecture: `Prefecture ${tag}`,
    city: 'Others',
    otherCity: `Town ${tag}`,
    address: `${tag} Cherry Street 4-5`,
    hotelName: `Hotel ${tag}`,
    personalPhoneCode: '55',
    personalTelephoneNumber: `98765${tag.length}321`,
    purposeOfVisit: 'Others',
    specificPurposeForVisit: `Purpose ${tag}`,
    durationOfStay: '9 days',
    immigrationOne: 'yes',
    immigrationTwo: 'yes',
    immigrationThree: 'yes',
    immigrationFour: 'yes',
    declarationOne: 'yes',
    declarationTwo: 'yes',
    declarationThree: 'yes',
    declarationFour: 'yes',
    declarationFive: 'yes',
    declarationSix: 'yes',
    declarationSeven: 'yes',
    declarationEight: 'yes',
    quantityOfUnaccompaniedArticles: 2,
    alcoholicBeverages: 3,
    cigarettes: 200,
    heatNotBurn: 20,
    cigars: 5,
    others: 1,
    perfume: '2.50',
    articleName: `Article ${tag}`,
    quantity: 4,
    unit: 'pieces',
    marketValue: '1250.00',
    currency: 'BRL',
    transactionId: `TXN-${tag}-991`,
    merchantName: 'Arrival Card Merchant',
    paymentAmount: '49.00',
    paymentCurrency: 'USD',
    paymentGateway: 'Stripe',
    purchaseIp: `192.0.2.${tag.length}`,
    purchaseUserAgent: `Mozilla/5.0 (${tag} Tablet)`,
    ...overrides,
  };
  // In clear and sealed at once (as an order the sealing job is about to reach): every personal column filled, the
  // sealed answers and the passport's blind index among them.
  const orderId = await insertOrder(db, answers, { inClear: true });
  const sealed = sealedInsert(TEST_KEY_RING, { landingSiteId: 0, ...orderValues(answers) });
  await db
    .update(orders)
    .set({ travelSealed: sealed.travelSealed, passportNumberIndex: sealed.passportNumberIndex })
    .where(eq(orders.orderId, orderId));
  const docKey = `docs/${orderId}/${randomUUID()}/${orderId}_file1.pdf`;
  const invoiceKey = `invoices/${orderId}/${randomUUID()}/Invoice-INV-${orderId}.pdf`;
  await storage.put(docKey, Buffer.from(`%PDF-1.7 card of ${tag}`), 'application/pdf');
  await storage.put(invoiceKey, Buffer.from(`%PDF-1.7 invoice of ${tag}`), 'application/pdf');
  const [doc] = await db
    .insert(uploadDocs)
    .values({
      orderId,
      file1: `${orderId}_file1.pdf`,
      originalName: `card-of-${tag}.pdf`,
      contentType: 'application/pdf',
      sizeBytes: 30,
      storageKey: docKey,
      isCurrent: true,
      uploadedByName: 'Fixture Staff',
    })
    .returning({ id: uploadDocs.id });
  const mail = (values: Partial<typeof mails.$inferInsert>) => ({
    orderId,
    kind: 'approved_order',
    toAddress: `person.${tag}@mail.example`,
    subject: `Your card ${tag}`,
    html: `<p>Dear GIVEN${tag}</p>`,
    textBody: `Dear GIVEN${tag}`,
    mailServiceProvider: 'smtp',
    ...values,
  });
  await db.insert(mails).values([
    mail({
      uploadDocId: doc!.id,
      status: 'sent',
      deliveredVia: 'smtp',
      providerMessageId: `<${tag}@smtp.example>`,
      sentAt: new Date(),
    }),
    mail({
      kind: 'invoice',
      attachments: [{ filename: `Invoice-INV-${orderId}.pdf`, storageKey: invoiceKey, contentType: 'application/pdf' }],
    }),
    mail({ kind: 'resend', status: 'failed', lastError: `550 mailbox person.${tag}@mail.example unknown` }),
  ]);
  await db.insert(downloadHistory).values({
    orderId,
    uploadDocId: doc!.id,
    file1: `${orderId}_file1.pdf`,
    ip: `203.0.113.${tag.length}`,
    userAgent: `Mozilla/5.0 (${tag} Phone)`,
    browser: 'Safari 17',
    device: `Apple iPhone ${tag}`,
    deviceType: 'mobile',
    os: 'iOS 17.4',
    country: 'Peru',
    city: `Cusco ${tag}`,
    timezone: 'America/Lima',
  });
  await db
    .insert(remarks)
    .values({ orderId, remark: `Customer ${tag} called from +55 98765`, remarkName: 'Fixture Staff', whatsapp: 'Y' });
  // A request for information the customer answered and a member declined: its notes and change set.
  const [request] = await db
    .insert(informationRequests)
    .values({
      orderId,
      fields: ['flight_number'],
      note: `Please check flight FL${tag}`,
      state: 'declined',
      fromStatus: 'New',
      requestedByName: 'Fixture Staff',
      expiresAt: new Date(Date.now() + 86_400_000),
      answeredAt: new Date(),
      declineNote: `FL${tag}X is not a flight of Airline ${tag}`,
    })
    .returning({ id: informationRequests.id });
  await db
    .insert(informationRequestLinks)
    .values({ tokenHash: `hash-of-${tag}`.padEnd(64, '0'), requestId: request!.id, orderId });
  await db
    .insert(informationRequestChanges)
    .values({ requestId: request!.id, orderId, field: 'flight_number', oldValue: `FL${tag}`, newValue: `FL${tag}X` });
  const [site] = await selectRows(db, idRow, sql`select landing_site_id as id from orders where order_id = ${orderId}`);
  await db.insert(intakeRequests).values({
    landingSiteId: site!.id,
    idempotencyKey: `key-${tag}`,
    requestHash: `hash${tag}`.padEnd(64, '0'),
    orderId,
  });
  // A payment dispute with its evidence sent: the payment's ids, the cover letter, what was sent, a refusal.
  await db.execute(sql`
    insert into disputes (gateway, provider_dispute_id, order_id, payment_references, provider_status, state,
      opened_at, event_at, cover_letter, evidence_sent, provider_refusal)
    values ('stripe', ${`du_${tag}`}, ${orderId}, ${JSON.stringify([`TXN-${tag}-991`])}::jsonb, 'needs_response',
      'saved', now(), now(), ${`Dear dispute team, GIVEN${tag} ordered`},
      ${JSON.stringify({ customer_email_address: `person.${tag}@mail.example` })}::jsonb,
      ${`Stripe refused the evidence for GIVEN${tag}`})`);
  await logSteps(db, [
    {
      orderId,
      staff: null,
      step: 'mailQueued',
      details: { kind: 'approved_order', mailId: 1, to: `person.${tag}@mail.example`, provider: 'smtp' },
    },
    {
      orderId,
      staff: null,
      step: 'customerDownload',
      details: { file: `${orderId}_file1.pdf`, ip: `203.0.113.${tag.length}`, browser: 'Safari 17', os: 'iOS 17.4' },
    },
    {
      orderId,
      staff: null,
      step: 'transactionUpdated',
      details: { transactionId: `TXN-${tag}-991`, merchantName: 'Arrival Card Merchant' },
    },
    { orderId, staff: null, step: 'statusChanged', details: { from: 'New', to: 'Pending' } },
  ]);
  return { orderId, docKey, invoiceKey };
}
