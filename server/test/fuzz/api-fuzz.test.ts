/**
 * The API under hostile input (issue 22): every operation of the OpenAPI document gets generated bad input
 * (openapi-cases.ts), signed in as an Admin (the intake key, a customer's order token: whatever the operation
 * takes) and again without any token. Three things must hold for every request:
 *   - no answer is 5xx;
 *   - a rejected request (4xx) changes no row of any table and no stored file;
 *   - no log line written while it ran holds a value that the request sent in a personal field.
 * One fault per case, and at most MAX_CASES_PER_OPERATION cases per operation. The embedded suite runs it: what it
 * finds lives in validation, services and logging, which are the same code on either database, and the two engines run
 * the same statements (the PostgreSQL suite proves those statements on a server).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, isPostgres, TEST_PASSWORD, type TestContext } from '../helper';
import { insertOrder } from '../order-factory';
import { pdfBytes } from '../multipart';
import { selectRows } from '../../db/client';
import { mails, teamMembers } from '../../db/schema';
import { sessionToken, startSession } from '../../features/auth/sessions.service';
import { encodeId } from '../../../shared/ids';
import { PERSONAL_FIELDS } from '../../lib/log-safety';
import { changeWatcher } from './db-fingerprint';
import { startMockStripe, TEST_WEBHOOK_SECRET, type MockStripe } from '../mock-stripe';
import {
  baselineFor,
  casesFor,
  operationsOf,
  type FuzzCase,
  type Hints,
  type OpenApiDocument,
  type Operation,
} from './openapi-cases';
import { mailedAnswerToken } from '../answer-link';

const INTAKE_KEY = 'fuzz-intake-key-0123456789';
const IDEMPOTENCY = 'fz-idempotency-placeholder';
/**
 * Changed by rejections by design: rate_limits counts attempts (a failed sign-in must count); an export refused is
 * written on its run, where the page reads the refusal, and a finished export closes its run just after its answer.
 */
const CHANGES_ON_REJECTION = ['rate_limits', 'export_runs'];
const CUSTOMER_EMAIL = 'fz.customer@mail.example';
/** Keeps the run in seconds: the intake alone would otherwise send ~650 cases. */
const MAX_CASES_PER_OPERATION = 200;

const dataDir = mkdtempSync(path.join(tmpdir(), 'api-fuzz-'));
const logLines: string[] = [];
let t: TestContext;
let hints: Hints;
let operations: Operation[];
let auth: (op: Operation) => Promise<Record<string, string>>;
let uploadForm: NonNullable<Parameters<typeof casesFor>[2]['multipart']>;
let stripe: MockStripe;

