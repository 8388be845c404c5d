/**
 * Stripe disputes end to end against a local mock of Stripe's API that records every request: a signed dispute event
 * moves the order to ChargeBack with its flag, log lines and live event; the same event again, an older one, a wrong
 * signature or a stale timestamp change nothing; an unmatched dispute waits for an Admin; the evidence sent holds every
 * download and both packs as files, field by field; a submission is made once and never after the due date; Stripe's
 * refusals come back in words; erasure clears the dispute's personal fields.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows } from '../../db/client';
import {
  disputes,
  downloadHistory,
  liveEvents,
  mails,
  orders,
  processLogs,
  providerEvents,
  remarks,
  uploadDocs,
} from '../../db/schema';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder, intakeApplication } from '../../test/order-factory';
import {
  disputeEvent,
  signedStripeEvent,
  startMockStripe,
  TEST_WEBHOOK_SECRET,
  type MockStripe,
} from '../../test/mock-stripe';
import { DISPUTE_MESSAGES, PROVIDER_REFUSALS } from '../../../shared/schemas/disputes';
import { encodeId } from '../../../shared/ids';

const INTAKE_KEY = 'ja-key-0123456789abcdef';
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const dataDir = mkdtempSync(path.join(tmpdir(), 'disputes-test-'));
let t: TestContext;
let stripe: MockStripe;
let admin: Awaited<ReturnType<TestContext['loginAs']>>;
let manager: Awaited<ReturnType<TestContext['loginAs']>>;
let team: Awaited<ReturnType<TestContext['loginAs']>>;

beforeAll(async () => {
  stripe = await startMockStripe();
  t = await buildTestApp({
    DATA_DIR: dataDir,
    STRIPE_SECRET_KEY: 'sk_test_mock_key_123456',
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    INTAKE_API_KEYS: `japan-arrival=${INTAKE_KEY}`,
    METRICS_TOKEN,
  });
  admin = await t.loginAs('Admin', { name: 'Ada Admin' });
  manager = await t.loginAs('Manager', { name: 'Mona Manager' });
  team = await t.loginAs('Team', { name: 'Tom Team' });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  stripe.requests.length = 0;
});

let charges = 0;
const nextCharge = () => `ch_test_${++charges}_${Math.random().toString(36).slice(2, 8)}`;

function post(event: Record<string, unknown>, options: { secret?: string; timestamp?: number } = {}) {
  const { body, signature } = signedStripeEvent(event, options);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
}

const disputeRow = async (providerId: string) =>
  (await t.database.db.select().from(disputes).where(eq(disputes.providerDisputeId, providerId)))[0];
const orderStatus = async (orderId: number) =>
  (await t.database.db.select({ s: orders.processStatus }).from(orders).where(eq(orders.orderId, orderId)))[0]!.s;
const logsOf = (orderId: number) =>
  t.database.db
    .select({ step: processLogs.stepName, detail: processLogs.detail, staff: processLogs.staffName })
    .from(processLogs)
    .where(eq(processLogs.orderId, orderId))
    .orderBy(asc(processLogs.id));
const remarksOf = (orderId: number) => t.database.db.select().from(remarks).where(eq(remarks.orderId, orderId));

/** An order with a delivered document (mail accepted by SMTP with its Message-ID) and two downloads. */
async function deliveredOrder(transactionId: string, overrides: Parameters<typeof insertOrder>[1] = {}) {
  const orderId = await insertOrder(t.database.db, {
    processStatus: 'Completed',
    transactionId,
    paymentAmount: '49.00',
    paymentCurrency: 'USD',
    paymentGateway: 'Stripe',
    purchaseIp: '198.51.100.77',
    purchaseUserAgent: 'Mozilla/5.0 (Macintosh) Safari/17.4',
    ...overrides,
  });
  const [doc] = await t.database.db
    .insert(uploadDocs)
    .values({
      orderId,
      file1: `${orderId}_file1.pdf`,
      originalName: 'card.pdf',
      contentType: 'application/pdf',
      sizeBytes: 100,
      storageKey: `docs/${orderId}/card.pdf`,
      uploadedByName: 'Tom Team',
    })
    .returning({ id: uploadDocs.id });
  await t.database.db.insert(mails).values([
    {
      orderId,
      kind: 'approved_order',
      toAddress: 'emily.tanaka@mail.example',
      subject: 'Your arrival card',
      html: '<p>card</p>',
      textBody: 'card',
      mailServiceProvider: 'smtp',
      deliveredVia: 'smtp',
      status: 'sent',
      uploadDocId: doc!.id,
      messageId: `<${orderId}.abc@arrivalcard-mail.example>`,
      sentAt: new Date('2026-03-14T14:22:05Z'),
    },
  ]);
  await t.database.db.insert(downloadHistory).values([
    {
      orderId,
      uploadDocId: doc!.id,
      file1: `${orderId}_file1.pdf`,
      ip: '203.0.113.7',
      browser: 'Safari 17',
      device: 'Apple iPhone',
      deviceType: 'mobile',
      os: 'iOS 17.4',
      city: 'Melbourne',
      country: 'Australia',
      timezone: 'Australia/Melbourne',
      createdAt: new Date('2026-03-14T15:00:00Z'),
    },
    {
      orderId,
      uploadDocId: doc!.id,
      file1: `${orderId}_file1.pdf`,
      ip: '203.0.113.99',
      browser: 'Chrome 124',
      device: 'Google Pixel 8',
      deviceType: 'mobile',
      os: 'Android 14',
      city: 'Osaka',
      country: 'Japan',
      timezone: 'Asia/Tokyo',
      createdAt: new Date('2026-03-20T01:30:00Z'),
    },
  ]);
  return orderId;
}

