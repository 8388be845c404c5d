/**
 * A chargeback fought at the provider, in Chromium against the real server and a local mock of Stripe's API (the
 * official `stripe` library pointed at it, as in the API tests): a signed `charge.dispute.created` event moves the
 * order to ChargeBack; a Manager finds the dispute on the ChargeBack queue by the app's own links, reads the evidence
 * on the order page and submits it to the bank once; Stripe receives that one submission with the evidence; a Team
 * member reads the same section without the buttons, and sees the queue follow the submission live. Each state,
 * refusal and role rule is the API tests' (server/features/disputes) and the screen tests' (web/src/features/disputes).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { downloadHistory, mails, uploadDocs } from '../../server/db/schema';
import { insertOrder } from '../../server/test/order-factory';
import {
  disputeEvent,
  signedStripeEvent,
  startMockStripe,
  TEST_WEBHOOK_SECRET,
  type MockStripe,
} from '../../server/test/mock-stripe';
import { launchBrowser, newPage, screenshot, signInThroughApi, startServer, type E2EServer } from './harness';

const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-disputes-'));
const CHARGE = 'ch_e2e_3Pq9LrX2';
const DISPUTE = 'du_e2e_1Nx7Kz';
/** Tall enough for the whole Dispute section in one picture, as on a large screen. */
const WINDOW_HEIGHT = 1300;
let stripe: MockStripe;
let server: E2EServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let orderId: number;

