/**
 * Documents and mail in the browser (issue 8): upload a PDF on an order, see it
 * in the Email History and in the Admin's Mail outbox, download it back and
 * compare bytes; validation texts; Send Invoice.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { mails, uploadDocs } from '../../server/db/schema';
import { storageFor } from '../../server/lib/storage';
import { MailWorker } from '../../server/features/mail/mail.worker';
import { renderInvoicePdf } from '../../server/features/invoices/invoice.pdf';
import { insertOrder } from '../../server/test/order-factory';
import { encodeId } from '../../shared/ids';
import { launchBrowser, newPage, screenshot, SCREENSHOTS, signIn, startServer, type E2EServer } from './harness';

const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-documents-'));
const env = { DATA_DIR: dataDir, MAIL_POLL_MS: '200' };
let server: E2EServer;
let browser: Browser;
let worker: MailWorker;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer(env);
  const config = loadConfig({ DEMO_ORDERS: '0', LOG_LEVEL: 'silent', ...env });
  // The server process's mail worker (main.ts starts it; here the test does).
  worker = new MailWorker({ db: server.database.db, config, storage: storageFor(config) });
  worker.start();
  browser = await launchBrowser();
  const admin = await server.createMember('Admin', 'Ada Admin');
  ({ context, page } = await newPage(browser));
  await signIn(page, server.baseUrl, admin.email);
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

async function openOrder(orderId: number) {
  await page.goto(`${server.baseUrl}/admin/view-order/${encodeId(orderId)}`);
  await page.getByText(`Order ${orderId}`, { exact: true }).waitFor();
}

describe('Upload Document, Email History, outbox and download', () => {
  it('uploads a PDF, shows it sent in the Email History and in the outbox, and downloads the same bytes', async () => {
    const orderId = await insertOrder(server.database.db, {
      givenName: 'HANA',
      surname: 'BROWSER',
      email: 'hana@mail.example',
    });
    await openOrder(orderId);
    const upload = section('Upload Document');
    await expect(upload.getByLabel('Order ID').inputValue()).resolves.toBe(String(orderId));
    await expect(upload.getByLabel('Email').inputValue()).resolves.toBe('hana@mail.example');
    expect(await upload.getByRole('button', { name: 'Download File' }).count()).toBe(0);

    // The spec's validation texts under the fields.
    await upload.getByLabel('Email').fill('');
    await upload.getByRole('button', { name: /via Transactional mail service/ }).click();
    await upload.getByText('Please enter your email').waitFor();
    await upload.getByText('File is required').waitFor();

    const pdf = await samplePdf();
    const file = path.join(dataDir, 'hana-card.pdf');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, pdf);
    await upload.getByLabel('Email').fill('hana.b@mail.example');
    await upload.getByLabel(/^Document/).setInputFiles(file);
    await upload.getByRole('button', { name: /via Transactional mail service/ }).click();
    await page.getByText('Document uploaded. The mail to hana.b@mail.example has been queued.').waitFor();

    // Email History: the line turns from Queued to Sent when the worker has delivered it (local outbox here).
    const history = section('Email History');
    const row = history.locator('tbody tr').first();
    await row.getByText(`${orderId}_file1.pdf`).waitFor();
    await row.getByText('Sent', { exact: true }).waitFor({ timeout: 15_000 });
    await row.getByText('SMTP (local outbox)').waitFor();
    await row.getByText('hana.b@mail.example').waitFor();

    // Download File gives back exactly the uploaded bytes.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      upload.getByRole('button', { name: 'Download File' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${orderId}_file1.pdf`);
    const saved = readFileSync((await download.path())!);
    expect(saved.equals(pdf)).toBe(true);
    // ... and so does the link in the Email History line.
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `${orderId}_file1.pdf` }).click(),
    ]);
    expect(readFileSync((await again.path())!).equals(pdf)).toBe(true);
    // The order reloads once the mail is out: its process log shows the delivery, and the file picker is empty again.
    await section('Process Log').getByText('Mail sent', { exact: true }).waitFor();
    await expect(upload.getByLabel(/^Document/).inputValue()).resolves.toBe('');
    // The log narrowed to its mail: the queued and the sent line, nothing else.
    await section('Process Log')
      .getByRole('group', { name: 'Show steps about' })
      .getByRole('button', { name: /^Mail \d+$/ })
      .click();
    await expect
      .poll(() => section('Process Log').locator('.od-step').allTextContents())
      .toEqual(['Mail queued', 'Mail sent']);
    await section('Process Log')
      .getByRole('button', { name: /^All \d+$/ })
      .click();
    await screenshot(page, 'documents-order-detail');
    // On a phone the two sections stack and the history table scrolls inside its card.
    await page.setViewportSize({ width: 390, height: 844 });
    await history.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await history.screenshot({ path: `${SCREENSHOTS}/documents-email-history-phone.png` });
    await upload.screenshot({ path: `${SCREENSHOTS}/documents-upload-phone.png` });
    await page.setViewportSize({ width: 1366, height: 900 });

    // The Mail outbox shows the mail as the customer sees it.
    await page.goto(`${server.baseUrl}/admin/mail-outbox`);
    const list = page.getByTestId('outbox-list');
    await list.getByText(`Your Japan Arrival Card is ready (order ${orderId})`).waitFor();
    const view = page.getByTestId('outbox-mail');
    await view.getByText('hana.b@mail.example').waitFor();
    const frame = page.frameLocator('iframe.mo-frame');
    await frame.getByText('Dear HANA BROWSER,').waitFor();
    await frame.getByText('Download your Japan Arrival Card').waitFor();
    await screenshot(page, 'documents-mail-outbox-html');
    await view.getByRole('button', { name: 'Plain text' }).click();
    await view.getByText(/Your document is attached to this e-mail: \d+_file1\.pdf/).waitFor();
    await screenshot(page, 'documents-mail-outbox');

    const [doc] = await server.database.db.select().from(uploadDocs).where(eq(uploadDocs.orderId, orderId));
    expect(doc).toMatchObject({ file1: `${orderId}_file1.pdf`, sizeBytes: pdf.length, uploadedByName: 'Ada Admin' });
  });

  it('refuses a fake PDF with the server message under the file field', async () => {
    const orderId = await insertOrder(server.database.db);
    await openOrder(orderId);
    const upload = section('Upload Document');
    const fake = path.join(dataDir, 'fake.pdf');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(fake, 'this is not a pdf');
    await upload.getByLabel(/^Document/).setInputFiles(fake);
    await upload.getByRole('button', { name: /via Cloud mail service/ }).click();
    await upload.locator('.invalid-feedback', { hasText: 'Only PDF, PNG, JPEG or WebP files are accepted' }).waitFor();
    expect(await server.database.db.select().from(uploadDocs).where(eq(uploadDocs.orderId, orderId))).toEqual([]);
  });

  it('resends the document from the Email History', async () => {
    const orderId = await insertOrder(server.database.db, { email: 'resend@mail.example' });
    await openOrder(orderId);
    const upload = section('Upload Document');
    await upload
      .getByLabel(/^Document/)
      .setInputFiles({ name: 'c.pdf', mimeType: 'application/pdf', buffer: await samplePdf() });
    await upload.getByRole('button', { name: /via Cloud mail service/ }).click();
    const history = section('Email History');
    await history.locator('tbody tr').first().getByText('Sent', { exact: true }).waitFor({ timeout: 15_000 });

    await history.getByLabel('Email').fill('second@mail.example');
    await history.getByRole('button', { name: /Resend via Transactional mail service/ }).click();
    await page.getByText('Mail queued: the document will be resent to second@mail.example.').waitFor();
    await history.locator('tbody tr').first().getByText('second@mail.example').waitFor();
    await expect
      .poll(
        async () =>
          (await server.database.db.select().from(mails).where(eq(mails.orderId, orderId)))
            .map((m) => [m.kind, m.status])
            .sort(),
        { timeout: 15_000 },
      )
      .toEqual([
        ['approved_order', 'sent'],
        ['resend', 'sent'],
      ]);
  });
});

describe('Send Invoice', () => {
  it('checks the order id like the spec says and mails the invoice', async () => {
    const orderId = await insertOrder(server.database.db, {
      paymentAmount: '59.00',
      paymentCurrency: 'USD',
      email: 'inv@mail.example',
    });
    await page.goto(`${server.baseUrl}/admin/send-invoice`);
    await page.getByRole('heading', { name: 'Send Invoice' }).waitFor();
    await page.getByRole('button', { name: 'Send Invoice' }).click();
    await page.getByText('Please enter your order id.').waitFor();
    await page.getByLabel('Order ID').fill('12345');
    await page.getByRole('button', { name: 'Send Invoice' }).click();
    await page.getByText('Order Id must be at least 6 characters.').waitFor();
    await page.getByLabel('Order ID').fill('999999');
    await page.getByRole('button', { name: 'Send Invoice' }).click();
    await page.getByText('Order 999999 was not found.').waitFor();
    await page.getByLabel('Order ID').fill(String(orderId));
    await page.getByRole('button', { name: 'Send Invoice' }).click();
    await page.getByText(`Invoice INV-${orderId} for order ${orderId} has been queued for inv@mail.example.`).waitFor();
    await expect
      .poll(async () => (await server.database.db.select().from(mails).where(eq(mails.orderId, orderId)))[0]?.status, {
        timeout: 15_000,
      })
      .toBe('sent');
  });
});
