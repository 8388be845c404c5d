import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { multipart, pdfBytes } from '../../test/multipart';
import { mails, orders, processLogs, uploadDocs } from '../../db/schema';
import { encodeId } from '../../../shared/ids';
import { UNREADABLE_FORM } from './documents.routes';

const dataDir = mkdtempSync(path.join(tmpdir(), 'docs-test-'));
const uploadsDir = path.join(dataDir, 'uploads');
const MAX = 64 * 1024;

let t: TestContext;
let team: Awaited<ReturnType<TestContext['loginAs']>>;
beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir, UPLOAD_MAX_BYTES: String(MAX) });
  team = await t.loginAs('Team', { name: 'Uma Uploader' });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const upload = (
  fields: Record<string, string | number>,
  file?: { data: Buffer; filename?: string; contentType?: string },
  headers = team.headers,
) => {
  const body = multipart(
    fields,
    file
      ? [
          {
            field: 'uploadVisaDoc',
            filename: file.filename ?? 'card.pdf',
            contentType: file.contentType ?? 'application/pdf',
            data: file.data,
          },
        ]
      : [],
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/upload-visa-document',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
};

/** Every file below DATA_DIR/uploads, as relative paths. */
function storedFiles(): string[] {
  if (!existsSync(uploadsDir)) return [];
  return readdirSync(uploadsDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(uploadsDir, path.join(e.parentPath, e.name)));
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 3)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x20, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(100, 1),
]);