beforeAll(async () => {
  stripe = await startMockStripe();
  server = await startServer({
    DATA_DIR: dataDir,
    STRIPE_SECRET_KEY: 'sk_test_e2e_mock_key_123456',
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  browser = await launchBrowser();
  const db = server.database.db;
  // A delivered order: the document mailed and accepted by SMTP, then downloaded once from the tracking page.
  orderId = await insertOrder(db, {
    givenName: 'NORA',
    surname: 'DISPUTANT',
    email: 'nora.disputant@mail.example',
    processStatus: 'Completed',
    paymentAmount: '49.00',
    paymentCurrency: 'USD',
    paymentGateway: 'Stripe',
    transactionId: CHARGE,
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
    })
    .returning({ id: uploadDocs.id });
  await db.insert(mails).values({
    orderId,
    kind: 'approved_order',
    toAddress: 'nora.disputant@mail.example',
    subject: 'Your arrival card',
    html: '<p>card</p>',
    textBody: 'card',
    mailServiceProvider: 'smtp',
    deliveredVia: 'smtp',
    status: 'sent',
    uploadDocId: doc!.id,
    messageId: `<${orderId}.e2e@arrivalcard-mail.example>`,
    sentAt: new Date('2026-03-14T14:22:05Z'),
  });
  await db.insert(downloadHistory).values({
    orderId,
    uploadDocId: doc!.id,
    file1: `${orderId}_file1.pdf`,
    ip: '203.0.113.45',
    browser: 'Safari 17',
    device: 'Apple iPhone',
    deviceType: 'mobile',
    os: 'iOS 17.4',
    city: 'Melbourne',
    country: 'Australia',
    timezone: 'Australia/Melbourne',
    createdAt: new Date('2026-03-14T15:00:00Z'),
  });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.close();
  await stripe?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The ChargeBack queue's Disputes table, opened from the sidebar, and the order's row in it. */
async function disputeRow(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chargeback' }).click();
  await page.getByRole('heading', { name: 'ChargeBack Orders' }).waitFor();
  const row = page
    .getByRole('table', { name: 'Disputes', exact: true })
    .locator('tbody tr')
    .filter({ has: page.getByRole('link', { name: String(orderId), exact: true }) });
  await row.waitFor();
  return row;
}

/** From the queue's row (in the `state` given) to the order page's Dispute section, its evidence drawn. */
async function openDispute(page: Page, state: string) {
  const row = await disputeRow(page);
  expect(await row.locator('td').last().innerText()).toBe(state);
  await row.getByRole('link', { name: String(orderId), exact: true }).click();
  return disputeSection(page);
}

/**
 * The order page's Dispute section, scrolled to as the reader does: it lies below the answers and the downloads, and
 * the page draws a section only near the screen (content-visibility), so its text is there to read once in view.
 */
async function disputeSection(page: Page) {
  const section = page.locator('section#dispute');
  await section.getByRole('table', { name: 'Evidence', exact: true }).waitFor();
  await section.scrollIntoViewIfNeeded();
  await expect.poll(() => section.getByTestId('dispute-state').innerText()).not.toBe('');
  return section;
}

/**
 * The window as the reader sees it, the Dispute section's top just below the sticky bars (an element's own picture
 * would draw those bars across its middle).
 */
async function sectionShot(page: Page, section: Locator, name: string) {
  await section.evaluate((el) => {
    const bars =
      (document.querySelector('.admin-topbar')?.getBoundingClientRect().height ?? 0) +
      ((document.querySelector('.od-sticky') as HTMLElement | null)?.offsetHeight ?? 0);
    window.scrollTo({ top: window.scrollY + el.getBoundingClientRect().top - bars - 8, behavior: 'instant' });
  });
  await screenshot(page, name, { fullPage: false });
}

/** The evidence table's cell of one field, by its row heading. */
const evidenceField = (section: Locator, name: string) =>
  section
    .locator('table.dispute-evidence > tbody > tr')
    .filter({ has: section.page().locator(':scope > th', { hasText: new RegExp(`^${name}$`) }) })
    .locator(':scope > td');

describe('a chargeback fought at Stripe', () => {
  it('arrives by webhook, shows on the ChargeBack queue, is submitted by a Manager once and read by a Team member', async () => {
    // Stripe's event, signed with the gateway's secret as Stripe signs it; evidence due in about 20 hours.
    const dueBy = new Date(Math.floor((Date.now() + 20.5 * 3_600_000) / 1000) * 1000);
    const { body, signature } = signedStripeEvent(
      disputeEvent('charge.dispute.created', {
        id: DISPUTE,
        charge: CHARGE,
        dueBy,
        amount: 4900,
        reason: 'fraudulent',
      }),
    );
    const webhook = await fetch(`${server.baseUrl}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
    expect(webhook.status).toBe(200);
    expect(await webhook.json()).toMatchObject({ status: 1, data: { result: 'applied' } });

    // The Manager finds it on the ChargeBack queue: provider, reason, amount, the due date coloured, the state.
    const manager = await server.createMember('Manager', 'Mona Manager');
    const { context, page } = await newPage(browser, 1366, WINDOW_HEIGHT);
    contexts.push(context);
    await signInThroughApi(page, server.baseUrl, manager.email);
    const row = await disputeRow(page);
    const cells = row.locator('td');
    expect(await cells.allInnerTexts()).toEqual([
      String(orderId),
      'NORA DISPUTANT',
      'Stripe',
      'fraudulent',
      '$49.00',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} /),
      'Needs evidence',
    ]);
    const due = cells.nth(5);
    expect(await due.locator('time').getAttribute('datetime')).toBe(dueBy.toISOString());
    expect(await due.getAttribute('title')).toBe('Evidence due in 20 h');
    // Within a day: the stronger amber of the queue's urgency, on every cell of the row.
    expect(await cells.nth(0).evaluate((td) => getComputedStyle(td).backgroundColor)).toBe('rgb(255, 224, 178)');
    expect(await due.evaluate((td) => getComputedStyle(td).fontWeight)).toBe('600');
    await screenshot(page, 'disputes-chargeback-queue');

    // The order page's Dispute section: the dispute and, field by field, what will be sent.
    await row.getByRole('link', { name: String(orderId), exact: true }).click();
    const section = await disputeSection(page);
    const facts = section.getByRole('definition');
    expect(await facts.allInnerTexts()).toEqual([
      `Stripe dispute ${DISPUTE}`,
      'fraudulent',
      '$49.00',
      expect.stringContaining('(Evidence due in 20 h)'),
      'Needs evidence',
    ]);
    const field = (name: string) => evidenceField(section, name);
    expect(await field('Customer name').innerText()).toBe('NORA DISPUTANT');
    expect(await field('Customer e-mail').innerText()).toBe('nora.disputant@mail.example');
    expect(await field('Service date').innerText()).toBe('2026-03-14');
    const access = section.getByRole('table', { name: 'Access log' });
    expect(await access.locator('tbody tr').allInnerTexts()).toEqual([
      expect.stringMatching(
        /2026-03-14 15:00:00 UTC\s+2026-03-15 02:00:00 Australia\/Melbourne\s+203\.0\.113\.45\s+Apple iPhone, mobile\s+Safari 17 on iOS 17\.4\s+Melbourne, Australia/,
      ),
    ]);
    expect(await field('Files').locator('li').allInnerTexts()).toEqual([
      `Defence Pack 1: Email History: Defence-Pack-1-${orderId}.pdf (as customer_communication)`,
      `Defence Pack 2: Download History: Defence-Pack-2-${orderId}.pdf (as service_documentation)`,
    ]);
    expect(await field('Delivery record').innerText()).toContain(
      `Message-ID <${orderId}.e2e@arrivalcard-mail.example>`,
    );
    // The evidence keeps to the card's width, its access log too: nothing to scroll sideways to read on this screen.
    for (const name of ['Evidence to send', 'Access log, every download']) {
      const box = section.getByRole('group', { name });
      expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth), name).toBe(0);
    }
    const letter = section.getByRole('textbox', { name: 'Cover letter' });
    expect(await letter.inputValue()).toContain('from IP address 203.0.113.45 (Melbourne, Australia)');
    await sectionShot(page, section, 'disputes-order-evidence');

    // A Team member opens the same order while it needs evidence: the section to read, nothing to press.
    const member = await server.createMember('Team', 'Tom Team');
    const team = await newPage(browser, 1366, WINDOW_HEIGHT);
    contexts.push(team.context);
    await signInThroughApi(team.page, server.baseUrl, member.email);
    const teamSection = await openDispute(team.page, 'Needs evidence');
    expect(await teamSection.getByRole('table', { name: 'Access log' }).innerText()).toContain('203.0.113.45');
    expect(await teamSection.locator('#dispute-cover-letter').innerText()).toContain('from IP address 203.0.113.45');
    expect(await teamSection.getByRole('textbox', { name: 'Cover letter' }).count()).toBe(0);
    expect(await teamSection.getByRole('button', { name: /Save at provider|Submit to the bank/ }).count()).toBe(0);
    await sectionShot(team.page, teamSection, 'disputes-order-team');
    const teamRow = await disputeRow(team.page);
    expect(await teamRow.locator('td').last().innerText()).toBe('Needs evidence');

    // The Manager submits it to the bank, after the confirmation that says it is done once.
    await section.getByRole('button', { name: 'Submit to the bank' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(`Submit the evidence of Stripe dispute ${DISPUTE} to the bank? This can be done only once`)
      .waitFor();
    // Pictured once the dialog has faded in.
    await expect.poll(() => page.locator('.modal.show').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await screenshot(page, 'disputes-submit-confirm', { fullPage: false });
    await dialog.getByRole('button', { name: 'Submit to the bank' }).click();
    await page.getByText('Evidence submitted to the bank through Stripe.').waitFor();
    const submittedBy = /^Submitted on \d{4}-\d{2}-\d{2} \d{2}:\d{2} .+ by Mona Manager$/;
    await expect.poll(() => section.getByTestId('dispute-state').innerText()).toMatch(submittedBy);
    expect(await section.getByRole('button', { name: /Save at provider|Submit to the bank/ }).count()).toBe(0);
    expect(await section.getByRole('textbox', { name: 'Cover letter' }).count()).toBe(0);
    await sectionShot(page, section, 'disputes-order-submitted');

    // Stripe received the two packs as files and one dispute update, submitted, with the evidence field by field.
    const files = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/files');
    expect(files.map((f) => f.parts.find((p) => p.name === 'purpose')?.value)).toEqual([
      'dispute_evidence',
      'dispute_evidence',
    ]);
    const updates = stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/disputes/${DISPUTE}`);
    expect(updates).toHaveLength(1);
    const form = updates[0]!.form;
    expect(form.submit).toBe('true');
    expect(form['evidence[customer_name]']).toBe('NORA DISPUTANT');
    expect(form['evidence[customer_email_address]']).toBe('nora.disputant@mail.example');
    expect(form['evidence[service_date]']).toBe('2026-03-14');
    expect(form['evidence[access_activity_log]']).toContain('IP 203.0.113.45');
    expect(form['evidence[customer_communication]']).toMatch(/^file_mock\d$/);
    expect(form['evidence[service_documentation]']).toMatch(/^file_mock\d$/);
    expect(form['evidence[customer_communication]']).not.toBe(form['evidence[service_documentation]']);
    expect(form['evidence[uncategorized_text]']).toContain('from IP address 203.0.113.45');

    // The Team member, back on the queue meanwhile, sees it change live; the order again: submitted, by whom.
    await expect.poll(() => teamRow.locator('td').last().innerText()).toBe('Submitted');
    expect(await teamRow.getAttribute('class')).toBeNull(); // a submitted dispute's due date is no longer coloured
    await teamRow.getByRole('link', { name: String(orderId), exact: true }).click();
    const teamAfter = await disputeSection(team.page);
    await expect.poll(() => teamAfter.getByTestId('dispute-state').innerText()).toMatch(submittedBy);
    expect(await teamAfter.getByRole('button', { name: /Save at provider|Submit to the bank/ }).count()).toBe(0);
  });
});
