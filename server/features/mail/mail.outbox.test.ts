/** With no provider configured (the embedded default) mail goes to the local outbox that an Admin reads in the app. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { multipart, pdfBytes } from '../../test/multipart';
import { mails } from '../../db/schema';
import { storageFor } from '../../lib/storage';
import { loadConfig } from '../../config';
import { MailWorker, retryDelayMs } from './mail.worker';

const dataDir = mkdtempSync(path.join(tmpdir(), 'mail-outbox-test-'));
let t: TestContext;
let worker: MailWorker;
beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir });
  worker = new MailWorker({ db: t.database.db, config: t.config, storage: storageFor(t.config) });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('local outbox', () => {
  it('delivers to the outbox with either button, and only an Admin reads it, with the full content', async () => {
    const team = await t.loginAs('Team');
    const admin = await t.loginAs('Admin');
    const orderId = await insertOrder(t.database.db, { givenName: 'OLIVIA', surname: 'OUTBOX' });
    for (const provider of ['ses', 'smtp']) {
      const body = multipart({ orderId, email: 'olivia@mail.example', mailServiceProvider: provider }, [
        { field: 'uploadVisaDoc', filename: 'c.pdf', contentType: 'application/pdf', data: pdfBytes() },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/upload-visa-document',
        payload: body.payload,
        headers: { ...team.headers, ...body.headers },
      });
      expect(res.statusCode).toBe(200);
    }
    const pending = await t.app.inject({ url: '/api/admin/mail-outbox?filter=pending', headers: admin.headers });
    expect(pending.json().totalRecords).toBe(2);

    expect(await worker.drain()).toMatchObject({ sent: 2 });
    const rows = await t.database.db.select().from(mails).where(eq(mails.orderId, orderId));
    expect(rows.map((r) => [r.mailServiceProvider, r.status, r.deliveredVia]).sort()).toEqual([
      ['ses', 'sent', 'outbox'],
      ['smtp', 'sent', 'outbox'],
    ]);

    const outbox = await t.app.inject({ url: '/api/admin/mail-outbox?page=1&limit=10', headers: admin.headers });
    expect(outbox.statusCode).toBe(200);
    const body = outbox.json();
    expect(body.totalRecords).toBe(2);
    expect(body.data[0]).toMatchObject({
      order_id: orderId,
      to_address: 'olivia@mail.example',
      delivered_via: 'outbox',
      status: 'sent',
      mail_service_provider: 'smtp',
      subject: `Your Japan Arrival Card is ready (order ${orderId})`,
      from_address: '"Japan Arrival Card Online" <no-reply@arrivalcard-mail.example>',
      uploadDoc: { file1: `${orderId}_file1.pdf` },
    });
    expect(body.data[0].html).toContain('Dear OLIVIA OUTBOX,');
    expect(body.data[0].text_body).toContain('Dear OLIVIA OUTBOX,');

    const forbidden = await t.app.inject({ url: '/api/admin/mail-outbox', headers: team.headers });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ status: 0, message: 'Only an Admin can read the mail outbox.' });
    expect((await t.app.inject({ url: '/api/admin/mail-outbox' })).statusCode).toBe(401);
  });
});

describe('default upload limit', () => {
  it('accepts a 3 MB scan (JSON bodies stay capped at 1 MB) and refuses one over 10 MB with 413', async () => {
    const team = await t.loginAs('Team');
    const orderId = await insertOrder(t.database.db);
    const send = (size: number) => {
      const body = multipart({ orderId, email: 'big@mail.example', mailServiceProvider: 'smtp' }, [
        { field: 'uploadVisaDoc', filename: 'scan.pdf', contentType: 'application/pdf', data: pdfBytes(size) },
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/upload-visa-document',
        payload: body.payload,
        headers: { ...team.headers, ...body.headers },
      });
    };
    const ok = await send(3 * 1024 * 1024);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.uploadDoc.size_bytes).toBe(3 * 1024 * 1024);
    const big = await send(10 * 1024 * 1024 + 1);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file is too large. The limit is 10 MB.');
  });
});

describe('mail settings', () => {
  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20, 30_000)).toBe(3_600_000);
  });

  it('validates storage and mail variables at start', () => {
    const base = loadConfig({});
    expect(base).toMatchObject({
      UPLOAD_MAX_BYTES: 10 * 1024 * 1024,
      STORAGE_DRIVER: 'local',
      MAIL_FROM: 'no-reply@arrivalcard-mail.example',
      MAIL_WORKER: true,
    });
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow('S3_BUCKET: is required when STORAGE_DRIVER=s3');
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(
      'SMTP_URL: must start with smtp:// or smtps://',
    );
    expect(() => loadConfig({ SES_ENDPOINT: 'http://127.0.0.1:1' })).toThrow('SES_REGION: is required');
    expect(() => loadConfig({ SES_REGION: 'eu-west-1', SES_ACCESS_KEY_ID: 'x' })).toThrow('set both or neither');
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: '10' })).toThrow('UPLOAD_MAX_BYTES');
    expect(loadConfig({ MAIL_WORKER: 'false' }).MAIL_WORKER).toBe(false);
  });
});
