/**
 * Permanent deletion (Admin) is the customer's erasure request (issue 22): every personal column of the order and
 * of every row that belongs to it is blank afterwards (read back column by column from server/db/personal-data.ts),
 * the process log keeps every line's step, staff member and time but no detail quoting the customer, the stored
 * document and invoice files are gone, a queued mail is never sent, and what stays is the accounting record.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { multipart, pdfBytes } from '../../test/multipart';
import { expectErased, expectEveryPersonalColumnFilled, personalOrder, snapshotOrder } from '../../test/erasure-check';
import { mails, processLogs, uploadDocs } from '../../db/schema';
import { selectRows } from '../../db/client';
import { storageFor } from '../../lib/storage';
import { ALL_ERASED_TEXT, STEP_PERMANENTLY_DELETED } from '../../db/personal-data';

const dataDir = mkdtempSync(path.join(tmpdir(), 'permanent-delete-test-'));
let t: TestContext;
// The inject() peer is trusted as a proxy, so a download can come "from" a public address.
beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('permanent deletion', () => {
  it('blanks every personal column of the order and its rows, keeps each process-log line without its personal detail, removes the files', async () => {
    const admin = await t.loginAs('Admin', { name: 'Ada Admin' });
    const storage = storageFor(t.config);
    const { orderId, docKey, invoiceKey } = await personalOrder(t.database.db, storage, 'pd1');
    const email = 'person.pd1@mail.example';

    // The order's life through the API as well: a new document (mail queued), an invoice, a customer download
    // from a public address, transaction details: each leaves personal data in rows and process-log details.
    const body = multipart({ orderId, email, mailServiceProvider: 'smtp' }, [
      {
        field: 'uploadVisaDoc',
        filename: 'SURNAMEpd1-arrival-card.pdf',
        contentType: 'application/pdf',
        data: pdfBytes(),
      },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload-visa-document',
      payload: body.payload,
      headers: { ...admin.headers, ...body.headers },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/send-invoice',
          headers: admin.headers,
          payload: { orderId: String(orderId) },
        })
      ).statusCode,
    ).toBe(200);
    const tracked = await t.app.inject({
      method: 'POST',
      url: '/api/front/track-order',
      payload: { orderId: String(orderId), email },
    });
    const token = tracked.json().data.accessToken as string;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/front/download-passport-doc-pdf',
      payload: { orderId, customername: 'x', file1: `${orderId}_file1.pdf` },
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '198.51.100.23' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const download = await t.app.inject({
      url: asked.json().data.downloadUrl,
      headers: { 'x-forwarded-for': '198.51.100.23' },
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/update-transaction-details',
          headers: admin.headers,
          payload: { orderId, transactionId: 'TXN-API-4455', merchantName: 'Merchant' },
        })
      ).statusCode,
    ).toBe(200);

    const keys = [
      docKey,
      invoiceKey,
      ...(
        await selectRows<{ key: string }>(
          t.database.db,
          sql`
      select storage_key as key from upload_docs where order_id = ${orderId}
      union select a->>'storageKey' from mails m, jsonb_array_elements(m.attachments) a where m.order_id = ${orderId}`,
        )
      ).map((r) => r.key),
    ];
    expect(new Set(keys).size).toBeGreaterThanOrEqual(4); // two documents, two invoices
    for (const key of keys) expect(await storage.get(key)).not.toBeNull();
    const before = await snapshotOrder(t.database.db, orderId);
    expectEveryPersonalColumnFilled(before, ['travel', 'evidence']);
    const logText = JSON.stringify(before.process_logs);
    for (const value of [email, '198.51.100.23', 'TXN-API-4455', 'SURNAMEpd1-arrival-card.pdf'])
      expect(logText).toContain(value);
    expect(before.mails!.some((m) => m.status === 'queued')).toBe(true);

    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/change-order-status',
      headers: admin.headers,
      payload: { orderId: [orderId], permanentDeletedFlag: true },
    });
    expect(res.statusCode, res.body).toBe(200);

    const after = await expectErased(t.database.db, orderId, before, ['travel', 'evidence'], {
      alsoChanged: ['orders.process_status'],
      alsoLogged: ['Order deleted'],
    });
    // Every process-log line is still there, with its step, staff member and time; the new ones are the deletion's.
    expect(
      after
        .process_logs!.slice(0, before.process_logs!.length)
        .map((l) => [l.id, l.step_name, l.staff_name, l.update_time]),
    ).toEqual(before.process_logs!.map((l) => [l.id, l.step_name, l.staff_name, l.update_time]));
    expect(
      after.process_logs!.slice(before.process_logs!.length).map((l) => [l.step_name, l.staff_name, l.detail]),
    ).toEqual([
      ['Order deleted', 'Ada Admin', 'New -> Deleted'],
      [STEP_PERMANENTLY_DELETED, 'Ada Admin', null],
    ]);
    expect(after.process_logs!.find((l) => l.step_name === 'Status changed to Pending')!.detail).toBe('New -> Pending');
    // What stays: the accounting record.
    expect(after.orders![0]).toMatchObject({
      process_status: 'Deleted',
      payment_amount: '49.00',
      payment_currency: 'USD',
      payment_gateway: 'Stripe',
      merchant_name: 'Merchant',
    });
    expect(after.orders![0]!.purged_at).not.toBeNull();
    expect(after.orders![0]!.travel_erased_at).not.toBeNull();

    // Files gone, queued mail stopped (never sent to anyone), downloads impossible.
    for (const key of keys) expect(await storage.get(key)).toBeNull();
    const stopped = await t.database.db.select().from(mails).where(eq(mails.orderId, orderId));
    expect(stopped.filter((m) => m.status === 'queued' || m.status === 'sending')).toEqual([]);
    expect(
      stopped.filter((m) => m.lastError === "Not sent: the order's personal data was erased.").length,
    ).toBeGreaterThanOrEqual(2);
    const [doc] = await t.database.db.select().from(uploadDocs).where(eq(uploadDocs.orderId, orderId));
    const staffDownload = await t.app.inject({
      url: `/api/admin/download-document/${doc!.id}`,
      headers: admin.headers,
    });
    expect(staffDownload.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/front/track-order',
          payload: { orderId: String(orderId), email },
        })
      ).statusCode,
    ).toBe(404);

    // Every role reads the order detail: it says what was erased, by whom, and quotes nothing of the customer.
    const team = await t.loginAs('Team');
    const detail = await t.app.inject({ url: `/api/admin/get-orders-details/${orderId}`, headers: team.headers });
    expect(detail.statusCode).toBe(200);
    const data = detail.json().data;
    expect(data.erasures).toEqual([
      {
        step: STEP_PERMANENTLY_DELETED,
        erased_at: expect.any(String),
        by: 'Ada Admin',
        rule: null,
        what: ALL_ERASED_TEXT,
      },
    ]);
    expect(data).toMatchObject({
      passport_number: '',
      email: '',
      nationality: '',
      occupation: '',
      date_of_expiry: 0,
      transaction_id: null,
      warnings: [],
    });
    for (const value of [email, '198.51.100.23', 'TXN-API-4455', 'pd1'])
      expect(JSON.stringify(data.processLogs)).not.toContain(value);
  });

  it('erases an order once: a second permanent deletion changes nothing and writes no second line', async () => {
    const admin = await t.loginAs('Admin');
    const { orderId } = await personalOrder(t.database.db, storageFor(t.config), 'pd2');
    const del = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/change-order-status',
        headers: admin.headers,
        payload: { orderId: [orderId], permanentDeletedFlag: true },
      });
    expect((await del()).statusCode).toBe(200);
    const once = await snapshotOrder(t.database.db, orderId);
    expect((await del()).statusCode).toBe(200);
    expect(await snapshotOrder(t.database.db, orderId)).toEqual(once);
    const lines = await t.database.db.select().from(processLogs).where(eq(processLogs.orderId, orderId));
    expect(lines.filter((l) => l.stepName === STEP_PERMANENTLY_DELETED)).toHaveLength(1);
  });
});
