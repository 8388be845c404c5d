/**
 * Chargeback defence packs against the real server and Chromium: the printed page (print to PDF, and a PNG of the
 * print view in test-results/screenshots) holds only the pack, and Open PDF opens the server's PDF of the pack in a
 * new window. What the packs list, who sees them and the Download History's Sent Mail are screen tests
 * (web/src/features/defence-packs).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { extractText } from 'unpdf';
import { downloadHistory, mails, uploadDocs } from '../../server/db/schema';
import { insertOrder } from '../../server/test/order-factory';
import { encodeId } from '../../shared/ids';
import { launchBrowser, newPage, SCREENSHOTS, signInThroughApi, startServer, type E2EServer } from './harness';

const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-defence-packs-'));
let server: E2EServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let orderId: number;

beforeAll(async () => {
  server = await startServer({ DATA_DIR: dataDir });
  browser = await launchBrowser();
  const db = server.database.db;
  orderId = await insertOrder(db, {
    givenName: 'CLARA',
    surname: 'CHARGEBACK',
    email: 'clara@mail.example',
    processStatus: 'ChargeBack',
    paymentAmount: '49.00',
    paymentCurrency: 'USD',
    paymentGateway: 'Stripe',
    transactionId: 'TXN-778899',
    merchantName: 'Arrival Services Ltd',
    processedByName: 'Tara Team',
    processedAt: new Date('2025-03-02T15:00:00Z'),
  });
  const [doc] = await db
    .insert(uploadDocs)
    .values({
      orderId,
      file1: `${orderId}_file1.pdf`,
      originalName: 'card.pdf',
      contentType: 'application/pdf',
      sizeBytes: 1000,
      storageKey: `docs/${orderId}_file1.pdf`,
      createdAt: new Date('2025-03-02T15:00:00Z'),
    })
    .returning({ id: uploadDocs.id });
  const sent = { status: 'sent', html: '<p>x</p>', textBody: 'x', deliveredVia: 'outbox' };
  await db.insert(mails).values([
    {
      ...sent,
      orderId,
      kind: 'approved_order',
      toAddress: 'clara@mail.example',
      subject: 'Your card',
      uploadDocId: doc!.id,
      mailServiceProvider: 'smtp',
      sentAt: new Date('2025-03-02T15:00:09Z'),
    },
    {
      ...sent,
      orderId,
      kind: 'invoice',
      toAddress: 'clara.billing@mail.example',
      subject: 'Invoice',
      mailServiceProvider: 'ses',
      sentAt: new Date('2025-03-03T16:20:00Z'),
      attachments: [{ filename: `Invoice-INV-${orderId}.pdf`, storageKey: 'x', contentType: 'application/pdf' }],
    },
  ]);
  await db.insert(downloadHistory).values({
    orderId,
    file1: `${orderId}_file1.pdf`,
    ip: '203.0.113.77',
    browser: 'Chrome 124',
    device: 'Pixel 8',
    deviceType: 'mobile',
    os: 'Android 14',
    country: 'Japan',
    city: 'Osaka',
    createdAt: new Date('2025-03-04T01:02:03Z'),
  });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Prints the page as Chromium would (print stylesheet), keeps the PDF and a PNG of the print view, returns its text. */
async function printToPng(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const pdfPath = path.join(SCREENSHOTS, `${name}.pdf`);
  writeFileSync(pdfPath, await page.pdf({ format: 'A4' }));
  // A picture of the print view from Chromium itself (no PDF rasteriser needed on the machine).
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  await page.emulateMedia({ media: null });
  const { totalPages, text } = await extractText(new Uint8Array(readFileSync(pdfPath)), { mergePages: true });
  // A long address may wrap inside its cell: `joined` has no spaces at all.
  return { totalPages, text: text.replace(/\s+/g, ' '), joined: text.replace(/\s+/g, '') };
}

describe('defence packs', () => {
  it('prints only the pack, and opens the server PDF of a pack in a new window', async () => {
    const manager = await server.createMember('Manager', 'Mona Manager');
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await signInThroughApi(page, server.baseUrl, manager.email, {
      path: `/admin/view-order/${encodeId(orderId)}?defencePack=1`,
    });
    const pack1 = page.getByRole('dialog', { name: 'Defence Pack 1: Email History' });
    await pack1.getByRole('table', { name: 'Email History' }).waitFor();
    const printed = await printToPng(page, 'defence-pack-1-print');
    expect(printed.totalPages).toBe(1);
    expect(printed.text).toContain('Defence Pack 1: Email History');
    expect(printed.joined).toContain('clara.billing@mail.example');
    expect(printed.joined).toContain(`Invoice-INV-${orderId}.pdf`);
    expect(printed.text).toContain('Page 1 of 1');
    expect(printed.text).toContain(`Order ${orderId} - Defence Pack 1: Email History`);
    // Only the pack: not the order page behind it, not the modal's buttons.
    expect(printed.text).not.toContain('Add Comment Below');
    expect(printed.text).not.toContain('Open PDF');
    await pack1.getByRole('button', { name: 'Close' }).first().click();
    await pack1.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Defence Pack 2' }).click();
    const pack2 = page.getByRole('dialog', { name: 'Defence Pack 2: Download History' });
    await pack2.getByRole('table', { name: 'Download History' }).waitFor();
    // The server's answer to the page's PDF request, kept on its way through (the window shows it as a blob).
    let pdf: Buffer = Buffer.alloc(0);
    await page.route('**/api/admin/get-defence-pack-pdf', async (route) => {
      const response = await route.fetch();
      pdf = await response.body();
      await route.fulfill({ response });
    });
    const popup = context.waitForEvent('page');
    await pack2.getByRole('button', { name: 'Open PDF' }).click();
    const pdfWindow = await popup;
    await pdfWindow.waitForURL(/^blob:/);
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const words = text.replace(/\s+/g, ' ');
    expect(words).toContain('Defence Pack 2: Download History');
    expect(words).toContain('203.0.113.77');
    expect(words).toContain('CLARA CHARGEBACK');
    await pdfWindow.close();
  });
});
