/**
 * Chargeback defence packs in the browser (issue 7): from the ChargeBack queue straight to Defence Pack 1 and 2
 * of an order with two mails and one download; the printed page (Chromium's print to PDF, rendered to PNG in
 * test-results/screenshots) holds only the pack; Open PDF opens the server's PDF in a new window; Download
 * History's Sent Mail puts a mail in the Email History; a Team member sees no pack buttons.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { downloadHistory, mails, uploadDocs } from '../../server/db/schema';
import { insertOrder } from '../../server/test/order-factory';
import { encodeId } from '../../shared/ids';
import { launchBrowser, newPage, screenshot, SCREENSHOTS, signIn, startServer, type E2EServer } from './harness';

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

async function session(role: 'Manager' | 'Team', name: string) {
  const member = await server.createMember(role, name);
  const { context, page } = await newPage(browser);
  contexts.push(context);
  await signIn(page, server.baseUrl, member.email);
  return { context, page };
}

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

describe('defence packs on the order detail', () => {
  let page: Page;
  let context: BrowserContext;
  beforeAll(async () => {
    ({ page, context } = await session('Manager', 'Mona Manager'));
  });

  it('opens Defence Pack 1 straight from the ChargeBack queue, with every mail, and prints only the pack', async () => {
    await page.goto(`${server.baseUrl}/admin/chargeback`);
    const row = page.getByRole('row').filter({ hasText: String(orderId) });
    await row.getByRole('link', { name: 'Pack 1' }).click();
    const modal = page.getByRole('dialog', { name: 'Defence Pack 1: Email History' });
    const mailTable = modal.getByRole('table', { name: 'Email History' });
    await mailTable.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/view-order/${encodeId(orderId)}`);
    await modal.getByText('Generated').filter({ hasText: 'by Mona Manager' }).waitFor();
    await modal.getByRole('heading', { name: 'Email History (2 sent mails)' }).waitFor();
    const summary = modal.getByRole('table', { name: 'Order summary' });
    for (const text of ['CLARA CHARGEBACK', 'clara@mail.example', 'TXN-778899', 'Arrival Services Ltd', '$49.00']) {
      await summary.getByText(text, { exact: true }).waitFor();
    }
    const rows = mailTable.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).innerText()).toMatch(
      /03\/02\/2025 10:00:09 AM EST\s+2025-03-02 15:00:09 UTC\s+clara@mail\.example\s+Document\s+Transactional mail service \(SMTP\), kept in the local outbox\s+\d+_file1\.pdf/,
    );
    expect(await rows.nth(1).innerText()).toContain('clara.billing@mail.example');
    expect(await rows.nth(1).innerText()).toContain(`Invoice-INV-${orderId}.pdf`);
    await modal.getByRole('button', { name: 'Print' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'defence-pack-1-modal.png') });

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
  });

  it('opens Defence Pack 2 with the download, prints it, and opens the server PDF in a new window', async () => {
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: 'Defence Pack 2' }).click();
    const modal = page.getByRole('dialog', { name: 'Defence Pack 2: Download History' });
    const table = modal.getByRole('table', { name: 'Download History' });
    await table.waitFor();
    const text = await table.locator('tbody tr').innerText();
    for (const part of [
      '03/03/2025 8:02:03 PM EST',
      '2025-03-04 01:02:03 UTC',
      '203.0.113.77',
      'Pixel 8',
      'mobile',
      'Chrome 124',
      'Android 14',
      'Osaka, Japan',
    ]) {
      expect(text).toContain(part);
    }
    const printed = await printToPng(page, 'defence-pack-2-print');
    expect(printed.text).toContain('Download History (1 download)');
    expect(printed.text).toContain('203.0.113.77');
    expect(printed.text).not.toContain('Comment History');

    const popup = context.waitForEvent('page');
    await modal.getByRole('button', { name: 'Open PDF' }).click();
    const pdfWindow = await popup;
    await pdfWindow.waitForURL(/^blob:/);
    await pdfWindow.close();
    await modal.getByRole('button', { name: 'Close' }).first().click();

    // Each generated pack is in the order's timeline.
    await page.getByText('Defence pack 2 generated').first().waitFor();

    // A pack is prepared afresh at each opening (nothing of a closed pack is kept on the page).
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const asked: unknown[] = [];
    const onRequest = (request: Request) => {
      if (request.url().endsWith('/api/admin/defence-pack-details')) asked.push(request.postDataJSON());
    };
    page.on('request', onRequest);
    await page.getByRole('button', { name: 'Defence Pack 2' }).click();
    await table.waitFor();
    await modal.getByRole('button', { name: 'Close' }).first().click();
    page.off('request', onRequest);
    expect(asked, 'the second opening asked for the pack').toEqual([{ orderId, defencePackType: 2 }]);
  });

  it('mails the Download History to the address typed, and the mail joins the Email History', async () => {
    const section = page
      .locator('section.od-section')
      .filter({ has: page.getByRole('heading', { name: 'Download History', exact: true }) });
    const row = section.getByTestId('download-history').locator('tbody tr');
    // A section far below is drawn as it comes near the screen (content-visibility): read as a person scrolls there.
    await section.scrollIntoViewIfNeeded();
    await expect
      .poll(() => row.innerText())
      .toMatch(/1\s+(\d+\s+)?2025-03-03 20:02:03\s+\d+_file1\.pdf\s+203\.0\.113\.77\s+Osaka, Japan/);
    await section.getByLabel('Email').fill('not-an-address');
    await section.getByRole('button', { name: 'Sent Mail' }).click();
    await section.getByText('Invalid email address').waitFor();
    await section.getByLabel('Email').fill('disputes@bank.example');
    await section.getByRole('button', { name: 'Sent Mail' }).click();
    await page
      .getByText(`Mail queued: the download history of order ${orderId} will be sent to disputes@bank.example.`)
      .waitFor();
    await page.getByTestId('email-history').getByText('disputes@bank.example').waitFor();
    const [mail] = await server.database.db.select().from(mails).where(eq(mails.toAddress, 'disputes@bank.example'));
    expect(mail).toMatchObject({ orderId, kind: 'download_history' });
    await screenshot(page, 'download-history-section');
  });
});

describe('roles without access', () => {
  it('shows a Team member the download history but no Defence Pack buttons and no Sent Mail', async () => {
    const { page } = await session('Team', 'Tom Team');
    await page.goto(`${server.baseUrl}/admin/view-order/${encodeId(orderId)}?defencePack=1`);
    await page.getByText('203.0.113.77').waitFor();
    await page.getByText('Only an Admin or a Manager can mail the download history.').waitFor();
    expect(await page.getByRole('button', { name: /Defence Pack/ }).count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.goto(`${server.baseUrl}/admin/chargeback`);
    await page
      .getByRole('row')
      .filter({ hasText: String(orderId) })
      .getByRole('link', { name: 'View' })
      .waitFor();
    expect(await page.getByRole('link', { name: 'Pack 1' }).count()).toBe(0);
  });
});
