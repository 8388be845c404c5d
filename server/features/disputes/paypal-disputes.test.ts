/**
 * PayPal disputes against a local mock of PayPal's REST API that records every request: a dispute event is trusted
 * only when PayPal's verify-webhook-signature call says so (its body checked field by field), and moves the matched
 * order; headers missing, a stale transmission or a failed verification answer 400 and change nothing; the evidence
 * goes as one multipart provide-evidence request with both packs, once, and only while PayPal offers that step; a
 * resolution records the outcome.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { disputes, mails, orders, processLogs, providerEvents, uploadDocs } from '../../db/schema';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import {
  PAYPAL_CLIENT_ID,
  PAYPAL_CLIENT_SECRET,
  PAYPAL_WEBHOOK_ID,
  paypalDisputeEvent,
  startMockPayPal,
  type MockPayPal,
} from '../../test/mock-paypal';
import { DISPUTE_MESSAGES } from '../../../shared/schemas/disputes';
import { NO_EVIDENCE_STEP } from './paypal-evidence';

const dataDir = mkdtempSync(path.join(tmpdir(), 'paypal-disputes-test-'));
let t: TestContext;
let paypal: MockPayPal;
let manager: Awaited<ReturnType<TestContext['loginAs']>>;

beforeAll(async () => {
  paypal = await startMockPayPal();
  t = await buildTestApp({
    DATA_DIR: dataDir,
    PAYPAL_CLIENT_ID,
    PAYPAL_CLIENT_SECRET,
    PAYPAL_WEBHOOK_ID,
    PAYPAL_API_URL: paypal.url,
  });
  manager = await t.loginAs('Manager', { name: 'Mona Manager' });
});
afterAll(async () => {
  await t.close();
  await paypal.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  paypal.requests.length = 0;
});

let n = 0;
const nextCapture = () => `CAPTURE-${++n}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

function transmission(overrides: Record<string, string | undefined> = {}) {
  return Object.fromEntries(
    Object.entries({
      'paypal-transmission-id': `tx-${Math.random().toString(36).slice(2)}`,
      'paypal-transmission-time': new Date().toISOString(),
      'paypal-transmission-sig': paypal.validSignature,
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42',
      'paypal-auth-algo': 'SHA256withRSA',
      ...overrides,
    }).filter((e): e is [string, string] => e[1] !== undefined),
  );
}

const post = (event: Record<string, unknown>, headers = transmission()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/paypal',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(event),
  });

const row = async (id: string) =>
  (await t.database.db.select().from(disputes).where(eq(disputes.providerDisputeId, id)))[0];
const status = async (orderId: number) =>
  (await t.database.db.select({ s: orders.processStatus }).from(orders).where(eq(orders.orderId, orderId)))[0]!.s;
const steps = async (orderId: number) =>
  (
    await t.database.db
      .select({ step: processLogs.stepName, detail: processLogs.detail })
      .from(processLogs)
      .where(eq(processLogs.orderId, orderId))
      .orderBy(asc(processLogs.id))
  ).map((l) => `${l.step}: ${l.detail}`);

async function orderWithDelivery(capture: string) {
  const orderId = await insertOrder(t.database.db, { processStatus: 'Completed', transactionId: capture });
  const [doc] = await t.database.db
    .insert(uploadDocs)
    .values({
      orderId,
      file1: `${orderId}_file1.pdf`,
      originalName: 'card.pdf',
      contentType: 'application/pdf',
      sizeBytes: 10,
      storageKey: `docs/${orderId}/card.pdf`,
    })
    .returning({ id: uploadDocs.id });
  await t.database.db.insert(mails).values({
    orderId,
    kind: 'approved_order',
    toAddress: 'emily.tanaka@mail.example',
    subject: 'Your card',
    html: '<p>x</p>',
    textBody: 'x',
    mailServiceProvider: 'ses',
    deliveredVia: 'ses',
    status: 'sent',
    uploadDocId: doc!.id,
    messageId: `<${orderId}.pp@arrivalcard-mail.example>`,
    sentAt: new Date('2026-04-01T09:00:00Z'),
  });
  return orderId;
}

describe('POST /api/webhooks/paypal', () => {
  it("applies a dispute event PayPal verified, after asking PayPal with the delivery's headers and body", async () => {
    const capture = nextCapture();
    const orderId = await insertOrder(t.database.db, { processStatus: 'Completed', transactionId: capture });
    const event = paypalDisputeEvent('CUSTOMER.DISPUTE.CREATED', {
      id: 'PP-D-100',
      sellerTransactionId: capture,
      due: new Date('2030-02-01T00:00:00Z'),
    });
    const headers = transmission();
    const res = await post(event, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.result).toBe('applied');

    const [token, verify] = paypal.requests;
    expect(token).toMatchObject({ method: 'POST', path: '/v1/oauth2/token' });
    expect(token!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${PAYPAL_CLIENT_ID}:${PAYPAL_CLIENT_SECRET}`).toString('base64')}`,
    );
    expect(verify).toMatchObject({ method: 'POST', path: '/v1/notifications/verify-webhook-signature' });
    expect(verify!.headers.authorization).toBe('Bearer A21-test-token');
    expect(verify!.json).toEqual({
      auth_algo: 'SHA256withRSA',
      cert_url: headers['paypal-cert-url'],
      transmission_id: headers['paypal-transmission-id'],
      transmission_sig: paypal.validSignature,
      transmission_time: headers['paypal-transmission-time'],
      webhook_id: PAYPAL_WEBHOOK_ID,
      webhook_event: event,
    });

    expect(await row('PP-D-100')).toMatchObject({
      gateway: 'paypal',
      orderId,
      reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
      amount: '49.00',
      currency: 'USD',
      state: 'needs_evidence',
      paymentReferences: [capture],
    });
    expect(await status(orderId)).toBe('ChargeBack');
    expect(await steps(orderId)).toEqual([
      'Status changed to ChargeBack: Completed -> ChargeBack',
      'Dispute received: PayPal dispute PP-D-100: MERCHANDISE_OR_SERVICE_NOT_RECEIVED, $49.00, evidence due 2030-02-01 00:00:00 UTC',
    ]);
    expect((await post(event)).json().data.result).toBe('duplicate');
    expect(await steps(orderId)).toHaveLength(2);
  });

  it('refuses a failed verification, missing headers and a stale transmission with 400, and records nothing', async () => {
    const capture = nextCapture();
    const orderId = await insertOrder(t.database.db, { processStatus: 'Completed', transactionId: capture });
    const event = paypalDisputeEvent(
      'CUSTOMER.DISPUTE.CREATED',
      { id: 'PP-D-FORGED', sellerTransactionId: capture },
      'WH-FORGED',
    );
    const forged = await post(event, transmission({ 'paypal-transmission-sig': 'someone-else' }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('The webhook signature could not be verified.');
    expect(paypal.requests.map((r) => r.path)).toContain('/v1/notifications/verify-webhook-signature');

    paypal.requests.length = 0;
    expect((await post(event, transmission({ 'paypal-transmission-sig': undefined }))).statusCode).toBe(400);
    const stale = new Date(Date.now() - 10 * 60_000).toISOString();
    expect((await post(event, transmission({ 'paypal-transmission-time': stale }))).statusCode).toBe(400);
    // Neither was worth asking PayPal about.
    expect(paypal.requests).toEqual([]);
    expect(await row('PP-D-FORGED')).toBeUndefined();
    expect(await t.database.db.select().from(providerEvents).where(eq(providerEvents.eventId, 'WH-FORGED'))).toEqual(
      [],
    );
    expect(await status(orderId)).toBe('Completed');
  });

  it('records the outcome of a resolution, and never lets an older update reopen it', async () => {
    const capture = nextCapture();
    const orderId = await insertOrder(t.database.db, { processStatus: 'ChargeBack', transactionId: capture });
    const t0 = Date.now() - 3600_000;
    await post(
      paypalDisputeEvent('CUSTOMER.DISPUTE.CREATED', {
        id: 'PP-D-WIN',
        sellerTransactionId: capture,
        updated: new Date(t0),
      }),
    );
    const resolved = paypalDisputeEvent('CUSTOMER.DISPUTE.RESOLVED', {
      id: 'PP-D-WIN',
      sellerTransactionId: capture,
      status: 'RESOLVED',
      outcome: 'RESOLVED_SELLER_FAVOUR',
      updated: new Date(t0 + 120_000),
    });
    expect((await post(resolved)).json().data.result).toBe('applied');
    const late = paypalDisputeEvent('CUSTOMER.DISPUTE.UPDATED', {
      id: 'PP-D-WIN',
      sellerTransactionId: capture,
      status: 'UNDER_REVIEW',
      updated: new Date(t0 + 60_000),
    });
    expect((await post(late)).json().data.result).toBe('stale');
    expect(await row('PP-D-WIN')).toMatchObject({ state: 'won', providerStatus: 'RESOLVED (RESOLVED_SELLER_FAVOUR)' });
    expect((await steps(orderId)).at(-1)).toBe('Dispute closed: PayPal dispute PP-D-WIN: Won');
  });
});

describe('PayPal evidence', () => {
  async function openDispute(id: string) {
    const capture = nextCapture();
    const orderId = await orderWithDelivery(capture);
    expect(
      (await post(paypalDisputeEvent('CUSTOMER.DISPUTE.CREATED', { id, sellerTransactionId: capture }))).statusCode,
    ).toBe(200);
    paypal.requests.length = 0;
    return { orderId, disputeId: (await row(id))!.id };
  }
  const send = (disputeId: number, submit: boolean) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/dispute-evidence',
      headers: manager.headers,
      payload: { disputeId, submit, coverLetter: 'Dear PayPal, the card was delivered.' },
    });

  it('sends both packs and the notes in one multipart provide-evidence request, once', async () => {
    const { orderId, disputeId } = await openDispute('PP-D-EVID');
    const res = await send(disputeId, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: DISPUTE_MESSAGES.submitted('PayPal'), data: { state: 'submitted' } });
    expect(paypal.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/customer/disputes/PP-D-EVID',
      'POST /v1/customer/disputes/PP-D-EVID/provide-evidence',
    ]);
    const parts = paypal.requests[1]!.parts;
    expect(parts.map((p) => [p.name, p.filename, p.contentType])).toEqual([
      ['input', 'input.json', 'application/json'],
      ['file1', `Defence-Pack-1-${orderId}.pdf`, 'application/pdf'],
      ['file2', `Defence-Pack-2-${orderId}.pdf`, 'application/pdf'],
    ]);
    for (const file of parts.slice(1)) expect(file.bytes!.subarray(0, 5).toString()).toBe('%PDF-');
    const input = JSON.parse(parts[0]!.value!) as {
      evidences: { evidence_type: string; notes: string; documents: { name: string }[] }[];
    };
    expect(input.evidences.map((e) => [e.evidence_type, e.documents])).toEqual([
      ['PROOF_OF_FULFILLMENT', [{ name: `Defence-Pack-1-${orderId}.pdf` }]],
      ['PROOF_FOR_SOFTWARE_OR_SERVICE_DELIVERED', [{ name: `Defence-Pack-2-${orderId}.pdf` }]],
    ]);
    expect(input.evidences[0]!.notes.startsWith('Dear PayPal, the card was delivered.')).toBe(true);
    expect(input.evidences[0]!.notes).toContain(`Message-ID <${orderId}.pp@arrivalcard-mail.example>`);
    expect(input.evidences[0]!.notes).toContain('accepted by Amazon SES');
    expect(input.evidences[1]!.notes).toContain('The customer has not downloaded the document');
    for (const e of input.evidences) expect(e.notes.length).toBeLessThanOrEqual(2000);

    paypal.requests.length = 0;
    const again = await send(disputeId, true);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DISPUTE_MESSAGES.alreadySubmitted);
    expect(paypal.requests).toEqual([]);
  });

  it('keeps nothing staged at PayPal, and sends nothing while PayPal offers no evidence step', async () => {
    const { disputeId } = await openDispute('PP-D-SHUT');
    const save = await send(disputeId, false);
    expect(save.statusCode).toBe(409);
    expect(save.json().message).toBe(DISPUTE_MESSAGES.noStaging);
    expect(paypal.requests).toEqual([]);

    paypal.closedForEvidence.add('PP-D-SHUT');
    const shut = await send(disputeId, true);
    expect(shut.statusCode).toBe(422);
    expect(shut.json().message).toBe(NO_EVIDENCE_STEP);
    expect(paypal.requests.map((r) => r.method)).toEqual(['GET']);
    expect(await row('PP-D-SHUT')).toMatchObject({
      state: 'needs_evidence',
      submittedAt: null,
      providerRefusal: NO_EVIDENCE_STEP,
    });

    paypal.closedForEvidence.delete('PP-D-SHUT');
    paypal.refuseNext({
      status: 422,
      name: 'UNPROCESSABLE_ENTITY',
      issue: 'INVALID_EVIDENCE_FILE',
      description: 'The file is too large.',
    });
    const refused = await send(disputeId, true);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('PayPal refused the evidence: The file is too large.');
  });
});
