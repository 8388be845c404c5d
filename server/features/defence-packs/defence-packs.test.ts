/**
 * Chargeback defence packs (issue 7): the PDF's text holds the order, the customer and every mail (pack 1) or
 * download (pack 2) with its page numbers; the data endpoint gives the same pack; each generation is a
 * process-log line; only Admin and Manager may generate (403, nothing written); unknown orders are 404; Sent Mail
 * of Download History goes through the queue into the Email History with Defence Pack 2 attached.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { multipart, pdfBytes } from '../../test/multipart';
import { downloadHistory, mails, processLogs } from '../../db/schema';
import { storageFor } from '../../lib/storage';
import { MailWorker } from '../mail/mail.worker';
import type { Role } from '../../../shared/roles';

const dataDir = mkdtempSync(path.join(tmpdir(), 'defence-pack-test-'));
let t: TestContext;
let worker: MailWorker;
let manager: Awaited<ReturnType<TestContext['loginAs']>>;
beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir });
  worker = new MailWorker({ db: t.database.db, config: t.config, storage: storageFor(t.config) });
  manager = await t.loginAs('Manager', { name: 'Mona Manager' });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const pdfOf = (headers: Record<string, string>, orderId: number | string, defencePackType: number | string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/get-defence-pack-pdf',
    headers,
    payload: { orderId, defencePackType },
  });
const detailsOf = (headers: Record<string, string>, orderId: number | string, defencePackType: number | string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/defence-pack-details',
    headers,
    payload: { orderId, defencePackType },
  });

/** The text with its line breaks (a cell wrapping) as plain spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

async function pdfText(body: Buffer) {
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const { totalPages, text } = await extractText(new Uint8Array(body), { mergePages: false });
  return { totalPages, pages: text.map(flat), all: flat(text.join('\n')) };
}

const packLogs = (orderId: number) =>
  t.database.db
    .select()
    .from(processLogs)
    .where(and(eq(processLogs.orderId, orderId)))
    .then((rows) => rows.filter((r) => r.stepName.startsWith('Defence pack')));

async function insertDownload(
  orderId: number,
  values: Partial<typeof downloadHistory.$inferInsert> & { createdAt: Date },
) {
  await t.database.db.insert(downloadHistory).values({
    orderId,
    file1: `${orderId}_file1.pdf`,
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
    browser: 'Chrome 124',
    device: 'iPhone',
    deviceType: 'mobile',
    os: 'iOS 17.4',
    country: 'Japan',
    city: 'Osaka',
    ...values,
  });
}

describe('Defence Pack 1: order summary and the complete Email History', () => {
  it('gives a PDF with the order, the customer, every sent mail (recipient, times, provider, attached file) and page numbers', async () => {
    const team = await t.loginAs('Team');
    const orderId = await insertOrder(t.database.db, {
      givenName: 'CLARA',
      surname: 'CHARGEBACK',
      email: 'clara@mail.example',
      processStatus: 'ChargeBack',
      paymentAmount: '49.00',
      paymentCurrency: 'USD',
      paymentGateway: 'Stripe',
      transactionId: 'TXN-778899',
      merchantName: 'Arrival Services Ltd',
    });
    // The real flow: the document mailed on upload, then an invoice; the worker delivers both (local outbox).
    const upload = multipart({ orderId, email: 'clara@mail.example', mailServiceProvider: 'smtp' }, [
      { field: 'uploadVisaDoc', filename: 'card.pdf', contentType: 'application/pdf', data: pdfBytes() },
    ]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/upload-visa-document',
          payload: upload.payload,
          headers: { ...team.headers, ...upload.headers },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/send-invoice',
          headers: team.headers,
          payload: { orderId, mailServiceProvider: 'ses' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await worker.drain()).toMatchObject({ sent: 2 });
    // A mail that never went out is not evidence of anything.
    await t.database.db.insert(mails).values({
      orderId,
      kind: 'resend',
      toAddress: 'failed@mail.example',
      subject: 's',
      html: 'h',
      textBody: 't',
      mailServiceProvider: 'smtp',
      status: 'failed',
    });
    const sent = await t.database.db
      .select()
      .from(mails)
      .where(and(eq(mails.orderId, orderId), eq(mails.status, 'sent')));
    expect(sent).toHaveLength(2);

    const res = await pdfOf(manager.headers, orderId, 1);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="Defence-Pack-1-${orderId}.pdf"`);
    const { totalPages, pages, all } = await pdfText(res.rawPayload);
    expect(totalPages).toBe(1);
    expect(pages[0]).toContain('Page 1 of 1');
    expect(all).toContain('Defence Pack 1: Email History');
    expect(all).toContain(String(orderId));
    expect(all).toContain('CLARA CHARGEBACK');
    expect(all).toContain('clara@mail.example');
    expect(all).toContain('TXN-778899');
    expect(all).toContain('Arrival Services Ltd');
    expect(all).toContain('$49.00');
    expect(all).toContain('by Mona Manager');
    expect(all).toContain('Email History (2 sent mails)');
    expect(all).toContain(`${orderId}_file1.pdf`);
    expect(all).toContain(`Invoice-INV-${orderId}.pdf`);
    expect(all).toContain('Transactional mail service (SMTP)');
    expect(all).toContain('Cloud mail service (SES)');
    expect(all).not.toContain('failed@mail.example');
    for (const mail of sent) {
      const utc = `${mail.sentAt!.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
      expect(all).toContain(utc);
    }
    // The same pack as data, for the printable page.
    const details = await detailsOf(manager.headers, String(orderId), '1');
    expect(details.statusCode).toBe(200);
    const pack = details.json().data;
    expect(pack).toMatchObject({
      type: 1,
      title: 'Defence Pack 1: Email History',
      generated_by: 'Mona Manager',
      downloads: null,
      summary: {
        order_id: orderId,
        customer_name: 'CLARA CHARGEBACK',
        email: 'clara@mail.example',
        amount: '$49.00',
        transaction_id: 'TXN-778899',
        process_status: 'ChargeBack',
        document: { file_name: `${orderId}_file1.pdf` },
      },
    });
    expect(
      pack.mails.map((m: { recipient: string; attached_files: string[] }) => [m.recipient, m.attached_files]),
    ).toEqual([
      ['clara@mail.example', [`${orderId}_file1.pdf`]],
      ['clara@mail.example', [`Invoice-INV-${orderId}.pdf`]],
    ]);
    expect(pack.mails[0].time_eastern).toMatch(/^\d\d\/\d\d\/\d{4} \d{1,2}:\d\d:\d\d [AP]M E[SD]T$/);

    // One process-log line per generated pack, naming the member and the form.
    const logs = await packLogs(orderId);
    expect(logs.map((l) => [l.stepName, l.staffName, l.detail])).toEqual([
      ['Defence pack 1 generated', 'Mona Manager', 'Defence Pack 1: Email History, PDF, 2 mail(s)'],
      ['Defence pack 1 generated', 'Mona Manager', 'Defence Pack 1: Email History, printable page, 2 mail(s)'],
    ]);
  });

  it('says plainly that no mail was sent', async () => {
    // A name beyond Latin-1 prints as typed (the pack embeds DejaVu Sans).
    const orderId = await insertOrder(t.database.db, { givenName: 'NORA', surname: 'NOMAIL-DVOŘÁKOVÁ' });
    const { all, totalPages } = await pdfText((await pdfOf(manager.headers, orderId, 1)).rawPayload);
    expect(totalPages).toBe(1);
    expect(all).toContain('NORA NOMAIL-DVOŘÁKOVÁ');
    expect(all).toContain('No e-mail has been sent for this order.');
    expect(all).toContain('Page 1 of 1');
  });
});

describe('Defence Pack 2: order summary and the complete Download History', () => {
  it('lists every download (time, IP, device, device type, browser, OS, location) over several numbered pages', async () => {
    const orderId = await insertOrder(t.database.db, {
      givenName: 'DEREK',
      surname: 'DOWNLOADER',
      processStatus: 'ChargeBack',
    });
    const start = Date.UTC(2025, 0, 15, 14, 0, 0); // 09:00 EST
    for (let i = 0; i < 45; i += 1) {
      await insertDownload(orderId, { createdAt: new Date(start + i * 3_600_000), ip: `198.51.100.${i + 1}` });
    }
    await insertDownload(orderId, {
      createdAt: new Date(Date.UTC(2025, 6, 4, 16, 30, 5)),
      ip: '2001:db8::42',
      browser: 'Firefox 127',
      device: 'Desktop computer',
      deviceType: 'desktop',
      os: 'Windows 11',
      country: 'Canada',
      city: 'Toronto',
    });

    const res = await pdfOf(manager.headers, orderId, 2);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { totalPages, pages, all } = await pdfText(res.rawPayload);
    expect(totalPages).toBeGreaterThanOrEqual(2);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${totalPages}`));
    expect(all).toContain('Defence Pack 2: Download History');
    expect(all).toContain(String(orderId));
    expect(all).toContain('DEREK DOWNLOADER');
    expect(all).toContain('Download History (46 downloads)');
    for (let i = 0; i < 45; i += 1) expect(all).toContain(`198.51.100.${i + 1}`);
    expect(all).toContain('01/15/2025 9:00:00 AM EST');
    expect(all).toContain('2025-01-15 14:00:00 UTC');
    // Summer time is EDT, and every field of the last download is there.
    for (const text of [
      '07/04/2025 12:30:05 PM EDT',
      '2025-07-04 16:30:05 UTC',
      '2001:db8::42',
      'Desktop computer',
      'desktop',
      'Firefox 127',
      'Windows 11',
      'Toronto, Canada',
    ]) {
      expect(all).toContain(text);
    }
    expect(all).toContain('iPhone');
    expect(all).toContain('Osaka, Japan');

    const details = (await detailsOf(manager.headers, orderId, 2)).json().data;
    expect(details.mails).toBeNull();
    expect(details.downloads).toHaveLength(46);
    expect(details.downloads[45]).toMatchObject({
      ip: '2001:db8::42',
      device: 'Desktop computer',
      device_type: 'desktop',
      browser: 'Firefox 127',
      os: 'Windows 11',
      location: 'Toronto, Canada',
    });
    expect((await packLogs(orderId)).map((l) => l.detail)).toEqual([
      'Defence Pack 2: Download History, PDF, 46 download(s)',
      'Defence Pack 2: Download History, printable page, 46 download(s)',
    ]);
  });

  it('says plainly that the customer has not downloaded', async () => {
    const orderId = await insertOrder(t.database.db, { givenName: 'NED', surname: 'NODOWNLOAD' });
    const { all } = await pdfText((await pdfOf(manager.headers, orderId, 2)).rawPayload);
    expect(all).toContain('NED NODOWNLOAD');
    expect(all).toContain('The customer has not downloaded the document for this order.');
  });
});

describe('who may generate a pack, and bad requests', () => {
  it('lets Admin and Manager generate; Team, Telecaller and Night Staff get 403 and nothing is logged', async () => {
    const orderId = await insertOrder(t.database.db);
    const admin = await t.loginAs('Admin');
    expect((await pdfOf(admin.headers, orderId, 2)).statusCode).toBe(200);
    for (const role of ['Team', 'Telecaller', 'Night Staff'] as Role[]) {
      const member = await t.loginAs(role);
      for (const res of [await pdfOf(member.headers, orderId, 1), await detailsOf(member.headers, orderId, 2)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          status: 0,
          message: 'Only an Admin or a Manager can prepare chargeback evidence.',
        });
      }
    }
    expect((await packLogs(orderId)).map((l) => l.staffName)).toHaveLength(1);
    expect((await pdfOf({}, orderId, 1)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown order and 400 for a pack type other than 1 or 2', async () => {
    for (const res of [
      await pdfOf(manager.headers, 999_999_999, 1),
      await detailsOf(manager.headers, 999_999_999, 2),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 0, message: 'Order not found.' });
    }
    const orderId = await insertOrder(t.database.db);
    const bad = await detailsOf(manager.headers, orderId, 3);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ defencePackType: 'Defence pack type must be 1 or 2.' });
    expect(await packLogs(orderId)).toHaveLength(0);
  });
});

describe('Download History: Sent Mail', () => {
  const send = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/admin/send-download-history', headers, payload });

  it('queues the download history to the address typed, with Defence Pack 2 attached, and it becomes an Email History line', async () => {
    const orderId = await insertOrder(t.database.db, { givenName: 'SAM', surname: 'SENDER' });
    await insertDownload(orderId, { createdAt: new Date(Date.UTC(2025, 2, 1, 12, 0, 0)), ip: '192.0.2.55' });
    const res = await send(manager.headers, { orderId, email: ' disputes@bank.example ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 1,
      message: `Mail queued: the download history of order ${orderId} will be sent to disputes@bank.example.`,
      data: { downloads: 1 },
    });

    const [mail] = await t.database.db.select().from(mails).where(eq(mails.orderId, orderId));
    expect(mail).toMatchObject({
      kind: 'download_history',
      toAddress: 'disputes@bank.example',
      status: 'queued',
      subject: `Download history of order ${orderId}`,
    });
    expect(mail!.html).toContain('192.0.2.55');
    expect(mail!.textBody).toContain('IP address: 192.0.2.55');
    expect(mail!.attachments.map((a) => a.filename)).toEqual([`Defence-Pack-2-${orderId}.pdf`]);
    expect(await worker.drain()).toMatchObject({ sent: 1 });

    const history = await t.app.inject({ url: `/api/admin/get-email-history/${orderId}`, headers: manager.headers });
    expect(history.json().data.mailHistory).toMatchObject([
      {
        kind: 'download_history',
        to_address: 'disputes@bank.example',
        status: 'sent',
        attachments: [{ index: 0, filename: `Defence-Pack-2-${orderId}.pdf` }],
      },
    ]);
    const attachment = await t.app.inject({
      url: `/api/admin/download-mail-attachment/${mail!.id}/0`,
      headers: manager.headers,
    });
    const { all } = await pdfText(attachment.rawPayload);
    expect(all).toContain('192.0.2.55');
    expect(all).toContain('SAM SENDER');

    const steps = (await t.database.db.select().from(processLogs).where(eq(processLogs.orderId, orderId))).map(
      (l) => l.stepName,
    );
    expect(steps).toEqual(expect.arrayContaining(['Defence pack 2 generated', 'Mail queued', 'Mail sent']));
  });

  it('refuses other roles (403, no mail) and a bad address (400 with the spec message)', async () => {
    const orderId = await insertOrder(t.database.db);
    const team = await t.loginAs('Team');
    const forbidden = await send(team.headers, { orderId, email: 'disputes@bank.example' });
    expect(forbidden.statusCode).toBe(403);
    const bad = await send(manager.headers, { orderId, email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ email: 'Invalid email address' });
    expect(await t.database.db.select().from(mails).where(eq(mails.orderId, orderId))).toHaveLength(0);
    expect((await send(manager.headers, { orderId: 999_999_999, email: 'disputes@bank.example' })).statusCode).toBe(
      404,
    );
  });
});

it('documents the three endpoints in the OpenAPI document', async () => {
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
  expect(
    doc.paths['/api/admin/defence-pack-details'].post.requestBody.content['application/json'].schema.properties,
  ).toHaveProperty('defencePackType');
  expect(doc.paths).toHaveProperty('/api/admin/get-defence-pack-pdf');
  expect(doc.paths).toHaveProperty('/api/admin/send-download-history');
});