beforeAll(async () => {
  if (isPostgres()) return;
  // Stripe's API as a local mock, so that saving a dispute's evidence succeeds as its baseline must.
  stripe = await startMockStripe();
  t = await buildTestApp(
    // METRICS_ALLOW: the metrics scrape's baseline (from the test's own address) must succeed too.
    {
      DATA_DIR: dataDir,
      INTAKE_API_KEYS: `japan-arrival=${INTAKE_KEY}`,
      UPLOAD_MAX_BYTES: String(256 * 1024),
      METRICS_ALLOW: '127.0.0.1',
      STRIPE_SECRET_KEY: 'sk_test_fuzz_key_123456',
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
    {
      logStream: {
        write: (line: string) => {
          logLines.push(line);
        },
      },
    },
  );
  const db = t.database.db;
  const admin = await t.loginAs('Admin', { name: 'Fuzz Admin' });
  const passwordChanger = await t.loginAs('Admin', { name: 'Fuzz Password Changer' });
  const spareA = await t.loginAs('Team', { name: 'Fuzz Spare One' });
  const spareB = await t.loginAs('Team', { name: 'Fuzz Spare Two' });
  const personal = {
    email: CUSTOMER_EMAIL,
    surname: 'FUZZSURNAME',
    givenName: 'FUZZGIVEN',
    passportNumber: 'FZ7654321',
    address: 'Fuzzstreet 7-1',
  };
  // Every operation's baseline request must succeed (checked below), so each has an order in the state it needs.
  const orderId = await insertOrder(db, {
    ...personal,
    paymentAmount: '49.00',
    paymentCurrency: 'USD',
    paymentGateway: 'Fuzzpay',
    paidAt: new Date(),
  });
  const orderToDelete = await insertOrder(db, personal);
  const refundOrder = await insertOrder(db, { ...personal, processStatus: 'Refunds' });
  const refundMailOrder = await insertOrder(db, { ...personal, processStatus: 'Refunds' });
  const file = { field: 'uploadVisaDoc', filename: 'fuzz card.pdf', type: 'application/pdf', data: pdfBytes(3000) };
  uploadForm = { fields: { orderId: String(orderId), email: CUSTOMER_EMAIL, mailServiceProvider: 'smtp' }, file };

  // A stored document and its mail, so that downloads and mail calls have something to act on.
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/admin/upload-visa-document',
    headers: { ...admin.headers, 'content-type': 'multipart/form-data; boundary=seed' },
    payload: Buffer.concat([
      ...Object.entries(uploadForm.fields).map(([k, v]) =>
        Buffer.from(`--seed\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      ),
      Buffer.from(
        `--seed\r\nContent-Disposition: form-data; name="uploadVisaDoc"; filename="card.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n--seed--\r\n'),
    ]),
  });
  expect(upload.statusCode).toBe(200);
  const { uploadDoc, mailId } = upload.json().data as { uploadDoc: { id: number }; mailId: number };
  await db.update(mails).set({ status: 'failed' }).where(eq(mails.id, mailId)); // for retry-mail
  // The document download's follow-up GET needs a ticket for a current document that no other case replaces:
  // a second order's upload, and a ticket signed here for longer than the run (the API's own last 60 s).
  const downloadOrder = await insertOrder(db, personal);
  const downloadUpload = await t.app.inject({
    method: 'POST',
    url: '/api/admin/upload-visa-document',
    headers: { ...admin.headers, 'content-type': 'multipart/form-data; boundary=seed' },
    payload: Buffer.concat([
      ...Object.entries({ ...uploadForm.fields, orderId: String(downloadOrder) }).map(([k, v]) =>
        Buffer.from(`--seed\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      ),
      Buffer.from(
        `--seed\r\nContent-Disposition: form-data; name="uploadVisaDoc"; filename="card.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n--seed--\r\n'),
    ]),
  });
  expect(downloadUpload.statusCode).toBe(200);
  const downloadTicket = t.app.jwt.sign(
    {
      scope: 'download',
      orderId: downloadOrder,
      docId: (downloadUpload.json().data.uploadDoc as { id: number }).id,
      jti: randomUUID(),
    },
    { expiresIn: '30m' },
  );
  const invoice = await t.app.inject({
    method: 'POST',
    url: '/api/admin/send-invoice',
    headers: admin.headers,
    payload: { orderId },
  });
  expect(invoice.statusCode).toBe(200);
  const invoiceMailId = invoice.json().data.mailId as number; // a mail with an attachment
  const [gateway] = await selectRows<{ id: number }>(db, sql`select id from payment_gateways order by id limit 1`);
  const spareSession = await startSession(db, { memberId: spareB.member.id, seconds: 3600, ip: '127.0.0.1' }); // for end-session

  // Saved views (issue 24): one to change, one to delete, so that those baselines succeed.
  const savedView = async (name: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/saved-views',
      headers: admin.headers,
      payload: { folder: 'newOrder', name, query: 'sort=oldest' },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.id as number;
  };
  const viewToChange = await savedView('Fuzz view to change');
  const viewToDelete = await savedView('Fuzz view to delete');

  // Requests for information: an order to ask about, a link to open, one to answer, and replies to accept and decline.
  const askOrder = await insertOrder(db, personal);
  const askedOrder = async () => {
    const id = await insertOrder(db, personal);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/information-requests',
      headers: admin.headers,
      payload: { orderId: id, fields: ['flight_number'], note: 'Fuzz note to the customer' },
    });
    expect(res.statusCode).toBe(200);
    return { requestId: res.json().data.id as number, token: await mailedAnswerToken(db, id) };
  };
  const linkToOpen = await askedOrder();
  const linkToAnswer = await askedOrder();
  const repliedRequest = async () => {
    const { requestId, token } = await askedOrder();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/information-request/answer',
      payload: { token, answers: { flight_number: 'JL123' } },
    });
    expect(res.statusCode).toBe(200);
    return requestId;
  };
  const replyToAccept = await repliedRequest();
  const replyToDecline = await repliedRequest();

  // Payment disputes: one open on an order in ChargeBack (its evidence is saved at the mock), one matched to no order.
  const disputeOrder = await insertOrder(db, { ...personal, processStatus: 'ChargeBack' });
  const newDispute = async (providerId: string, order: number | null) =>
    (
      await selectRows<{ id: number }>(
        db,
        sql`insert into disputes (gateway, provider_dispute_id, order_id, provider_status, state, evidence_due_at,
          opened_at, event_at)
        values ('stripe', ${providerId}, ${order}, 'needs_response', 'needs_evidence', now() + interval '7 days',
          now(), now()) returning id::int as id`,
      )
    )[0]!.id;
  const openDispute = await newDispute('du_fuzz_open', disputeOrder);
  const unmatchedDispute = await newDispute('du_fuzz_unmatched', null);

  // Export runs: one to read and one to cancel, opened by the Admin, so that those baselines succeed.
  const exportRun = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/export-runs', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    return res.json().data.id as string;
  };
  const runToRead = await exportRun();
  const runToCancel = await exportRun();
  // The download's baseline takes a run's one-time ticket; every later case finds it used (401, nothing changed).
  const downloadRun = await t.app.inject({ method: 'POST', url: '/api/admin/export-runs', headers: admin.headers });
  const exportTicket = downloadRun.json().data.ticket as string;

  // Queue filters (issue 24): values that exist, in Order History (the status filter is its own).
  const queueFilters = {
    landingSite: 'japan-arrival',
    processingMode: 'standard',
    nationality: 'India',
    arrivalFrom: '2020-01-01',
    arrivalTo: '2035-12-31',
    orderFrom: '2020-01-01',
    orderTo: '2035-12-31',
    assigneeId: '0',
    status: 'New',
    amountMin: 0,
    amountMax: 1000,
    currency: 'USD',
    sort: 'newest',
  };

  const arrival = new Date(Date.now() + 30 * 86_400_000);
  hints = {
    byField: {
      orderId,
      email: CUSTOMER_EMAIL,
      tmId: spareA.member.id,
      id: spareA.member.id,
      teamMemberId: spareB.member.id,
      docId: uploadDoc.id,
      mailId,
      index: 0,
      gatewayId: gateway!.id,
      order: encodeId(orderId),
      fromDate: '2020-01-01',
      toDate: '2035-12-31',
      name: 'Fuzz Member Name',
      password: 'fz-password-123',
      newPassword: 'fz-new-password-123',
      customername: 'fz-customer-name',
      remark: 'fz remark text',
      transactionId: 'fz-txn-77',
      purchase_ip: '203.0.113.7',
      merchantName: 'Fuzz Merchant',
      userName: 'Fuzz Staffname',
      'idempotency-key': IDEMPOTENCY,
      sessionId: spareSession,
      code: '123456',
    },
    byOperation: {
      'POST /api/admin/admin-login': { body: { email: admin.member.email, password: TEST_PASSWORD } },
      'GET /api/front/download-passport-doc-pdf': { params: { ticket: downloadTicket } },
      'POST /api/admin/add-team-member': { body: { email: 'fz.newmember@staff.example', type: 'Team' } },
      'POST /api/admin/update-team-member': { body: { email: spareA.member.email, type: 'Team' } },
      'PUT /api/admin/change-order-status': { body: { orderId: orderToDelete } },
      'PUT /api/admin/mark-refunded': { body: { orderId: refundOrder } },
      'PUT /api/admin/move-to-complete-refund': { body: { orderId: refundMailOrder } },
      'PUT /api/admin/move-order-status': { body: { updatingStatus: 'Pending' } },
      // One form of the body: named orders (the sampler would also fill `all`, `expectedCount` and `assigneeId`).
      'POST /api/admin/bulk-orders': {
        body: {
          action: 'move',
          status: 'Pending',
          orderIds: [orderId],
          folderName: undefined,
          all: undefined,
          expectedCount: undefined,
          assigneeId: undefined,
        },
      },
      // Requiring two-factor sign-in would send every later session to its set-up.
      'POST /api/admin/security-settings': { body: { required: false } },
      'GET /api/admin/download-mail-attachment/{mailId}/{index}': { params: { mailId: invoiceMailId } },
      'PUT /api/admin/saved-views/{id}': {
        params: { id: viewToChange },
        body: { name: 'Fuzz view renamed', shared: false, query: 'sort=oldest' },
      },
      'GET /api/admin/get-orders-list/{orderName}': { params: { orderName: 'orderHistory', ...queueFilters } },
      'POST /api/admin/search-order': { body: { folderName: 'orderHistory', ...queueFilters } },
      'POST /api/admin/export-orders': { body: { folderName: 'orderHistory', ...queueFilters, format: 'csv' } },
      'POST /api/admin/export-report': { body: { report: 'country', format: 'xlsx' } },
      // No grant: Admin and Manager only, as without the setting.
      'POST /api/admin/export-settings': { body: { grantedRoles: [] } },
      'DELETE /api/admin/saved-views/{id}': { params: { id: viewToDelete } },
      'GET /api/admin/export-runs/{id}': { params: { id: runToRead } },
      'POST /api/admin/export-download': {
        body: {
          ticket: exportTicket,
          kind: 'orders',
          request: JSON.stringify({ folderName: 'orderHistory', format: 'csv' }),
        },
      },
      'POST /api/admin/export-runs/{id}/cancel': { params: { id: runToCancel } },
      'POST /api/admin/dispute-evidence': {
        body: { disputeId: openDispute, submit: false, coverLetter: 'Fuzz cover letter' },
      },
      'POST /api/admin/link-dispute': { body: { disputeId: unmatchedDispute, orderId: disputeOrder } },
      'GET /api/admin/disputes-report': { params: { from: '2025-01', to: '2025-02' } },
      'POST /api/admin/information-requests': {
        body: { orderId: askOrder, fields: ['flight_number'], note: 'Fuzz note to the customer' },
      },
      'POST /api/admin/information-requests/{requestId}/accept': { params: { requestId: replyToAccept } },
      'POST /api/admin/information-requests/{requestId}/decline': {
        params: { requestId: replyToDecline },
        body: { note: 'Fuzz decline note' },
      },
      'POST /api/front/information-request': { body: { token: linkToOpen.token } },
      'POST /api/front/information-request/answer': {
        body: { token: linkToAnswer.token, answers: { flight_number: 'JL123' } },
      },
      'POST /api/intake/orders': {
        body: {
          processing_mode: 'standard',
          processing_date: null,
          has_japanese_passport: 'no',
          has_reentry_permission: 'no',
          passport_number: 'FZ7654321',
          surname: 'Fuzzsurname',
          given_name: 'Fuzzgiven',
          nationality: 'France',
          date_of_dob: 7,
          month_of_dob: 11,
          year_of_dob: 1990,
          date_of_expiry: 1,
          month_of_expiry: 2,
          year_of_expiry: arrival.getUTCFullYear() + 5,
          occupation: 'Fuzzoccupation',
          home_address_country_name: 'France',
          home_address_city_name: 'Fuzzlyon',
          email: CUSTOMER_EMAIL,
          date_of_arrival_in_japan: arrival.getUTCDate(),
          month_of_arrival_in_japan: arrival.getUTCMonth() + 1,
          year_of_arrival_in_japan: arrival.getUTCFullYear(),
          airline_company: 'Fuzzair',
          flight_number: 'AF276',
          point_of_embarkation: 'Fuzzparis',
          postal_code_japan: '160-0023',
          prefecture: 'TOKYO',
          other_prefecture: null,
          city: 'Fuzzshinjuku',
          other_city: null,
          address: 'Fuzzstreet 7-1',
          hotel_name: 'Fuzzhotel',
          personal_phone_code: '33',
          personal_telephone_number: '612345678',
          purpose_of_visit: 'Tourism',
          specific_purpose_for_visit: null,
          duration_of_stay: '14 days',
          immigration_one: 'no',
          immigration_two: 'no',
          immigration_three: 'no',
          immigration_four: 'no',
          declaration_one: 'no',
          declaration_two: 'no',
          declaration_three: 'no',
          declaration_four: 'no',
          declaration_five: 'no',
          declaration_six: 'no',
          declaration_seven: 'no',
          declaration_eight: 'no',
          quantity_of_unaccompanied_articles: null,
          alcoholic_beverages: null,
          cigarettes: null,
          heat_not_burn: null,
          cigars: null,
          others: null,
          perfume: null,
          article_name: null,
          quantity: null,
          unit: null,
          market_value: null,
          article_currency: null,
          amount: '49.00',
          currency: 'USD',
          payment_gateway: 'Fuzzpay',
          transaction_id: 'fz-intake-txn-1',
        },
      },
    },
  };

  // Staff tokens start a session from the member's current token version, so a password change, an edit or a
  // logout made by an accepted case does not sign the rest of the run out.
  const staffToken = async (memberId: number): Promise<Record<string, string>> => {
    const [m] = await db.select().from(teamMembers).where(eq(teamMembers.id, memberId));
    return m
      ? { authorization: `Bearer ${await sessionToken(db, t.app.jwt, m, { seconds: 3600, ip: '127.0.0.1' })}` }
      : {};
  };
  auth = async (op) => {
    const kind = authKind(op);
    if (kind === 'intake') return { authorization: `Bearer ${INTAKE_KEY}` };
    if (kind === 'customer')
      return { authorization: `Bearer ${t.app.jwt.sign({ scope: 'order', orderId }, { expiresIn: '30m' })}` };
    return staffToken(kind === 'password-changer' ? passwordChanger.member.id : admin.member.id);
  };
  operations = operationsOf(t.app.swagger() as unknown as OpenApiDocument);
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const SESSION_ENDERS = ['/api/admin/change-password', '/api/admin/logout', '/api/admin/logout-everywhere'];
/**
 * Operations whose success needs a code from a live authenticator app, or a payment provider's signature, which the
 * fuzz does not hold: their baseline answers 4xx ("the code is not valid", "sign in again", "the webhook signature
 * could not be verified"), and their faults are checked all the same.
 */
