/**
 * The storage interface on both drivers: a local folder, and an S3-compatible
 * bucket served by s3rver in this process. Uploads go through the real API.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { multipart, pdfBytes } from '../../test/multipart';
import { mails, processLogs, uploadDocs } from '../../db/schema';
import { loadConfig } from '../../config';
import { MailWorker } from '../../features/mail/mail.worker';
import { createStorage, STORAGE_UNAVAILABLE, storageFor } from './index';
import { storageOutageCode } from './types';
import { startLocalS3, type LocalS3 } from '../../test/local-s3';

const root = mkdtempSync(path.join(tmpdir(), 'storage-test-'));
let s3: LocalS3;
let endpoint: string;
beforeAll(async () => {
  s3 = await startLocalS3(root);
  endpoint = s3.endpoint;
});
afterAll(async () => {
  await s3.close();
  rmSync(root, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('%s storage', (driver) => {
  const env = (): Record<string, string> =>
    driver === 's3'
      ? {
          STORAGE_DRIVER: 's3',
          S3_BUCKET: 'arrival-docs',
          S3_ENDPOINT: endpoint,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_PREFIX: 'test',
          DATA_DIR: path.join(root, `data-${driver}`),
        }
      : { DATA_DIR: path.join(root, `data-${driver}`) };

  it('puts, gets and deletes bytes, answers null for a missing key, and refuses keys that could escape', async () => {
    const storage = createStorage(loadConfig(env()));
    const bytes = pdfBytes(3000);
    await storage.put('docs/1/abc/100001_file1.pdf', bytes, 'application/pdf');
    expect((await storage.get('docs/1/abc/100001_file1.pdf'))!.body.equals(bytes)).toBe(true);
    expect(await storage.get('docs/1/none.pdf')).toBeNull();
    await storage.delete('docs/1/abc/100001_file1.pdf');
    expect(await storage.get('docs/1/abc/100001_file1.pdf')).toBeNull();
    for (const bad of ['../etc/passwd', 'docs/../../x', '/abs/path', 'docs//x', 'docs/x y']) {
      await expect(storage.put(bad, bytes, 'application/pdf'), bad).rejects.toThrow('Unsafe storage key');
    }
  });

  describe('through the API', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await buildTestApp(env());
    });
    afterAll(async () => {
      await t.close();
    });

    it('stores an upload sealed, serves it to staff as uploaded, and attaches it to the mail', async () => {
      const team = await t.loginAs('Team');
      const orderId = await insertOrder(t.database.db);
      const data = pdfBytes(12_000);
      const body = multipart({ orderId, email: 'a@mail.example', mailServiceProvider: 'smtp' }, [
        { field: 'uploadVisaDoc', filename: 'c.pdf', contentType: 'application/pdf', data },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/upload-visa-document',
        payload: body.payload,
        headers: { ...team.headers, ...body.headers },
      });
      expect(res.statusCode).toBe(200);
      const [doc] = await t.database.db.select().from(uploadDocs).where(eq(uploadDocs.orderId, orderId));

      let atRest: Buffer;
      if (driver === 's3') {
        const client = new S3Client({
          region: 'us-east-1',
          endpoint,
          forcePathStyle: true,
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        });
        const object = await client.send(
          new GetObjectCommand({ Bucket: 'arrival-docs', Key: `test/${doc!.storageKey}` }),
        );
        atRest = Buffer.from(await object.Body!.transformToByteArray());
        expect(object.ContentType).toBe('application/pdf');
        client.destroy();
        expect(existsSync(path.join(root, 'data-s3', 'uploads'))).toBe(false);
      } else {
        atRest = readFileSync(path.join(root, 'data-local', 'uploads', doc!.storageKey));
      }
      // What the bucket or the disk holds is sealed: no PDF header, none of the document's bytes.
      expect(atRest.subarray(0, 4).toString()).toBe('ACF1');
      expect(atRest.includes('%PDF')).toBe(false);
      expect(atRest.includes(data.subarray(data.length - 64))).toBe(false);

      const download = await t.app.inject({ url: `/api/admin/download-document/${doc!.id}`, headers: team.headers });
      expect(download.rawPayload.equals(data)).toBe(true);

      const worker = new MailWorker({ db: t.database.db, config: t.config, storage: storageFor(t.config) });
      expect(await worker.drain()).toMatchObject({ sent: 1 });
      await worker.stop();
    });
  });
});

describe('storage that cannot be reached', () => {
  let t: TestContext;
  beforeAll(async () => {
    // A port nobody listens on: the bucket's endpoint is down.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    t = await buildTestApp({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'arrival-docs',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      DATA_DIR: path.join(root, 'data-down'),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 "try again" to an upload and a download, and the upload changes nothing', async () => {
    const team = await t.loginAs('Team');
    const orderId = await insertOrder(t.database.db);
    const body = multipart({ orderId, email: 'a@mail.example', mailServiceProvider: 'smtp' }, [
      { field: 'uploadVisaDoc', filename: 'c.pdf', contentType: 'application/pdf', data: pdfBytes() },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload-visa-document',
      payload: body.payload,
      headers: { ...team.headers, ...body.headers },
    });
    expect(upload.statusCode).toBe(503);
    expect(upload.json()).toEqual({ status: 0, message: STORAGE_UNAVAILABLE });
    expect(upload.headers['retry-after']).toBe('5');
    for (const table of [uploadDocs, processLogs, mails]) {
      expect(await t.database.db.select().from(table).where(eq(table.orderId, orderId))).toEqual([]);
    }

    const [doc] = await t.database.db
      .insert(uploadDocs)
      .values({
        orderId,
        file1: `${orderId}_file1.pdf`,
        originalName: 'c.pdf',
        contentType: 'application/pdf',
        sizeBytes: 10,
        storageKey: `docs/${orderId}/x/${orderId}_file1.pdf`,
      })
      .returning();
    const download = await t.app.inject({ url: `/api/admin/download-document/${doc!.id}`, headers: team.headers });
    expect(download.statusCode).toBe(503);
    expect(download.json()).toEqual({ status: 0, message: STORAGE_UNAVAILABLE });
  });

  it('tells an outage from other storage errors', () => {
    expect(storageOutageCode('local', Object.assign(new Error('i/o error'), { code: 'EIO' }))).toBe('EIO');
    expect(storageOutageCode('local', Object.assign(new Error('denied'), { code: 'EACCES' }))).toBeNull();
    expect(storageOutageCode('s3', Object.assign(new Error('slow down'), { $metadata: { httpStatusCode: 503 } }))).toBe(
      'http-503',
    );
    expect(
      storageOutageCode('s3', Object.assign(new Error('forbidden'), { $metadata: { httpStatusCode: 403 } })),
    ).toBeNull();
    expect(storageOutageCode('s3', new Error('Unsafe storage key: "../x"'))).toBeNull();
  });
});
