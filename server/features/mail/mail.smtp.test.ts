/**
 * Mail through a real SMTP peer (smtp-server in this process): what arrives,
 * retries with back-off while the peer is down or answers 4xx, failure after
 * the last attempt or at once on a 5xx, one Message-ID for every attempt,
 * staff retry, resend, branding and escaping.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { multipart, pdfBytes } from '../../test/multipart';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { landingSites, mails, processLogs } from '../../db/schema';
import { storageFor } from '../../lib/storage';
import { encodeId } from '../../../shared/ids';
import { MailWorker } from './mail.worker';
import { queueRefundConfirmationMail } from './mail.queue';
import { isPermanentRejection } from './transports';

const dataDir = mkdtempSync(path.join(tmpdir(), 'mail-smtp-test-'));
let smtp: SmtpPeer;
let t: TestContext;
let worker: MailWorker;
let team: Awaited<ReturnType<TestContext['loginAs']>>;
let busy = true;

beforeAll(async () => {
  // "bounce" addresses get a permanent 5xx, "busy" ones a temporary 4xx while `busy` is on.
  smtp = await startSmtpPeer({
    refuse: (address) =>
      address.startsWith('bounce')
        ? { code: 550, message: `5.1.1 <${address}>: Recipient address rejected: User unknown` }
        : address.startsWith('busy') && busy
          ? { code: 451, message: `4.3.0 <${address}>: Temporary lookup failure, try again later` }
          : undefined,
  });
  t = await buildTestApp({
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MAIL_MAX_ATTEMPTS: '3',
    MAIL_RETRY_BASE_MS: '5000',
    MAIL_FROM: 'cards@arrivalcard-mail.example',
  });
  worker = new MailWorker({ db: t.database.db, config: t.config, storage: storageFor(t.config) });
  team = await t.loginAs('Team', { name: 'Sam Sender' });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await smtp.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await worker.drain();
  smtp.received.length = 0;
});

async function uploadFor(orderId: number, data: Buffer, email = 'emily@mail.example', provider = 'smtp') {
  const body = multipart({ orderId, email, mailServiceProvider: provider }, [
    { field: 'uploadVisaDoc', filename: 'card.pdf', contentType: 'application/pdf', data },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/upload-visa-document',
    payload: body.payload,
    headers: { ...team.headers, ...body.headers },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { mailId: number; uploadDoc: { id: number; file1: string } };
}

const mailRow = async (id: number) => (await t.database.db.select().from(mails).where(eq(mails.id, id)))[0]!;
const steps = async (orderId: number) =>
  (
    await t.database.db.select().from(processLogs).where(eq(processLogs.orderId, orderId)).orderBy(asc(processLogs.id))
  ).map((l) => l.stepName);

describe('approved-order mail over SMTP', () => {
  it('arrives with the right recipient, subject, track link, brand, and the document bytes attached', async () => {
    const orderId = await insertOrder(t.database.db, { givenName: 'EMILY', surname: 'TANAKA-SMITH' });
    const data = pdfBytes(7000);
    const { mailId } = await uploadFor(orderId, data, 'Emily.T@mail.example');
    expect(smtp.received).toHaveLength(0); // queued, not sent inside the request

    expect(await worker.drain()).toMatchObject({ sent: 1, retried: 0, failed: 0 });
    const [got] = await smtp.waitFor(1);
    expect(got!.envelopeTo).toEqual(['Emily.T@mail.example']);
    expect(got!.mailId).toBe(String(mailId));
    const mail = got!.parsed;
    expect(mail.subject).toBe(`Your Japan Arrival Card is ready (order ${orderId})`);
    expect(mail.from).toMatchObject({ name: 'Japan Arrival Card Online', address: 'cards@arrivalcard-mail.example' });
    expect(mail.replyTo?.[0]?.address).toBe('support@japan-arrival.example');
    const link = `http://localhost:3000/track-order/${encodeId(orderId)}`;
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(`Your document is attached to this e-mail: ${orderId}_file1.pdf`);
    expect(mail.html).toContain('Japan Arrival Card Online is a private service');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: `${orderId}_file1.pdf`, mimeType: 'application/pdf' });
    expect(Buffer.from(mail.attachments[0]!.content as ArrayBuffer).equals(data)).toBe(true);

    expect(await mailRow(mailId)).toMatchObject({ status: 'sent', deliveredVia: 'smtp', attempts: 1, lastError: null });
    expect(await steps(orderId)).toEqual(['Document uploaded', 'Mail queued', 'Mail sent']);
    // Sent once: another pass finds nothing to do.
    expect(await worker.drain()).toMatchObject({ claimed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('brands by the landing site and escapes every value the customer typed', async () => {
    const [site] = await t.database.db.select().from(landingSites).where(eq(landingSites.siteKey, 'visit-japan-card'));
    const orderId = await insertOrder(t.database.db, {
      landingSiteId: site!.id,
      givenName: '<script>alert("x")</script>',
      surname: "O'BRIEN & CO",
    });
    await uploadFor(orderId, pdfBytes());
    await worker.drain();
    const [got] = await smtp.waitFor(1);
    const { html, text, from } = got!.parsed;
    expect(from?.name).toBe('Visit Japan Card');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;BRIEN &amp; CO');
    expect(html).toContain('Visit Japan Card helps travellers');
    expect(html).toContain('href="https://visit-japan-card.example/contact"');
    expect(text).toContain(`Dear <script>alert("x")</script> O'BRIEN & CO,`);
  });
});

describe('a provider that is down', () => {
  it('delays the mail with back-off and delivers it once when the peer is back', async () => {
    const orderId = await insertOrder(t.database.db);
    await smtp.stop();
    const { mailId } = await uploadFor(orderId, pdfBytes());

    expect(await worker.runOnce()).toMatchObject({ claimed: 1, sent: 0, retried: 1 });
    const waiting = await mailRow(mailId);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    // A 5 s back-off, long enough that a slow machine cannot reach it during these checks.
    expect(new Date(waiting.nextAttemptAt).getTime()).toBeGreaterThan(Date.now() + 2000);
    // Not due yet: nothing is claimed before the back-off has passed.
    expect(await worker.runOnce()).toMatchObject({ claimed: 0 });

    await smtp.start();
    await t.database.db.execute(sql`update mails set next_attempt_at = now() where id = ${mailId}`); // the back-off has passed
    expect(await worker.drain()).toMatchObject({ sent: 1 });
    await smtp.waitFor(1);
    expect(smtp.received.map((m) => m.mailId)).toEqual([String(mailId)]);
    expect(await mailRow(mailId)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(await worker.drain()).toMatchObject({ claimed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('marks a mail failed after the last attempt, shows it in the Email History, and staff can retry it', async () => {
    const orderId = await insertOrder(t.database.db);
    await smtp.stop();
    const { mailId } = await uploadFor(orderId, pdfBytes());
    for (let attempt = 1; attempt <= 3; attempt++) {
      await t.database.db.execute(sql`update mails set next_attempt_at = now() where id = ${mailId}`); // skip the wait
      const r = await worker.runOnce();
      expect(r, `attempt ${attempt}`).toMatchObject(attempt < 3 ? { retried: 1 } : { failed: 1 });
    }
    expect(await mailRow(mailId)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await steps(orderId)).toEqual(['Document uploaded', 'Mail queued', 'Mail failed']);
    expect(await worker.runOnce()).toMatchObject({ claimed: 0 }); // failed mails wait for staff

    const history = (
      await t.app.inject({ url: `/api/admin/get-email-history/${orderId}`, headers: team.headers })
    ).json().data;
    expect(history.mailHistory[0]).toMatchObject({ id: mailId, status: 'failed', attempts: 3, sent_at: null });
    expect(history.mailHistory[0].last_error).toMatch(/ECONNREFUSED|connect/i);

    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/admin/retry-mail',
      payload: { mailId },
      headers: team.headers,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({
      status: 1,
      message: 'The mail is queued again.',
      data: { id: mailId, status: 'queued', attempts: 0 },
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/retry-mail',
      payload: { mailId },
      headers: team.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a failed mail can be retried.');

    await smtp.start();
    expect(await worker.drain()).toMatchObject({ sent: 1 });
    await smtp.waitFor(1);
    expect(await mailRow(mailId)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await steps(orderId)).toEqual([
      'Document uploaded',
      'Mail queued',
      'Mail failed',
      'Mail retry requested',
      'Mail sent',
    ]);
  });
});

describe('a provider that refuses the mail', () => {
  const logLines: string[] = [];
  const log = {
    info: (o: object, m?: string) => {
      logLines.push(JSON.stringify({ ...o, msg: m }));
    },
    warn: (o: object, m?: string) => {
      logLines.push(JSON.stringify({ ...o, msg: m }));
    },
    error: (o: object, m?: string) => {
      logLines.push(JSON.stringify({ ...o, msg: m }));
    },
  };

  it('fails a mail at once on a permanent 5xx (not after every attempt), shows it failed, staff can retry it, and logs no address', async () => {
    const logged = new MailWorker({ db: t.database.db, config: t.config, storage: storageFor(t.config), log });
    const orderId = await insertOrder(t.database.db);
    const { mailId } = await uploadFor(orderId, pdfBytes(), 'bounce.kai@mail.example');

    expect(await logged.runOnce()).toMatchObject({ claimed: 1, sent: 0, retried: 0, failed: 1 });
    const row = await mailRow(mailId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, claimToken: null }); // MAIL_MAX_ATTEMPTS is 3 here
    expect(row.lastError).toContain('550');
    expect(await steps(orderId)).toEqual(['Document uploaded', 'Mail queued', 'Mail failed']);
    expect(smtp.received).toHaveLength(0);
    const history = (
      await t.app.inject({ url: `/api/admin/get-email-history/${orderId}`, headers: team.headers })
    ).json().data;
    expect(history.mailHistory[0]).toMatchObject({ id: mailId, status: 'failed', attempts: 1 });
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/admin/retry-mail',
      payload: { mailId },
      headers: team.headers,
    });
    expect(retry.json()).toMatchObject({ status: 1, data: { id: mailId, status: 'queued', attempts: 0 } });
    await logged.stop();

    const line = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === 'mail not sent');
    expect(line).toMatchObject({ mailId, giveUp: true, permanent: true, responseCode: 550, code: 'EENVELOPE' });
    expect(logLines.join('\n')).not.toContain('bounce.kai');
  });

  it('retries a temporary 4xx with back-off, with the same Message-ID on every attempt, and delivers it once accepted', async () => {
    busy = true;
    const orderId = await insertOrder(t.database.db);
    const { mailId } = await uploadFor(orderId, pdfBytes(), 'busy.lee@mail.example');

    expect(await worker.runOnce()).toMatchObject({ claimed: 1, retried: 1, failed: 0 });
    const waiting = await mailRow(mailId);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.lastError).toContain('451');
    expect(new Date(waiting.nextAttemptAt).getTime()).toBeGreaterThan(Date.now() + 2000);
    expect(waiting.messageId).toMatch(new RegExp(`^<${mailId}\\.[0-9a-f]{32}@arrivalcard-mail\\.example>$`));

    busy = false;
    await t.database.db.execute(sql`update mails set next_attempt_at = now() where id = ${mailId}`); // the back-off has passed
    expect(await worker.drain()).toMatchObject({ sent: 1 });
    const [got] = await smtp.waitFor(1);
    expect(got!.messageId).toBe(waiting.messageId);
    expect(await mailRow(mailId)).toMatchObject({
      status: 'sent',
      attempts: 2,
      messageId: waiting.messageId,
      providerMessageId: waiting.messageId,
    });
  });

  it("counts a refused login (535) as the server's configuration, retried, not as the mail's fault", () => {
    const smtpError = (responseCode: number, code: string) =>
      Object.assign(new Error(`${responseCode} refused`), { responseCode, code });
    expect(isPermanentRejection(smtpError(550, 'EENVELOPE'))).toBe(true);
    expect(isPermanentRejection(smtpError(552, 'EMESSAGE'))).toBe(true);
    expect(isPermanentRejection(smtpError(535, 'EAUTH'))).toBe(false);
    expect(isPermanentRejection(smtpError(421, 'EENVELOPE'))).toBe(false);
    expect(isPermanentRejection(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' }))).toBe(false);
  });

  it('gives every mail a Message-ID of its own', async () => {
    busy = false;
    const orderId = await insertOrder(t.database.db);
    await uploadFor(orderId, pdfBytes(), 'one@mail.example');
    await uploadFor(orderId, pdfBytes(), 'two@mail.example');
    await worker.drain();
    const got = await smtp.waitFor(2);
    expect(new Set(got.map((m) => m.messageId)).size).toBe(2);
  });
});

describe('POST /api/admin/resend-mail', () => {
  it('resends the current document to the given address and it arrives', async () => {
    const orderId = await insertOrder(t.database.db);
    const data = pdfBytes(3333);
    await uploadFor(orderId, data);
    await worker.drain();
    smtp.received.length = 0;

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/resend-mail',
      headers: team.headers,
      payload: { orderId: String(orderId), email: 'other@mail.example', mailServiceProvider: 'smtp' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 1,
      message: 'Mail queued: the document will be resent to other@mail.example.',
    });
    await worker.drain();
    const [got] = await smtp.waitFor(1);
    expect(got!.envelopeTo).toEqual(['other@mail.example']);
    expect(Buffer.from(got!.parsed.attachments[0]!.content as ArrayBuffer).equals(data)).toBe(true);

    const history = (
      await t.app.inject({ url: `/api/admin/get-email-history/${encodeId(orderId)}`, headers: team.headers })
    ).json().data;
    expect(
      history.mailHistory.map((m: { kind: string; status: string; to_address: string }) => [
        m.kind,
        m.status,
        m.to_address,
      ]),
    ).toEqual([
      ['resend', 'sent', 'other@mail.example'],
      ['approved_order', 'sent', 'emily@mail.example'],
    ]);
  });

  it('answers 409 when the order has no document, 404 for an unknown order, 400 with messages, and 400 for SES when only SMTP is configured', async () => {
    const orderId = await insertOrder(t.database.db);
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/resend-mail', headers: team.headers, payload });
    const none = await post({ orderId, email: 'a@mail.example', mailServiceProvider: 'smtp' });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('This order has no document yet. Upload the document first.');
    expect((await post({ orderId: 999999, email: 'a@mail.example', mailServiceProvider: 'smtp' })).statusCode).toBe(
      404,
    );
    const invalid = await post({ orderId, email: '', mailServiceProvider: 'smtp' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ email: 'Please enter your email' });
    const ses = await post({ orderId, email: 'a@mail.example', mailServiceProvider: 'ses' });
    expect(ses.statusCode).toBe(400);
    expect(ses.json().message).toBe(
      'The cloud mail service (SES) is not configured on this server. Please use the other mail provider.',
    );
    expect(await t.database.db.select().from(mails).where(eq(mails.orderId, orderId))).toEqual([]);
  });
});

describe('GET /api/admin/get-email-history/{orderId}', () => {
  it('answers 404 "Order not found." for an unknown order and for a path that names no order', async () => {
    for (const ref of ['999999999', encodeId(999999999), 'not-an-id!', 'MjAwMDAz']) {
      const res = await t.app.inject({ url: `/api/admin/get-email-history/${ref}`, headers: team.headers });
      expect(res.statusCode, ref).toBe(404);
      expect(res.json()).toEqual({ status: 0, message: 'Order not found.' });
    }
  });
});

describe('refund confirmation mail (queued by "Move to complete with refund mail")', () => {
  it('is sent from the templates, whether queued with queueRefundConfirmationMail or as a bare row', async () => {
    const a = await insertOrder(t.database.db, {
      paymentAmount: '49.00',
      paymentCurrency: 'USD',
      email: 'a@mail.example',
    });
    const b = await insertOrder(t.database.db, {
      paymentAmount: '65.50',
      paymentCurrency: 'EUR',
      email: 'b@mail.example',
    });
    await t.database.db.transaction(async (tx) => {
      await queueRefundConfirmationMail(tx, t.config, { id: team.member.id, name: team.member.name }, a, 'smtp');
    });
    // What a caller that only inserts the row (kind, recipient, provider) gets: the worker renders it.
    await t.database.db.insert(mails).values({
      orderId: b,
      kind: 'refund_confirmation',
      toAddress: 'b@mail.example',
      subject: '',
      html: '',
      textBody: '',
      mailServiceProvider: 'smtp',
    });

    expect(await worker.drain()).toMatchObject({ sent: 2 });
    const got = await smtp.waitFor(2);
    const byTo = Object.fromEntries(got.map((m) => [m.envelopeTo[0], m.parsed]));
    expect(byTo['a@mail.example']!.subject).toBe(`Your refund for order ${a}`);
    expect(byTo['a@mail.example']!.text).toContain(`your payment of $49.00 for order ${a} has been refunded`);
    expect(byTo['b@mail.example']!.subject).toBe(`Your refund for order ${b}`);
    expect(byTo['b@mail.example']!.html).toContain('€65.50');
    expect(await steps(a)).toEqual(['Mail queued', 'Mail sent']);
    const [bRow] = await t.database.db.select().from(mails).where(eq(mails.orderId, b));
    expect(bRow).toMatchObject({ status: 'sent', subject: `Your refund for order ${b}` });
  });
});