describe('POST /api/admin/upload-visa-document', () => {
  it('stores the file as {orderId}_file1, records it, queues the approved-order mail, logs the steps and sets Processed by', async () => {
    const orderId = await insertOrder(t.database.db, { email: 'emily@mail.example' });
    const data = pdfBytes(5000);
    const res = await upload(
      { orderId, email: 'emily@mail.example', mailServiceProvider: 'smtp' },
      { data, filename: 'Emily card.pdf' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 1,
      message: 'Document uploaded. The mail to emily@mail.example has been queued.',
      data: {
        uploadDoc: {
          order_id: orderId,
          file1: `${orderId}_file1.pdf`,
          original_name: 'Emily card.pdf',
          content_type: 'application/pdf',
          size_bytes: 5000,
          is_current: true,
          uploaded_by_name: 'Uma Uploader',
        },
      },
    });

    const [doc] = await t.database.db.select().from(uploadDocs).where(eq(uploadDocs.orderId, orderId));
    expect(doc!.storageKey).toMatch(new RegExp(`^docs/${orderId}/[0-9a-f-]{36}/${orderId}_file1\\.pdf$`));
    // On disk the file is sealed (product: security.md#documents): no PDF header; staff download it as uploaded.
    const stored = readFileSync(path.join(uploadsDir, doc!.storageKey));
    expect(stored.subarray(0, 4).toString()).toBe('ACF1');
    expect(stored.includes('%PDF')).toBe(false);
    const download = await t.app.inject({ url: `/api/admin/download-document/${doc!.id}`, headers: team.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(data)).toBe(true);

    const [mail] = await t.database.db.select().from(mails).where(eq(mails.orderId, orderId));
    expect(mail).toMatchObject({
      kind: 'approved_order',
      toAddress: 'emily@mail.example',
      mailServiceProvider: 'smtp',
      status: 'queued',
      uploadDocId: doc!.id,
      fromAddress: '"Japan Arrival Card Online" <no-reply@arrivalcard-mail.example>',
      replyTo: 'support@japan-arrival.example',
    });
    expect(mail!.html).toContain(`/track-order/${encodeId(orderId)}`);

    const logs = await t.database.db
      .select()
      .from(processLogs)
      .where(eq(processLogs.orderId, orderId))
      .orderBy(asc(processLogs.id));
    expect(logs.map((l) => [l.stepName, l.staffName])).toEqual([
      ['Document uploaded', 'Uma Uploader'],
      ['Mail queued', 'Uma Uploader'],
    ]);
    expect(logs[1]!.detail).toBe(`Document mail #${mail!.id} to emily@mail.example via smtp`);

    const [order] = await t.database.db.select().from(orders).where(eq(orders.orderId, orderId));
    expect(order).toMatchObject({ processedById: team.member.id, processedByName: 'Uma Uploader' });
    expect(order!.processedAt).not.toBeNull();
  });

  it('accepts PNG, JPEG and WebP by their content and names the stored file by the real type', async () => {
    const orderId = await insertOrder(t.database.db);
    for (const [data, ext, type] of [
      [PNG, 'png', 'image/png'],
      [JPEG, 'jpg', 'image/jpeg'],
      [WEBP, 'webp', 'image/webp'],
    ] as const) {
      const res = await upload(
        { orderId, email: 'a@mail.example', mailServiceProvider: 'ses' },
        { data, filename: 'scan.bin', contentType: 'application/octet-stream' },
      );
      expect(res.statusCode, ext).toBe(200);
      expect(res.json().data.uploadDoc).toMatchObject({ file1: `${orderId}_file1.${ext}`, content_type: type });
    }
  });

  it('refuses a file named .pdf whose content is not a PDF or image (400) and stores nothing', async () => {
    const orderId = await insertOrder(t.database.db);
    const before = storedFiles();
    const res = await upload(
      { orderId, email: 'a@mail.example', mailServiceProvider: 'smtp' },
      {
        data: Buffer.from('<html><script>alert(1)</script></html>'),
        filename: 'card.pdf',
        contentType: 'application/pdf',
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 0,
      message: 'Only PDF, PNG, JPEG or WebP files are accepted, and this file is not one of them.',
      errors: { uploadVisaDoc: 'Only PDF, PNG, JPEG or WebP files are accepted, and this file is not one of them.' },
    });
    expect(storedFiles()).toEqual(before);
    expect(await t.database.db.select().from(uploadDocs).where(eq(uploadDocs.orderId, orderId))).toEqual([]);
    expect(await t.database.db.select().from(mails).where(eq(mails.orderId, orderId))).toEqual([]);
  });

  it('answers 413 with a message for a file over the limit, and stores nothing', async () => {
    const orderId = await insertOrder(t.database.db);
    const before = storedFiles();
    const res = await upload(
      { orderId, email: 'a@mail.example', mailServiceProvider: 'smtp' },
      { data: pdfBytes(MAX + 1) },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 0, message: 'The file is too large. The limit is 0.1 MB.' });
    expect(storedFiles()).toEqual(before);
    expect(await t.database.db.select().from(uploadDocs).where(eq(uploadDocs.orderId, orderId))).toEqual([]);
    // Exactly at the limit is fine.
    expect(
      (await upload({ orderId, email: 'a@mail.example', mailServiceProvider: 'smtp' }, { data: pdfBytes(MAX) }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 400 with the spec messages per field', async () => {
    const orderId = await insertOrder(t.database.db);
    const res = await upload({ orderId, email: '', mailServiceProvider: 'smtp' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 0,
      message: 'Please enter your email',
      errors: { email: 'Please enter your email', uploadVisaDoc: 'File is required' },
    });
    const bad = await upload({ orderId, email: 'not-mail', mailServiceProvider: 'fax' }, { data: pdfBytes() });
    expect(bad.json().errors).toEqual({
      email: 'Invalid email address',
      mailServiceProvider: 'Please choose a mail provider (ses or smtp).',
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload-visa-document',
      payload: { orderId },
      headers: team.headers,
    });
    expect(json.statusCode).toBe(400);
  });

  it('answers 400 for a form without a boundary or cut short, storing nothing', async () => {
    const orderId = await insertOrder(t.database.db);
    const before = storedFiles();
    const form = multipart({ orderId, email: 'a@mail.example', mailServiceProvider: 'smtp' }, [
      { field: 'uploadVisaDoc', filename: 'card.pdf', contentType: 'application/pdf', data: pdfBytes(4000) },
    ]);
    const send = (payload: Buffer, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/upload-visa-document',
        payload,
        headers: { ...team.headers, 'content-type': contentType },
      });
    for (const [payload, contentType] of [
      [form.payload, 'multipart/form-data'],
      [form.payload, 'multipart/form-data; boundary=another-boundary'],
      [form.payload.subarray(0, 200), form.headers['content-type']],
      [form.payload.subarray(0, form.payload.length - 60), form.headers['content-type']],
    ] as const) {
      const res = await send(payload, contentType);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 0, message: UNREADABLE_FORM });
    }
    expect(storedFiles()).toEqual(before);
    expect(await t.database.db.select().from(uploadDocs).where(eq(uploadDocs.orderId, orderId))).toEqual([]);
  });

  it('answers 404 for an unknown order and 401 without a staff token, storing nothing', async () => {
    const before = storedFiles();
    const unknown = await upload(
      { orderId: 999999, email: 'a@mail.example', mailServiceProvider: 'smtp' },
      { data: pdfBytes() },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 0, message: 'Order not found.' });
    const anonymous = await upload(
      { orderId: 999999, email: 'a@mail.example', mailServiceProvider: 'smtp' },
      { data: pdfBytes() },
      { authorization: '' } as never,
    );
    expect(anonymous.statusCode).toBe(401);
    expect(storedFiles()).toEqual(before);
  });

  it('answers 409 for a Deleted order and removes the file it had already stored, recording nothing', async () => {
    const orderId = await insertOrder(t.database.db, { processStatus: 'Deleted' });
    const before = storedFiles();
    const res = await upload({ orderId, email: 'a@mail.example', mailServiceProvider: 'smtp' }, { data: pdfBytes() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order is deleted. Restore it before sending documents.');
    expect(storedFiles()).toEqual(before);
    const history = (
      await t.app.inject({ url: `/api/admin/get-email-history/${orderId}`, headers: team.headers })
    ).json().data;
    expect(history).toEqual({ mailHistory: [], uploadDoc: null, documents: [] });
  });

  it('keeps the earlier document and its Email History line when a document is replaced', async () => {
    const orderId = await insertOrder(t.database.db);
    const first = pdfBytes(3000);
    const second = pdfBytes(4000);
    const a = (
      await upload({ orderId, email: 'first@mail.example', mailServiceProvider: 'smtp' }, { data: first })
    ).json().data.uploadDoc;
    const b = (
      await upload({ orderId, email: 'second@mail.example', mailServiceProvider: 'ses' }, { data: second })
    ).json().data.uploadDoc;
    expect(a.id).not.toBe(b.id);

    const history = (
      await t.app.inject({ url: `/api/admin/get-email-history/${encodeId(orderId)}`, headers: team.headers })
    ).json().data;
    expect(history.uploadDoc).toMatchObject({ id: b.id, is_current: true });
    expect(history.documents.map((d: { id: number; is_current: boolean }) => [d.id, d.is_current])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    expect(
      history.mailHistory.map((m: { to_address: string; uploadDoc: { id: number; mail_service_provider: string } }) => [
        m.to_address,
        m.uploadDoc.id,
        m.uploadDoc.mail_service_provider,
      ]),
    ).toEqual([
      ['second@mail.example', b.id, 'ses'],
      ['first@mail.example', a.id, 'smtp'],
    ]);

    const oldFile = await t.app.inject({ url: `/api/admin/download-document/${a.id}`, headers: team.headers });
    expect(oldFile.rawPayload.equals(first)).toBe(true);
    const newFile = await t.app.inject({ url: `/api/admin/download-document/${b.id}`, headers: team.headers });
    expect(newFile.rawPayload.equals(second)).toBe(true);
    const current = await t.database.db
      .select()
      .from(uploadDocs)
      .where(and(eq(uploadDocs.orderId, orderId), eq(uploadDocs.isCurrent, true)));
    expect(current.map((d) => d.id)).toEqual([b.id]);
  });
});

describe('GET /api/admin/download-document/{docId}', () => {
  it('gives staff the exact bytes, and refuses without a staff token (401); no public path serves the file', async () => {
    const orderId = await insertOrder(t.database.db);
    const data = pdfBytes(6000);
    const doc = (await upload({ orderId, email: 'a@mail.example', mailServiceProvider: 'smtp' }, { data })).json().data
      .uploadDoc;

    const res = await t.app.inject({ url: `/api/admin/download-document/${doc.id}`, headers: team.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${orderId}_file1.pdf"`);
    expect(res.rawPayload.equals(data)).toBe(true);

    const noToken = await t.app.inject({ url: `/api/admin/download-document/${doc.id}` });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toEqual({ status: 401, message: 'Your session has ended. Please sign in again.' });
    // A token that is not a staff token (e.g. a customer's order token) is no staff token.
    const customer = t.app.jwt.sign({ orderId, scope: 'order' });
    expect(
      (
        await t.app.inject({
          url: `/api/admin/download-document/${doc.id}`,
          headers: { authorization: `Bearer ${customer}` },
        })
      ).statusCode,
    ).toBe(401);

    const [row] = await t.database.db.select().from(uploadDocs).where(eq(uploadDocs.id, doc.id));
    for (const url of [
      `/uploads/docs/${orderId}_file1`,
      `/uploads/docs/${orderId}_file1.pdf`,
      `/uploads/${row!.storageKey}`,
      `/${row!.storageKey}`,
      `/data/uploads/${row!.storageKey}`,
      `/api/uploads/${row!.storageKey}`,
    ]) {
      const pub = await t.app.inject({ url });
      expect(pub.statusCode, url).toBe(404);
      expect(pub.rawPayload.includes(data.subarray(0, 64)), url).toBe(false);
    }
    expect((await t.app.inject({ url: '/api/admin/download-document/999999', headers: team.headers })).statusCode).toBe(
      404,
    );
  });
});