const NEEDS_AN_AUTHENTICATOR = [
  'POST /api/admin/verify-otp',
  'POST /api/admin/two-factor/enable',
  'POST /api/admin/two-factor/disable',
  // A payment provider's signature over the body (Stripe's header, PayPal's verification call).
  'POST /api/webhooks/stripe',
  'POST /api/webhooks/paypal',
];

/** Which credential an operation takes: the intake key, a customer's order token, or a staff token. */
function authKind(op: Operation): 'intake' | 'customer' | 'password-changer' | 'admin' {
  if (op.path.startsWith('/api/intake/')) return 'intake';
  if (op.path.startsWith('/api/front/')) return 'customer';
  // A password change or a logout ends its member's sessions: a member of its own keeps the Admin's token working.
  return SESSION_ENDERS.includes(op.path) ? 'password-changer' : 'admin';
}

/** Every stored file, so a rejected upload that leaves a file behind is seen too. */
function storedFiles(): string {
  const root = path.join(dataDir, 'uploads');
  if (!existsSync(root)) return '';
  return readdirSync(root, { recursive: true }).map(String).sort().join('\n');
}

const PERSONAL = new Set<string>(PERSONAL_FIELDS);

/** Text values the request sent in personal fields (at any depth below one), as pieces a log line could hold. */
function personalValues(fields: Record<string, unknown> | undefined): string[] {
  const out: string[] = [];
  const walk = (value: unknown, personal: boolean) => {
    if (typeof value === 'string') {
      if (personal) for (const piece of value.split('\u0000')) if (piece.trim().length >= 5) out.push(piece.trim());
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, personal || PERSONAL.has(key));
    }
  };
  walk(fields, false);
  return out;
}

