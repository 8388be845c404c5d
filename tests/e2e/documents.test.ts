/**
 * Documents and mail against the real server and its mail worker: a PDF uploaded on an order is mailed (Sent in the
 * Email History, shown in the Admin's Mail outbox) and the customer downloads the same bytes from the track page.
 * The forms' messages, resending, Send Invoice and the outbox's tabs are screen tests (web/src/features/documents).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { uploadDocs } from '../../server/db/schema';
import { storageFor } from '../../server/lib/storage';
import { MailWorker } from '../../server/features/mail/mail.worker';
import { TEST_ENCRYPTION_KEYS } from '../../server/test/test-keys';
import { renderInvoicePdf } from '../../server/features/invoices/invoice.pdf';
import { insertOrder } from '../../server/test/order-factory';
import { encodeId } from '../../shared/ids';
import { launchBrowser, newPage, screenshot, signInThroughApi, startServer, type E2EServer } from './harness';

const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-documents-'));
const env = { DATA_DIR: dataDir, MAIL_POLL_MS: '200' };
let server: E2EServer;
let browser: Browser;
let worker: MailWorker;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer(env);
  // The server's key (the harness's): the worker opens the document the server sealed.
  const config = loadConfig({ DEMO_ORDERS: '0', LOG_LEVEL: 'silent', ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS, ...env });
  // The server process's mail worker (main.ts starts it; here the test does).
  worker = new MailWorker({ db: server.database.db, config, storage: storageFor(config) });
  worker.start();
  browser = await launchBrowser();
  const admin = await server.createMember('Admin', 'Ada Admin');
  ({ context, page } = await newPage(browser));
  await signInThroughApi(page, server.baseUrl, admin.email);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await worker?.stop();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A real, small PDF (the same library the invoices use). */
async function samplePdf(): Promise<Buffer> {
  return renderInvoicePdf({
    invoiceNumber: 'SAMPLE-1',
    issuedAt: new Date('2026-01-02T00:00:00Z'),
    orderId: 1,
    customerName: 'Sample Card',
    customerEmail: 'x@mail.example',
    processingMode: 'standard',
    amount: '1.00',
    currency: 'USD',
    paidAt: null,
    paymentGateway: null,
    merchantName: null,
    transactionId: null,
    seller: { name: 'Sample', domain: 'sample.example', supportEmail: 's@sample.example', footerText: 'Sample' },
  });
}

const section = (title: string) =>
  page.locator('section.od-section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

describe('Upload Document', () => {
  it('uploads a PDF: the mail is sent, the outbox shows it, and the customer downloads the same bytes', async () => {
    const orderId = await insertOrder(server.database.db, {
      givenName: 'HANA',
      surname: 'BROWSER',
      email: 'hana@mail.example',
    });
    await page.goto(`${server.baseUrl}/admin/view-order/${encodeId(orderId)}`);
    const upload = section('Upload Document');
    await upload.getByLabel('Email').waitFor();
    const pdf = await samplePdf();
    const file = path.join(dataDir, 'hana-card.pdf');
    writeFileSync(file, pdf);
    await upload.getByLabel('Email').fill('hana.b@mail.example');
    await upload.getByLabel(/^Document/).setInputFiles(file);
    await upload.getByRole('button', { name: /via Transactional mail service/ }).click();
    await page.getByText('Document uploaded. The mail to hana.b@mail.example has been queued.').waitFor();

    // The line turns from Queued to Sent when the worker has delivered it (to the local outbox here).
    const row = section('Email History').locator('tbody tr').first();
    await row.getByText(`${orderId}_file1.pdf`).waitFor();
    await row.getByText('Sent', { exact: true }).waitFor({ timeout: 15_000 });
    await row.getByText('SMTP (local outbox)').waitFor();
    await section('Process Log').getByText('Mail sent', { exact: true }).waitFor();
    await screenshot(page, 'documents-order-detail');

    // The Admin's outbox shows the mail as the customer sees it, by in-app navigation.
    await page.getByRole('link', { name: 'Mail Outbox' }).click();
    await page.getByTestId('outbox-list').getByText(`Your Japan Arrival Card is ready (order ${orderId})`).waitFor();
    await page.getByTestId('outbox-mail').getByText('hana.b@mail.example').waitFor();
    await page.frameLocator('iframe.mo-frame').getByText('Dear HANA BROWSER,').waitFor();
    await screenshot(page, 'documents-mail-outbox');

    // The customer, signed out in a browser of their own, tracks the order and downloads exactly what was uploaded.
    const customer = await newPage(browser);
    try {
      await customer.page.goto(`${server.baseUrl}/track-order/${encodeId(orderId)}`);
      await customer.page.getByLabel('Email ID').fill('hana@mail.example');
      await customer.page.getByRole('button', { name: 'TRACK ORDER' }).click();
      const downloaded = customer.page.waitForEvent('download');
      await customer.page.getByRole('button', { name: 'Download Now' }).click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toBe(`${orderId}_file1.pdf`);
      expect(readFileSync((await download.path())!).equals(pdf)).toBe(true);
    } finally {
      await customer.context.close();
    }
    const [doc] = await server.database.db.select().from(uploadDocs).where(eq(uploadDocs.orderId, orderId));
    expect(doc).toMatchObject({ file1: `${orderId}_file1.pdf`, sizeBytes: pdf.length, uploadedByName: 'Ada Admin' });
  });
});
