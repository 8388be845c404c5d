/**
 * Mail through the SES v2 API (a local endpoint answering SendEmail), and the
 * invoice: a real PDF attached, read back as text.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { multipart, pdfBytes } from '../../test/multipart';
import { startSesPeer, type SesPeer } from '../../test/ses-peer';
import { mails, processLogs } from '../../db/schema';
import { storageFor } from '../../lib/storage';
import { encodeId } from '../../../shared/ids';
import { MailWorker } from './mail.worker';

const dataDir = mkdtempSync(path.join(tmpdir(), 'mail-ses-test-'));
let ses: SesPeer;
let t: TestContext;
let worker: MailWorker;
let team: Awaited<ReturnType<TestContext['loginAs']>>;

beforeAll(async () => {
  ses = await startSesPeer();
  t = await buildTestApp({
    DATA_DIR: dataDir,
    SES_REGION: 'eu-west-1',
    SES_ENDPOINT: ses.url,
    SES_ACCESS_KEY_ID: 'AKIATESTTESTTEST',
    SES_SECRET_ACCESS_KEY: 'test-secret',
    MAIL_RETRY_BASE_MS: '200',
  });
  worker = new MailWorker({ db: t.database.db, config: t.config, storage: storageFor(t.config) });
  team = await t.loginAs('Team', { name: 'Ines Invoicer' });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await ses.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  ses.requests.length = 0;
  ses.failWith = null;
  ses.failType = 'ServiceUnavailableException';
});

describe('approved-order mail through SES v2', () => {
  it('calls SendEmail, signed, with a raw message carrying the recipient, subject, link and the document bytes', async () => {
    const orderId = await insertOrder(t.database.db);
    const data = pdfBytes(9000);
    const body = multipart({ orderId, email: 'traveller@mail.example', mailServiceProvider: 'ses' }, [
      { field: 'uploadVisaDoc', filename: 'x.pdf', contentType: 'application/pdf', data },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload-visa-document',
      payload: body.payload,
      headers: { ...team.headers, ...body.headers },
    });
    expect(res.statusCode).toBe(200);
    const { mailId } = res.json().data;

    expect(await worker.drain()).toMatchObject({ sent: 1 });
    expect(ses.requests).toHaveLength(1);
    const [call] = ses.requests;
    expect(call!.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIATESTTESTTEST\/\d{8}\/eu-west-1\/ses\/aws4_request/,
    );
    expect(call!.body.Destination?.ToAddresses).toEqual(['traveller@mail.example']);
    expect(call!.body.FromEmailAddress).toBe('"Japan Arrival Card Online" <no-reply@arrivalcard-mail.example>');
    const mail = call!.parsed;
    expect(mail.to?.[0]?.address).toBe('traveller@mail.example');
    expect(mail.subject).toBe(`Your Japan Arrival Card is ready (order ${orderId})`);
    expect(mail.html).toContain(`http://localhost:3000/track-order/${encodeId(orderId)}`);
    expect(mail.text).toContain(`http://localhost:3000/track-order/${encodeId(orderId)}`);
    expect(Buffer.from(mail.attachments[0]!.content as ArrayBuffer).equals(data)).toBe(true);
    const [row] = await t.database.db.select().from(mails).where(eq(mails.id, mailId));
    expect(row).toMatchObject({ status: 'sent', deliveredVia: 'ses', providerMessageId: 'ses-test-1' });
    // The mail's own Message-ID, stored with it (SES itself replaces it on the way out: docs/decisions/0012).
    expect(row!.messageId).toMatch(/^<\d+\.[0-9a-f]{32}@arrivalcard-mail\.example>$/);
    expect(mail.messageId).toBe(row!.messageId);
  });

  it('fails a mail SES rejects (MessageRejected) at once, where a 503 is retried', async () => {
    const orderId = await insertOrder(t.database.db, { paymentAmount: '49.00', paymentCurrency: 'USD' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/send-invoice',
      headers: team.headers,
      payload: { orderId: String(orderId) },
    });
    expect(res.statusCode).toBe(200);
    ses.failWith = 400;
    ses.failType = 'MessageRejected';
    expect(await worker.runOnce()).toMatchObject({ claimed: 1, failed: 1, retried: 0 });
    const [row] = await t.database.db.select().from(mails).where(eq(mails.orderId, orderId));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.lastError).toContain('not verified');
  });

  it('keeps the mail queued while SES answers 503 and sends it once SES is back', async () => {
    const orderId = await insertOrder(t.database.db, { paymentAmount: '49.00', paymentCurrency: 'USD' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/send-invoice',
      headers: team.headers,
      payload: { orderId: String(orderId) },
    });
    expect(res.statusCode).toBe(200);
    ses.failWith = 503;
    expect(await worker.runOnce()).toMatchObject({ retried: 1 });
    const [row] = await t.database.db.select().from(mails).where(eq(mails.orderId, orderId));
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    ses.failWith = null;
    await new Promise((r) => setTimeout(r, 300));
    expect(await worker.drain()).toMatchObject({ sent: 1 });
    expect(ses.requests).toHaveLength(1);
  });
});

describe('POST /api/admin/send-invoice', () => {
  it('mails a PDF invoice with the order, customer, service, amount, payment date, merchant and transaction id', async () => {
    const orderId = await insertOrder(t.database.db, {
      givenName: 'EMILY',
      surname: 'TANAKA-SMITH',
      email: 'emily@mail.example',
      processingMode: 'priority',
      paymentAmount: '79.90',
      paymentCurrency: 'USD',
      paidAt: new Date('2026-03-14T10:00:00Z'),
      paymentGateway: 'Stripe',
      merchantName: 'Arrival Services Ltd',
      transactionId: 'txn_9f8e7d',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/send-invoice',
      headers: team.headers,
      payload: { orderId: String(orderId) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 1,
      message: `Invoice INV-${orderId} for order ${orderId} has been queued for emily@mail.example.`,
      data: { email: 'emily@mail.example', invoiceNumber: `INV-${orderId}` },
    });
    const logs = await t.database.db
      .select()
      .from(processLogs)
      .where(eq(processLogs.orderId, orderId))
      .orderBy(asc(processLogs.id));
    expect(logs.map((l) => [l.stepName, l.staffName])).toEqual([
      ['Invoice sent', 'Ines Invoicer'],
      ['Mail queued', 'Ines Invoicer'],
    ]);

    await worker.drain();
    const mail = ses.requests[0]!.parsed;
    expect(mail.to?.[0]?.address).toBe('emily@mail.example');
    expect(mail.subject).toBe(`Invoice INV-${orderId} for order ${orderId}`);
    expect(mail.attachments[0]).toMatchObject({ filename: `Invoice-INV-${orderId}.pdf`, mimeType: 'application/pdf' });
    const pdf = Buffer.from(mail.attachments[0]!.content as ArrayBuffer);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    for (const expected of [
      'INVOICE',
      `INV-${orderId}`,
      String(orderId),
      'EMILY TANAKA-SMITH',
      'emily@mail.example',
      'Japan Arrival Card preparation',
      'Priority processing',
      '$79.90',
      'USD',
      '14 March 2026',
      'Stripe',
      'Arrival Services Ltd',
      'txn_9f8e7d',
      'Japan Arrival Card Online',
    ])
      expect(text, expected).toContain(expected);

    // Staff can fetch the invoice that was sent from the Email History.
    const history = (
      await t.app.inject({ url: `/api/admin/get-email-history/${orderId}`, headers: team.headers })
    ).json().data;
    expect(history.mailHistory[0]).toMatchObject({
      kind: 'invoice',
      status: 'sent',
      attachments: [{ index: 0, filename: `Invoice-INV-${orderId}.pdf` }],
    });
    // No document on this mail, yet uploadDoc is there for a client reading uploadDoc.file1; its date is when it was sent.
    expect(history.mailHistory[0].uploadDoc).toEqual({ id: null, file1: null, mail_service_provider: 'ses' });
    expect(history.mailHistory[0].create_ts).toBe(history.mailHistory[0].sent_at);
    const file = await t.app.inject({
      url: `/api/admin/download-mail-attachment/${history.mailHistory[0].id}/0`,
      headers: team.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(
      (await t.app.inject({ url: `/api/admin/download-mail-attachment/${history.mailHistory[0].id}/0` })).statusCode,
    ).toBe(401);
  });

  it('answers 404 with a message for an unknown order and the spec messages for a bad order id', async () => {
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/send-invoice', headers: team.headers, payload });
    const unknown = await post({ orderId: '999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 0, message: 'Order 999999 was not found.' });
    expect((await post({ orderId: '' })).json()).toMatchObject({
      status: 0,
      errors: { orderId: 'Please enter your order id.' },
    });
    expect((await post({})).json()).toMatchObject({ status: 0, errors: { orderId: 'Please enter your order id.' } });
    expect((await post({ orderId: '12345' })).json()).toMatchObject({
      status: 0,
      errors: { orderId: 'Order Id must be at least 6 characters.' },
    });
    expect((await post({ orderId: '10000a' })).json()).toMatchObject({
      status: 0,
      errors: { orderId: 'Order Id must be a number.' },
    });
    const noPayment = await insertOrder(t.database.db, { paymentAmount: null });
    const conflict = await post({ orderId: String(noPayment) });
    expect(conflict.statusCode).toBe(409);
    expect(await t.database.db.select().from(mails).where(eq(mails.orderId, noPayment))).toEqual([]);
  });
});