describe('POST /api/webhooks/stripe', () => {
  it('a signed dispute event moves the matched order to ChargeBack, ticks the chargeback flag, logs and raises a live event', async () => {
    const charge = nextCharge();
    const orderId = await insertOrder(t.database.db, { processStatus: 'Completed', transactionId: charge });
    const due = new Date('2030-01-10T23:59:59Z');
    const event = disputeEvent('charge.dispute.created', { id: 'du_match1', charge, dueBy: due, amount: 4900 });
    const res = await post(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, data: { result: 'applied' } });

    const row = await disputeRow('du_match1');
    expect(row).toMatchObject({
      gateway: 'stripe',
      orderId,
      reason: 'fraudulent',
      amount: '49.00',
      currency: 'USD',
      providerStatus: 'needs_response',
      state: 'needs_evidence',
      paymentReferences: [charge],
    });
    expect(row!.evidenceDueAt!.toISOString()).toBe(due.toISOString());
    expect(await orderStatus(orderId)).toBe('ChargeBack');
    const flagged = await remarksOf(orderId);
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toMatchObject({ chargeback: 'Y', remarkName: 'Stripe', staffId: null });
    expect(flagged[0]!.remark).toBe(
      'Stripe dispute du_match1 received: fraudulent, $49.00, evidence due 2030-01-10 23:59:59 UTC.',
    );
    expect(await logsOf(orderId)).toEqual([
      { step: 'Status changed to ChargeBack', detail: 'Completed -> ChargeBack', staff: null },
      {
        step: 'Dispute received',
        detail: 'Stripe dispute du_match1: fraudulent, $49.00, evidence due 2030-01-10 23:59:59 UTC',
        staff: null,
      },
    ]);
    const live = await t.database.db.select().from(liveEvents).where(eq(liveEvents.orderId, orderId));
    expect(live.some((e) => e.kind === 'order' && e.oldStatus === 'Completed' && e.newStatus === 'ChargeBack')).toBe(
      true,
    );

    // The same event again: acknowledged, nothing changes.
    const again = await post(event);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.result).toBe('duplicate');
    expect(await logsOf(orderId)).toHaveLength(2);
    expect(await remarksOf(orderId)).toHaveLength(1);
  });

  it('refuses a wrong signature, a stale timestamp and a missing header with 400, and records nothing', async () => {
    const charge = nextCharge();
    const orderId = await insertOrder(t.database.db, { processStatus: 'Completed', transactionId: charge });
    const event = disputeEvent('charge.dispute.created', { id: 'du_forged', charge }, { eventId: 'evt_forged' });
    const wrong = await post(event, { secret: 'whsec_someone_else_entirely_000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ status: 0, message: 'The webhook signature could not be verified.' });
    const stale = await post(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale.statusCode).toBe(400);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(bare.statusCode).toBe(400);
    // A body changed after signing is refused too.
    const { signature } = signedStripeEvent(event);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: JSON.stringify({ ...event, type: 'charge.dispute.closed' }),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await disputeRow('du_forged')).toBeUndefined();
    expect(
      await t.database.db.select().from(providerEvents).where(eq(providerEvents.eventId, 'evt_forged')),
    ).toHaveLength(0);
    expect(await orderStatus(orderId)).toBe('Completed');
  });

  it('never lets an older event overwrite a newer state, and records the outcome of a closed dispute', async () => {
    const charge = nextCharge();
    const orderId = await insertOrder(t.database.db, { processStatus: 'ChargeBack', transactionId: charge });
    const t0 = new Date(Date.now() - 3600_000);
    const dueBy = new Date('2030-05-05T12:00:00Z');
    const at = (s: number) => new Date(t0.getTime() + s * 1000);
    expect(
      (await post(disputeEvent('charge.dispute.created', { id: 'du_order', charge, dueBy }, { created: at(0) }))).json()
        .data.result,
    ).toBe('applied');
    const closed = disputeEvent(
      'charge.dispute.closed',
      { id: 'du_order', charge, dueBy, status: 'lost', submissionCount: 1 },
      { created: at(120) },
    );
    expect((await post(closed)).json().data.result).toBe('applied');
    const late = disputeEvent(
      'charge.dispute.updated',
      { id: 'du_order', charge, dueBy, status: 'under_review' },
      { created: at(60) },
    );
    expect((await post(late)).json().data.result).toBe('stale');
    // Same second as the close, but an open state: the closed one outranks it.
    const sameSecond = disputeEvent(
      'charge.dispute.funds_withdrawn',
      { id: 'du_order', charge, dueBy, status: 'needs_response' },
      { created: at(120) },
    );
    expect((await post(sameSecond)).json().data.result).toBe('stale');
    expect(await disputeRow('du_order')).toMatchObject({ providerStatus: 'lost', state: 'lost' });
    expect((await disputeRow('du_order'))!.closedAt).not.toBeNull();
    // Already in ChargeBack: no move; the outcome is a log line.
    expect((await logsOf(orderId)).map((l) => [l.step, l.detail])).toEqual([
      ['Dispute received', 'Stripe dispute du_order: fraudulent, $49.00, evidence due 2030-05-05 12:00:00 UTC'],
      ['Dispute closed', 'Stripe dispute du_order: Lost'],
    ]);
  });

  it('an unmatched dispute waits in the Admin list until it is linked by hand', async () => {
    const charge = nextCharge();
    expect((await post(disputeEvent('charge.dispute.created', { id: 'du_orphan', charge }))).json().data.result).toBe(
      'applied',
    );
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/unmatched-disputes', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    const orphan = list.json().data.find((d: { provider_dispute_id: string }) => d.provider_dispute_id === 'du_orphan');
    expect(orphan).toMatchObject({ gateway: 'stripe', order_id: null, state: 'needs_evidence', amount: '$49.00' });

    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/admin/unmatched-disputes',
      headers: manager.headers,
    });
    expect(denied.statusCode).toBe(403);
    const orderId = await insertOrder(t.database.db, { processStatus: 'Completed' });
    const managerLink = await t.app.inject({
      method: 'POST',
      url: '/api/admin/link-dispute',
      headers: manager.headers,
      payload: { disputeId: orphan.id, orderId },
    });
    expect(managerLink.statusCode).toBe(403);
    expect(await orderStatus(orderId)).toBe('Completed');

    const linked = await t.app.inject({
      method: 'POST',
      url: '/api/admin/link-dispute',
      headers: admin.headers,
      payload: { disputeId: orphan.id, orderId },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({
      message: `Dispute linked to order ${orderId}.`,
      data: { order_id: orderId, linked_by: 'Ada Admin' },
    });
    expect(await orderStatus(orderId)).toBe('ChargeBack');
    expect((await remarksOf(orderId))[0]).toMatchObject({ chargeback: 'Y', remarkName: 'Ada Admin' });
    expect((await logsOf(orderId)).map((l) => [l.step, l.staff])).toEqual([
      ['Status changed to ChargeBack', null],
      ['Dispute received', null],
      ['Dispute linked to this order', 'Ada Admin'],
    ]);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/unmatched-disputes', headers: admin.headers });
    expect(after.json().data.some((d: { id: number }) => d.id === orphan.id)).toBe(false);
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/admin/link-dispute',
      headers: admin.headers,
      payload: { disputeId: orphan.id, orderId },
    });
    expect(twice.statusCode).toBe(409);
  });
});

