/**
 * The sealing step (seal-files.ts): a document stored before sealing is still downloaded as it lies and the step
 * seals it; a file under an older key gets the current key, so the older key can leave the ring; a file whose row
 * is erased while the step rewrites it does not come back.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { pdfBytes } from '../../test/multipart';
import { mails, uploadDocs } from '../../db/schema';
import { generateKeyEntry, keyRing, parseEncryptionKeys } from '../encryption/key-ring';
import { keyRingFor } from '../encryption/key-source';
import { keyIdOfFile, openFile, sealFile } from '../encryption/sealed-file';
import { storedBytesFor, type Storage } from './index';
import { sealStoredFiles, storedFilesRotationStep } from './seal-files';

const dataDir = mkdtempSync(path.join(tmpdir(), 'seal-files-test-'));
const OLD_KEY = generateKeyEntry('kold');
const NEW_KEY = generateKeyEntry('knew');
const onDisk = (key: string) => readFileSync(path.join(dataDir, 'uploads', key));

let t: TestContext;
let team: Awaited<ReturnType<TestContext['loginAs']>>;
let stored: Storage;
beforeAll(async () => {
  // The current key first, the older one kept for what it sealed: the ring in the middle of a rotation.
  t = await buildTestApp({ DATA_DIR: dataDir, ENCRYPTION_KEYS: `${NEW_KEY},${OLD_KEY}` });
  team = await t.loginAs('Team');
  stored = storedBytesFor(t.config);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function documentRow(orderId: number, key: string, data: Buffer) {
  const [doc] = await t.database.db
    .insert(uploadDocs)
    .values({
      orderId,
      file1: `${orderId}_file1.pdf`,
      originalName: 'card.pdf',
      contentType: 'application/pdf',
      sizeBytes: data.length,
      storageKey: key,
    })
    .returning();
  return doc!;
}

const staffDownload = async (id: number) => {
  const res = await t.app.inject({ url: `/api/admin/download-document/${id}`, headers: team.headers });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

const step = () => sealStoredFiles({ db: t.database.db, storage: stored, ring: keyRingFor(t.config), batchSize: 2 });

describe('sealing the stored files', () => {
  it('serves a document stored in clear as it lies, then seals it; a second run finds nothing to do', async () => {
    const orderId = await insertOrder(t.database.db);
    const data = pdfBytes(3000);
    const key = `docs/${orderId}/before-sealing/${orderId}_file1.pdf`;
    await stored.put(key, data, 'application/pdf');
    const doc = await documentRow(orderId, key, data);
    expect(onDisk(key).subarray(0, 4).toString()).toBe('%PDF');
    expect((await staffDownload(doc.id)).equals(data)).toBe(true);

    expect(await step()).toMatchObject({ sealed: 1, rewrapped: 0 });
    const sealed = onDisk(key);
    expect(sealed.includes('%PDF')).toBe(false);
    expect(keyIdOfFile(sealed)).toBe('knew');
    expect((await staffDownload(doc.id)).equals(data)).toBe(true);

    expect(await step()).toMatchObject({ sealed: 0, rewrapped: 0, current: 1 });
    expect(onDisk(key).equals(sealed)).toBe(true);
  });

  it('moves documents and mail attachments off an older key, so a ring without it opens them', async () => {
    const orderId = await insertOrder(t.database.db);
    const oldRing = keyRing(parseEncryptionKeys(OLD_KEY));
    const data = pdfBytes(4000);
    const invoice = pdfBytes(1500);
    const documentKey = `docs/${orderId}/old-key/${orderId}_file1.pdf`;
    const invoiceKey = `invoices/${orderId}/old-key/invoice.pdf`;
    await stored.put(documentKey, sealFile(oldRing, data), 'application/pdf');
    await stored.put(invoiceKey, sealFile(oldRing, invoice), 'application/pdf');
    const doc = await documentRow(orderId, documentKey, data);
    await t.database.db.insert(mails).values({
      orderId,
      kind: 'invoice',
      toAddress: 'customer@mail.example',
      subject: 'Invoice',
      html: '<p>Invoice</p>',
      textBody: 'Invoice',
      mailServiceProvider: 'smtp',
      attachments: [{ filename: 'invoice.pdf', storageKey: invoiceKey, contentType: 'application/pdf' }],
    });
    const before = onDisk(documentKey);
    expect((await staffDownload(doc.id)).equals(data)).toBe(true);

    // As a key rotation runs it: what is left, a pass, nothing left.
    const deps = { db: t.database.db, ring: keyRingFor(t.config), config: t.config, batchSize: 2 };
    expect(await storedFilesRotationStep.remaining(deps)).toBe(2);
    const moved: number[] = [];
    await storedFilesRotationStep.pass(deps, (done) => moved.push(done));
    expect(moved.at(-1)).toBe(2);
    expect(await storedFilesRotationStep.remaining(deps)).toBe(0);
    const newOnly = keyRing(parseEncryptionKeys(NEW_KEY));
    for (const [key, bytes] of [
      [documentKey, data],
      [invoiceKey, invoice],
    ] as const) {
      expect(keyIdOfFile(onDisk(key)), key).toBe('knew');
      expect(openFile(newOnly, onDisk(key)).equals(bytes), key).toBe(true);
    }
    // Only the data key was rewrapped: the sealed body is the same bytes.
    expect(onDisk(documentKey).subarray(-data.length).equals(before.subarray(-data.length))).toBe(true);
    expect((await staffDownload(doc.id)).equals(data)).toBe(true);
  });

  it('removes the file of a document erased while the step rewrote it, instead of bringing it back', async () => {
    const orderId = await insertOrder(t.database.db);
    const data = pdfBytes(2000);
    const key = `docs/${orderId}/erased/${orderId}_file1.pdf`;
    await stored.put(key, data, 'application/pdf');
    const doc = await documentRow(orderId, key, data);
    // The erasure commits between the step's read and its write (and has already removed the file).
    const racing: Storage = {
      ...stored,
      get: (k) => stored.get(k),
      delete: (k) => stored.delete(k),
      async put(k, body, contentType) {
        if (k === key) {
          await t.database.db.update(uploadDocs).set({ storageKey: '' }).where(eq(uploadDocs.id, doc.id));
          await stored.delete(k);
        }
        await stored.put(k, body, contentType);
      },
    };
    const result = await sealStoredFiles({ db: t.database.db, storage: racing, ring: keyRingFor(t.config) });
    expect(result.missing).toBeGreaterThanOrEqual(1);
    expect(await stored.get(key)).toBeNull();
  });
});
