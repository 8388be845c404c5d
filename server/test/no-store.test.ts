/**
 * `Cache-Control: no-store` on every /api answer (issue 22 item 4, docs/decisions/0013): successes and failures,
 * staff and customer calls, JSON and file downloads. Only the API's own documentation may be cached.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PASSWORD, type TestContext } from './helper';
import { insertOrder } from './order-factory';
import { multipart, pdfBytes } from './multipart';
import { encodeId } from '../../shared/ids';

const dataDir = mkdtempSync(path.join(tmpdir(), 'no-store-test-'));
let t: TestContext;
let admin: Awaited<ReturnType<TestContext['loginAs']>>;
let orderId: number;
let docId: number;

beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir });
  admin = await t.loginAs('Admin', { email: 'cache.admin@staff.example' });
  orderId = await insertOrder(t.database.db, { email: 'cache.customer@mail.example' });
  const form = multipart({ orderId, email: 'cache.customer@mail.example', mailServiceProvider: 'smtp' }, [
    { field: 'uploadVisaDoc', filename: 'card.pdf', contentType: 'application/pdf', data: pdfBytes(3000) },
  ]);
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/admin/upload-visa-document',
    payload: form.payload,
    headers: { ...admin.headers, ...form.headers },
  });
  expect(upload.statusCode).toBe(200);
  docId = upload.json().data.uploadDoc.id;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const noStore = (res: { headers: Record<string, unknown> }) =>
  expect(String(res.headers['cache-control'])).toMatch(/(^|[\s,])no-store($|[\s,])/);

describe('Cache-Control on /api answers', () => {
  it('sign-in (a token) and its failures', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: 'cache.admin@staff.example', password: TEST_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().jwtToken).toBeTruthy();
    noStore(ok);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: 'cache.admin@staff.example', password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    noStore(wrong);
    const invalid = await t.app.inject({ method: 'POST', url: '/api/admin/admin-login', payload: { email: 'x' } });
    expect(invalid.statusCode).toBe(400);
    noStore(invalid);
  });

  it('staff answers with personal data: the order detail, a queue page, the staff document download', async () => {
    const detail = await t.app.inject({
      url: `/api/admin/get-orders-details/${encodeId(orderId)}`,
      headers: admin.headers,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.email).toBe('cache.customer@mail.example');
    noStore(detail);
    const page = await t.app.inject({
      url: '/api/admin/get-orders-list/orderHistory?page=1&limit=10',
      headers: admin.headers,
    });
    expect(page.statusCode).toBe(200);
    noStore(page);
    const file = await t.app.inject({ url: `/api/admin/download-document/${docId}`, headers: admin.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    noStore(file);
  });

  it('the customer: tracking (a token) and the document download', async () => {
    const tracked = await t.app.inject({
      method: 'POST',
      url: '/api/front/track-order',
      payload: { orderId: String(orderId), email: 'cache.customer@mail.example' },
    });
    expect(tracked.statusCode).toBe(200);
    noStore(tracked);
    const token = tracked.json().data.accessToken as string;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/front/download-passport-doc-pdf',
      headers: { authorization: `Bearer ${token}` },
      payload: { orderId, customername: 'customer', file1: `${orderId}_file1.pdf` },
    });
    expect(asked.statusCode).toBe(200);
    noStore(asked);
    const file = await t.app.inject({ url: asked.json().data.downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    noStore(file);
  });

  it('failures (no token, an unknown call) and the health check', async () => {
    const unsigned = await t.app.inject({ url: '/api/user_info' });
    expect(unsigned.statusCode).toBe(401);
    noStore(unsigned);
    const unknown = await t.app.inject({ url: '/api/no-such-call' });
    expect(unknown.statusCode).toBe(404);
    noStore(unknown);
    const health = await t.app.inject({ url: '/api/health' });
    noStore(health);
  });

  it('the API documentation is the exception: it holds nothing about anyone', async () => {
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(String(doc.headers['cache-control'] ?? '')).not.toContain('no-store');
  });
});