async function openDispute(providerId: string, dueBy = new Date(Date.now() + 5 * 86_400_000)) {
  const charge = nextCharge();
  const orderId = await deliveredOrder(charge);
  expect((await post(disputeEvent('charge.dispute.created', { id: providerId, charge, dueBy }))).statusCode).toBe(200);
  const row = await disputeRow(providerId);
  return { orderId, disputeId: row!.id };
}

const send = (
  headers: Record<string, string>,
  disputeId: number,
  submit: boolean,
  coverLetter = 'Dear dispute team, the card was delivered.',
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/dispute-evidence',
    headers,
    payload: { disputeId, submit, coverLetter },
  });

describe('dispute evidence', () => {
  it('shows Team what will be sent, without letting them send it', async () => {
    const { orderId, disputeId } = await openDispute('du_view');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/order-disputes',
      headers: team.headers,
      payload: { orderId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { disputes: list, evidence, can_send } = res.json().data;
    expect(can_send).toBe(false);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: disputeId, state: 'needs_evidence', state_label: 'Needs evidence' });
    expect(evidence).toMatchObject({
      customer_name: 'EMILY TANAKA-SMITH',
      customer_email_address: 'emily.tanaka@mail.example',
      service_date: '2026-03-14',
      customer_purchase_ip: '198.51.100.77',
      delivery: {
        recipient: 'emily.tanaka@mail.example',
        message_id: `<${orderId}.abc@arrivalcard-mail.example>`,
        delivered_by: 'the recipient mail server (SMTP)',
        document: `${orderId}_file1.pdf`,
      },
      files: [
        { pack: 1, file_name: `Defence-Pack-1-${orderId}.pdf`, sent_as: 'customer_communication' },
        { pack: 2, file_name: `Defence-Pack-2-${orderId}.pdf`, sent_as: 'service_documentation' },
      ],
    });
    expect(
      evidence.downloads.map((d: { ip: string; time_utc: string; time_local: string }) => [
        d.ip,
        d.time_utc,
        d.time_local,
      ]),
    ).toEqual([
      ['203.0.113.7', '2026-03-14 15:00:00 UTC', '2026-03-15 02:00:00 Australia/Melbourne'],
      ['203.0.113.99', '2026-03-20 01:30:00 UTC', '2026-03-20 10:30:00 Asia/Tokyo'],
    ]);
    const denied = await send(team.headers, disputeId, false);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(DISPUTE_MESSAGES.forbidden);
    expect(stripe.requests).toHaveLength(0);
  });

  it('saves at Stripe with every field and both packs as files, then submits once; a second submission is 409 and sends nothing', async () => {
    const { orderId, disputeId } = await openDispute('du_send');
    const saved = await send(manager.headers, disputeId, false);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: DISPUTE_MESSAGES.saved('Stripe'),
      data: { state: 'saved', saved_by: 'Mona Manager', submitted_at: null },
    });

    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/files',
      'POST /v1/files',
      'POST /v1/disputes/du_send',
    ]);
    for (const [i, pack] of [1, 2].entries()) {
      const upload = stripe.requests[i]!;
      expect(upload.headers.authorization).toBe('Bearer sk_test_mock_key_123456');
      expect(upload.parts.find((p) => p.name === 'purpose')?.value).toBe('dispute_evidence');
      const file = upload.parts.find((p) => p.name === 'file')!;
      expect(file.filename).toBe(`Defence-Pack-${pack}-${orderId}.pdf`);
      expect(file.contentType).toBe('application/pdf');
      expect(file.bytes!.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const form = stripe.requests[2]!.form;
    expect(form.submit).toBe('false');
    expect(form['evidence[customer_name]']).toBe('EMILY TANAKA-SMITH');
    expect(form['evidence[customer_email_address]']).toBe('emily.tanaka@mail.example');
    expect(form['evidence[service_date]']).toBe('2026-03-14');
    expect(form['evidence[customer_purchase_ip]']).toBe('198.51.100.77');
    expect(form['evidence[customer_communication]']).toBe('file_mock1');
    expect(form['evidence[service_documentation]']).toBe('file_mock2');
    expect(form['evidence[product_description]']).toContain(`Order ${orderId}`);
    const log = form['evidence[access_activity_log]']!.split('\n');
    expect(log).toEqual([
      "Downloads of the delivered document from the order's tracking page (2):",
      `1. 2026-03-14 15:00:00 UTC (customer's time 2026-03-15 02:00:00 Australia/Melbourne) | IP 203.0.113.7 | device Apple iPhone, mobile | browser Safari 17, iOS 17.4 | location Melbourne, Australia | file ${orderId}_file1.pdf`,
      `2. 2026-03-20 01:30:00 UTC (customer's time 2026-03-20 10:30:00 Asia/Tokyo) | IP 203.0.113.99 | device Google Pixel 8, mobile | browser Chrome 124, Android 14 | location Osaka, Japan | file ${orderId}_file1.pdf`,
    ]);
    const text = form['evidence[uncategorized_text]']!;
    expect(text.startsWith('Dear dispute team, the card was delivered.')).toBe(true);
    expect(text).toContain(`Message-ID <${orderId}.abc@arrivalcard-mail.example>`);
    expect(text).toContain('Purchase made from IP address 198.51.100.77');
    // No key, secret or personal data in the address.
    expect(stripe.requests.every((r) => !r.path.includes('?'))).toBe(true);

    stripe.requests.length = 0;
    const submitted = await send(admin.headers, disputeId, true);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({
      message: DISPUTE_MESSAGES.submitted('Stripe'),
      data: { state: 'submitted', submitted_by: 'Ada Admin' },
    });
    expect(stripe.requests.at(-1)!.form.submit).toBe('true');
    expect(stripe.requests).toHaveLength(3);

    stripe.requests.length = 0;
    const second = await send(admin.headers, disputeId, true);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(DISPUTE_MESSAGES.alreadySubmitted);
    const saveAfter = await send(manager.headers, disputeId, false);
    expect(saveAfter.statusCode).toBe(409);
    expect(stripe.requests).toHaveLength(0);

    const steps = (await logsOf(orderId)).map((l) => l.step);
    expect(steps.filter((s) => s === 'Dispute evidence saved at provider')).toHaveLength(1);
    expect(steps.filter((s) => s === 'Dispute evidence submitted to the bank')).toHaveLength(1);
    expect(steps.filter((s) => /^Defence pack [12] generated$/.test(s))).toHaveLength(4);
    // The provider's "under review" afterwards keeps it submitted.
    const row = await disputeRow('du_send');
    expect(row).toMatchObject({
      state: 'submitted',
      submittedByName: 'Ada Admin',
      coverLetter: 'Dear dispute team, the card was delivered.',
    });
  });

  it('refuses evidence after the due date with 409 and sends nothing', async () => {
    const { disputeId } = await openDispute('du_late', new Date(Date.now() - 60_000));
    for (const submit of [false, true]) {
      const res = await send(manager.headers, disputeId, submit);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(
        /^The evidence was due \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC; the provider no longer takes it\.$/,
      );
    }
    expect(stripe.requests).toHaveLength(0);
  });

  it('keeps a closed dispute on its order after the order leaves ChargeBack: the page is told, it reads it, nothing more is sent', async () => {
    const charge = nextCharge();
    const orderId = await deliveredOrder(charge);
    const dueBy = new Date(Date.now() + 5 * 86_400_000);
    const openedAt = new Date(Date.now() - 3_600_000);
    await post(disputeEvent('charge.dispute.created', { id: 'du_moved_on', charge, dueBy }, { created: openedAt }));
    await post(disputeEvent('charge.dispute.closed', { id: 'du_moved_on', charge, dueBy, status: 'won' }));
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/move-order-status',
      headers: manager.headers,
      payload: { orderId: [orderId], updatingStatus: 'Completed' },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const detail = async (id: number) =>
      (await t.app.inject({ url: `/api/admin/get-orders-details/${encodeId(id)}`, headers: team.headers })).json().data;
    expect(await detail(orderId)).toMatchObject({ process_status: 'Completed', has_dispute: true });
    expect((await detail(await insertOrder(t.database.db, { processStatus: 'Completed' }))).has_dispute).toBe(false);

    const read = await t.app.inject({
      method: 'POST',
      url: '/api/admin/order-disputes',
      headers: team.headers,
      payload: { orderId },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.disputes).toMatchObject([{ provider_dispute_id: 'du_moved_on', state: 'won' }]);
    const { id: disputeId } = (await disputeRow('du_moved_on'))!;
    const refused = await send(manager.headers, disputeId, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(DISPUTE_MESSAGES.closed);
    expect(stripe.requests).toHaveLength(0);
  });

  it('refuses a cover letter Stripe could not carry with 400, and sends nothing', async () => {
    const { disputeId } = await openDispute('du_letter');
    const nul = await send(manager.headers, disputeId, false, 'Dear team\u0000');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors).toEqual({ coverLetter: 'The cover letter must not contain the NUL character (U+0000).' });
    const broken = await send(manager.headers, disputeId, false, 'Delivered \uD83D on time');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors.coverLetter).toMatch(/broken character/);
    expect(stripe.requests).toHaveLength(0);
    expect(await disputeRow('du_letter')).toMatchObject({ coverLetter: null, state: 'needs_evidence' });
  });

  it("shows Stripe's refusal in words, records it, and leaves the dispute open for another try", async () => {
    const { orderId, disputeId } = await openDispute('du_pages');
    stripe.refuseNext({ status: 400, code: 'dispute_evidence_page_limit_exceeded', message: 'Too many pages.' });
    const refused = await send(admin.headers, disputeId, true);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ status: 0, message: PROVIDER_REFUSALS.dispute_evidence_page_limit_exceeded });
    expect(await disputeRow('du_pages')).toMatchObject({
      state: 'needs_evidence',
      submittedAt: null,
      submittingSince: null,
      providerRefusal: PROVIDER_REFUSALS.dispute_evidence_page_limit_exceeded,
    });
    expect((await logsOf(orderId)).at(-1)).toMatchObject({
      step: 'Dispute evidence refused by provider',
      staff: 'Ada Admin',
    });

    stripe.refuseNext({ status: 400, code: 'resource_missing', message: 'No such dispute: du_pages' });
    const other = await send(admin.headers, disputeId, false);
    expect(other.json().message).toBe('Stripe refused the evidence: No such dispute: du_pages');

    const retried = await send(admin.headers, disputeId, true);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await disputeRow('du_pages')).toMatchObject({ state: 'submitted', providerRefusal: null });
  });

  it('lists the ChargeBack disputes by due date', async () => {
    const soon = await openDispute('du_soon', new Date(Date.now() + 86_400_000));
    const later = await openDispute('du_later', new Date(Date.now() + 20 * 86_400_000));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/chargeback-disputes?sort=due&dir=asc',
      headers: team.headers,
    });
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((d: { id: number }) => d.id);
    expect(ids.indexOf(soon.disputeId)).toBeLessThan(ids.indexOf(later.disputeId));
    expect(res.json().data.find((d: { id: number }) => d.id === soon.disputeId)).toMatchObject({
      customer_name: 'EMILY TANAKA-SMITH',
      gateway_label: 'Stripe',
      reason: 'fraudulent',
    });
    const desc = await t.app.inject({
      method: 'GET',
      url: '/api/admin/chargeback-disputes?sort=due&dir=desc',
      headers: team.headers,
    });
    const descIds = desc.json().data.map((d: { id: number }) => d.id);
    expect(descIds.indexOf(soon.disputeId)).toBeGreaterThan(descIds.indexOf(later.disputeId));
  });

  it("erasure clears the dispute's personal fields and keeps its accounting record", async () => {
    const { orderId, disputeId } = await openDispute('du_erase');
    expect((await send(manager.headers, disputeId, false)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/change-order-status',
      headers: admin.headers,
      payload: { orderId: [orderId], permanentDeletedFlag: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await selectRows(
      t.database.db,
      z.object({
        payment_references: z.unknown(),
        cover_letter: z.unknown(),
        evidence_sent: z.unknown(),
        provider_refusal: z.unknown(),
        amount: z.string(),
        reason: z.string(),
        state: z.string(),
        purchase_ip: z.unknown(),
        purchase_user_agent: z.unknown(),
      }),
      sql`select d.payment_references, d.cover_letter, d.evidence_sent, d.provider_refusal, d.amount, d.reason, d.state,
        o.purchase_ip, o.purchase_user_agent
      from disputes d join orders o on o.order_id = d.order_id where d.id = ${disputeId}`,
    );
    expect(row).toEqual({
      payment_references: [],
      cover_letter: null,
      evidence_sent: null,
      provider_refusal: null,
      amount: '49.00',
      reason: 'fraudulent',
      state: 'saved',
      purchase_ip: null,
      purchase_user_agent: null,
    });
  });
});

describe('the purchase at intake', () => {
  const intake = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/intake/orders',
      payload: body,
      headers: { authorization: `Bearer ${INTAKE_KEY}`, 'idempotency-key': `idem-${Math.random()}` },
    });

  it('records the optional purchase IP and browser, which the evidence then sends', async () => {
    const charge = nextCharge();
    const res = await intake({
      ...intakeApplication(),
      transaction_id: charge,
      purchase_ip: '2001:db8::42',
      purchase_user_agent: 'Mozilla/5.0 (Windows NT 10.0) Firefox/133.0',
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().data.orderId as number;
    const [order] = await t.database.db
      .select({ ip: orders.purchaseIp, ua: orders.purchaseUserAgent })
      .from(orders)
      .where(eq(orders.orderId, orderId));
    expect(order).toEqual({ ip: '2001:db8::42', ua: 'Mozilla/5.0 (Windows NT 10.0) Firefox/133.0' });
    expect((await post(disputeEvent('charge.dispute.created', { id: 'du_intake', charge }))).statusCode).toBe(200);
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/admin/order-disputes',
      headers: manager.headers,
      payload: { orderId },
    });
    expect(view.json().data.evidence).toMatchObject({
      customer_purchase_ip: '2001:db8::42',
      purchase_user_agent: 'Mozilla/5.0 (Windows NT 10.0) Firefox/133.0',
    });

    const without = await intake({ ...intakeApplication() });
    expect(without.statusCode).toBe(201);
    const [bare] = await t.database.db
      .select({ ip: orders.purchaseIp, ua: orders.purchaseUserAgent })
      .from(orders)
      .where(eq(orders.orderId, without.json().data.orderId as number));
    expect(bare).toEqual({ ip: null, ua: null });
  });

  it('refuses a purchase IP that is not an address with 400 naming the field, and creates nothing', async () => {
    const before = await t.database.db.select({ id: orders.orderId }).from(orders);
    const res = await intake({ ...intakeApplication(), purchase_ip: '999.1.1.1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ purchase_ip: 'The purchase IP must be an IPv4 or IPv6 address.' });
    expect(await t.database.db.select({ id: orders.orderId }).from(orders)).toHaveLength(before.length);
  });
});

describe('the Disputes report and the metrics', () => {
  /** A dispute as the provider events would have left it, opened in a month of its own. */
  const seed = (d: {
    id: string;
    gateway: 'stripe' | 'paypal';
    state: string;
    opened: string;
    amount: string;
    currency: string;
    due: Date | null;
    submitted?: Date | null;
  }) =>
    t.database.db.insert(disputes).values({
      gateway: d.gateway,
      providerDisputeId: d.id,
      reason: 'fraudulent',
      amount: d.amount,
      currency: d.currency,
      providerStatus: d.state,
      state: d.state,
      evidenceDueAt: d.due,
      openedAt: new Date(d.opened),
      eventAt: new Date(d.opened),
      submittedAt: d.submitted ?? null,
    });

  it('counts by month and gateway what was received, submitted in time, won, lost and recovered', async () => {
    const due = new Date('2025-01-20T00:00:00Z');
    await seed({
      id: 'r1',
      gateway: 'stripe',
      state: 'won',
      opened: '2025-01-03T10:00:00Z',
      amount: '49.00',
      currency: 'USD',
      due,
      submitted: new Date('2025-01-10T00:00:00Z'),
    });
    await seed({
      id: 'r2',
      gateway: 'stripe',
      state: 'won',
      opened: '2025-01-31T23:59:00Z',
      amount: '29.50',
      currency: 'USD',
      due,
      submitted: new Date('2025-01-11T00:00:00Z'),
    });
    await seed({
      id: 'r3',
      gateway: 'stripe',
      state: 'lost',
      opened: '2025-01-05T10:00:00Z',
      amount: '49.00',
      currency: 'USD',
      due,
      submitted: new Date('2025-01-25T00:00:00Z'),
    });
    await seed({
      id: 'r4',
      gateway: 'stripe',
      state: 'accepted',
      opened: '2025-01-06T10:00:00Z',
      amount: '49.00',
      currency: 'USD',
      due,
    });
    await seed({
      id: 'r5',
      gateway: 'paypal',
      state: 'won',
      opened: '2025-01-07T10:00:00Z',
      amount: '20.00',
      currency: 'EUR',
      due,
      submitted: due,
    });
    await seed({
      id: 'r6',
      gateway: 'stripe',
      state: 'needs_evidence',
      opened: '2025-02-01T00:00:00Z',
      amount: '49.00',
      currency: 'USD',
      due: null,
    });
    await seed({
      id: 'r7',
      gateway: 'stripe',
      state: 'won',
      opened: '2025-03-01T00:00:00Z',
      amount: '99.00',
      currency: 'USD',
      due: null,
    });

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/disputes-report?from=2025-01&to=2025-02',
      headers: manager.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      {
        month: '2025-01',
        gateway: 'paypal',
        gateway_label: 'PayPal',
        currency: 'EUR',
        received: 1,
        submitted_in_time: 1,
        won: 1,
        lost: 0,
        amount_recovered: '20.00',
      },
      {
        month: '2025-01',
        gateway: 'stripe',
        gateway_label: 'Stripe',
        currency: 'USD',
        received: 4,
        submitted_in_time: 2,
        won: 2,
        lost: 2,
        amount_recovered: '78.50',
      },
      {
        month: '2025-02',
        gateway: 'stripe',
        gateway_label: 'Stripe',
        currency: 'USD',
        received: 1,
        submitted_in_time: 0,
        won: 0,
        lost: 0,
        amount_recovered: '0.00',
      },
    ]);
    const teamRes = await t.app.inject({
      method: 'GET',
      url: '/api/admin/disputes-report?from=2025-01&to=2025-02',
      headers: team.headers,
    });
    expect(teamRes.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/disputes-report?from=2025-03&to=2025-01',
      headers: manager.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the open disputes and those due within 24 hours, by gateway', async () => {
    await seed({
      id: 'm1',
      gateway: 'paypal',
      state: 'needs_evidence',
      opened: new Date().toISOString(),
      amount: '49.00',
      currency: 'USD',
      due: new Date(Date.now() + 2 * 3600_000),
    });
    await seed({
      id: 'm2',
      gateway: 'paypal',
      state: 'saved',
      opened: new Date().toISOString(),
      amount: '49.00',
      currency: 'USD',
      due: new Date(Date.now() + 72 * 3600_000),
    });
    const res = await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    const value = (series: string) => Number(new RegExp(`^${series} (\\d+)$`, 'm').exec(res.body)?.[1]);
    expect(value('arrival_disputes_open{gateway="paypal"}')).toBe(2);
    expect(value('arrival_disputes_evidence_due_24h{gateway="paypal"}')).toBe(1);
    const stripeOpen = await t.database.db.select().from(disputes).where(eq(disputes.gateway, 'stripe'));
    expect(value('arrival_disputes_open{gateway="stripe"}')).toBe(
      stripeOpen.filter((d) => d.state === 'needs_evidence' || d.state === 'saved').length,
    );
  });
});