interface Finding {
  op: string;
  fault: string;
  problem: string;
}

async function run(cases: FuzzCase[], withAuth: boolean) {
  const findings: Finding[] = [];
  const baselines: Record<string, number> = {};
  const changedByBaseline: Record<string, string[]> = {};
  const byOp = new Map(operations.map((op) => [op.id, op]));
  const tokens = new Map<string, Record<string, string>>();
  const mintedAt = new Map<string, number>();
  const changes = await changeWatcher(t.database.db, CHANGES_ON_REJECTION);
  let wrote = true;
  for (const c of cases) {
    const op = byOp.get(c.op)!;
    let authHeaders: Record<string, string> = {};
    let minted = false;
    if (withAuth) {
      const kind = authKind(op);
      // A fresh session before the old one's last_seen_at is due (every 60 s, lib/auth.ts): else its refresh, on
      // whichever request comes then, reads as a change made by that request (a rejection changing staff_sessions).
      if (Date.now() - (mintedAt.get(kind) ?? 0) > 45_000) tokens.delete(kind);
      minted = !tokens.has(kind);
      authHeaders = tokens.get(kind) ?? (await auth(op));
      if (minted) mintedAt.set(kind, Date.now());
      tokens.set(kind, authHeaders);
    }
    if (wrote || minted) {
      // Attempts count per IP and account by design; fresh counters, so that no case is refused early for them.
      await t.database.db.execute(sql`delete from rate_limits`);
      await changes(); // from here on, a change is this request's
    }
    const headers = { ...authHeaders, ...c.headers };
    if (headers['idempotency-key'] === IDEMPOTENCY) headers['idempotency-key'] = randomUUID();
    const filesBefore = storedFiles();
    const firstLine = logLines.length;
    const res = await t.app.inject({
      method: c.method as 'GET',
      url: c.url,
      headers,
      ...(c.payload !== undefined ? { payload: c.payload } : {}),
    });
    if (res.statusCode >= 500) findings.push({ ...c, problem: `${res.statusCode} ${res.body.slice(0, 200)}` });
    const changed = await changes();
    wrote = changed.wrote;
    // A token carries its member's version: a change to team_members (a password, an edit) may have ended it.
    if (changed.tables.includes('team_members') || changed.tables.includes('staff_sessions')) tokens.clear();
    if (c.fault === 'baseline') {
      baselines[c.op] = res.statusCode;
      changedByBaseline[c.op] = changed.tables;
    }
    if (res.statusCode >= 400) {
      if (changed.tables.length)
        findings.push({ ...c, problem: `${res.statusCode} but changed ${changed.tables.join(', ')}` });
      if (storedFiles() !== filesBefore)
        findings.push({ ...c, problem: `${res.statusCode} but changed the stored files` });
    }
    const written = logLines.slice(firstLine).join('');
    const leaked = personalValues(c.fields).filter(
      (v) => written.includes(v) || written.includes(JSON.stringify(v).slice(1, -1)),
    );
    if (leaked.length) findings.push({ ...c, problem: `log holds ${leaked.length} personal value(s) of the request` });
  }
  return { findings, baselines, changedByBaseline };
}

