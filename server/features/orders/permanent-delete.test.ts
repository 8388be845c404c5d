/**
 * Permanent deletion (Admin) removes the customer's personal data everywhere it
 * was kept: answers, remarks, downloads, the uploaded passport document (row and
 * stored file), invoice files, and mail contents; a mail still queued is never sent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { multipart, pdfBytes } from '../../test/multipart';
import { mails, orders, uploadDocs } from '../../db/schema';
import { storageFor } from '../../lib/storage';
import { selectRows } from '../../db/client';

const dataDir = mkdtempSync(path.join(tmpdir(), 'permanent-delete-test-'));
let t: TestContext;
beforeAll(async () => { t = await buildTestApp({ DATA_DIR: dataDir }); });
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('permanent deletion', () => {
  it('removes the document file and rows, invoice files and mail contents, and stops queued mail', async () => {
    const admin = await t.loginAs('Admin');
    const orderId = await insertOrder(t.database.db, { email: 'private.person@mail.example', paymentAmount: '49.00', paymentCurrency: 'USD' });
    const body = multipart({ orderId, email: 'private.person@mail.example', mailServiceProvider: 'smtp' },
      [{ field: 'uploadVisaDoc', filename: 'card.pdf', contentType: 'application/pdf', data: pdfBytes() }]);
    const upload = await t.app.inject({ method: 'POST', url: '/api/admin/upload-visa-document', payload: body.payload, headers: { ...admin.headers, ...body.headers } });
    expect(upload.statusCode, upload.body).toBe(200);
    const invoice = await t.app.inject({ method: 'POST', url: '/api/admin/send-invoice', headers: admin.headers, payload: { orderId: String(orderId) } });
    expect(invoice.statusCode, invoice.body).toBe(200);

    const storage = storageFor(t.config);
    const [doc] = await t.database.db.select().from(uploadDocs).where(eq(uploadDocs.orderId, orderId));
    const attachmentKeys = (await selectRows<{ key: string }>(t.database.db, sql`
      select a->>'storageKey' as key from mails m, jsonb_array_elements(m.attachments) a where m.order_id = ${orderId}`)).map((r) => r.key);
    expect(attachmentKeys.length).toBeGreaterThan(0);
    for (const key of [doc!.storageKey, ...attachmentKeys]) expect(await storage.get(key)).not.toBeNull();
    const queued = await t.database.db.select().from(mails).where(eq(mails.orderId, orderId));
    expect(queued.map((m) => m.status)).toEqual(['queued', 'queued']);

    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/change-order-status', headers: admin.headers, payload: { orderId: [orderId], permanentDeletedFlag: true } });
    expect(res.statusCode, res.body).toBe(200);

    for (const key of [doc!.storageKey, ...attachmentKeys]) expect(await storage.get(key)).toBeNull();
    expect(await t.database.db.select().from(uploadDocs).where(eq(uploadDocs.orderId, orderId))).toEqual([]);
    const after = await t.database.db.select().from(mails).where(eq(mails.orderId, orderId));
    for (const mail of after) {
      expect(mail).toMatchObject({ toAddress: '', html: '', textBody: '', attachments: [], status: 'failed' });
      expect(JSON.stringify(mail)).not.toContain('private.person');
    }
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderId, orderId));
    expect(row).toMatchObject({ processStatus: 'Deleted', email: '', passportNumber: '', surname: '' });
    const staffDownload = await t.app.inject({ url: `/api/admin/download-document/${doc!.id}`, headers: admin.headers });
    expect(staffDownload.statusCode).toBe(404);
  });
});