const summary = (findings: Finding[]) => findings.map((f) => `${f.op} [${f.fault}]: ${f.problem}`).join('\n');

function allCases(only?: RegExp): FuzzCase[] {
  return operations.flatMap((op) => {
    const multipart = op.id === 'POST /api/admin/upload-visa-document' ? uploadForm : undefined;
    return casesFor(op, baselineFor(op, hints), {
      headers: {},
      max: MAX_CASES_PER_OPERATION,
      ...(multipart ? { multipart } : {}),
      ...(only ? { only } : {}),
    });
  });
}

describe.skipIf(isPostgres())('every operation of the OpenAPI document under generated bad input', () => {
  it('covers the whole document', () => {
    expect(operations.length).toBeGreaterThan(40);
    // Upload is the one operation whose body the document cannot describe (multipart): it gets form cases. The
    // others without a body act on the caller's own session or account and take nothing, or name what they remove
    // or accept in the path.
    expect(operations.filter((op) => op.method !== 'GET' && !op.body).map((op) => op.id)).toEqual([
      'POST /api/admin/logout',
      'POST /api/admin/logout-everywhere',
      'POST /api/admin/two-factor/setup',
      'POST /api/admin/upload-visa-document',
      'DELETE /api/admin/saved-views/{id}',
      'POST /api/admin/export-runs',
      'POST /api/admin/export-runs/{id}/cancel',
      // The payment providers' webhooks read their body as bytes: its signature, not a schema, says what it may be.
      'POST /api/webhooks/stripe',
      'POST /api/webhooks/paypal',
      'POST /api/admin/information-requests/{requestId}/accept',
    ]);
  });

  it('signed in (Admin, intake key or order token): no 5xx, nothing changed by a rejection, no personal value in a log line', async () => {
    const cases = allCases();
    expect(cases.length).toBeGreaterThan(1500);
    const { findings, baselines, changedByBaseline } = await run(cases, true);
    expect(summary(findings)).toBe('');
    // The faults start from requests that work, so each one travels as deep as the code lets it...
    expect(
      Object.entries(baselines).filter(
        ([op, status]) => !NEEDS_AN_AUTHENTICATOR.includes(op) && (status < 200 || status >= 300),
      ),
    ).toEqual([]);
    expect(NEEDS_AN_AUTHENTICATOR.map((op) => [op, baselines[op]! >= 400 && baselines[op]! < 500])).toEqual(
      NEEDS_AN_AUTHENTICATOR.map((op) => [op, true]),
    );
    // ...and the checks can see what they look for: a write, and a request's line in the captured log.
    expect(changedByBaseline['POST /api/intake/orders']).toEqual(expect.arrayContaining(['orders', 'process_logs']));
    expect(logLines.some((line) => line.includes('"msg":"request completed"'))).toBe(true);
  }, 240_000);

  it('without a token: the same, for the faults that matter most', async () => {
    const cases = allCases(/baseline|nul|__proto__|multipart|cut|max-safe|digits-past|invalid-utf8/);
    expect(cases.length).toBeGreaterThan(300);
    const { findings } = await run(cases, false);
    expect(summary(findings)).toBe('');
  }, 120_000);
});
