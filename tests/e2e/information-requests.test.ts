/**
 * The request for information end to end (product: information-requests.md#loop), in Chromium against the real
 * server and a real SMTP peer: a member asks the customer about an expiring passport and a flight from the order page
 * while New Orders is open in another tab; the customer opens the mail's link in a browser of their own, corrects the
 * answers and sends them; the queue marks the order "Customer replied" without a reload; the member reviews the
 * answers side by side and accepts them, and the order shows them. What each screen shows otherwise is in
 * web/src/features/information-requests/*.test.tsx and web/src/features/public/answer-request-page.test.tsx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../server/db/client';
import { openTravel } from '../../server/db/sealed-travel';
import { TEST_KEY_RING } from '../../server/test/test-keys';
import { insertOrder } from '../../server/test/order-factory';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../../server/test/smtp-peer';
import { MONTH_NAMES } from '../../shared/orders';
import { launchBrowser, newPage, orderRow, screenshot, signInThroughApi, startServer, type E2EServer } from './harness';

/** Where the mail's links point (as behind a proxy): the customer's browser opens the same path on this test's server. */
const PUBLIC_BASE_URL = 'http://localhost:3000';
const DAY = 86_400_000;

let server: E2EServer;
let smtp: SmtpPeer;
let browser: Browser;
let member: { id: number; email: string; name: string };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startServer(
    { SMTP_URL: smtp.url, MAIL_DEFAULT_PROVIDER: 'smtp', MAIL_POLL_MS: '200', PUBLIC_BASE_URL },
    { mailWorker: true },
  );
  member = await server.createMember('Team', 'Rina Requester');
  await server.seedRecentOrders(12);
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.close();
  await smtp?.stop();
});

/** The first mail of `kind` that reached the SMTP peer (its kind read from the mail row its header names). */
async function mailOfKind(kind: string, orderId: number): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        for (const mail of smtp.received) {
          const [row] = (await selectRows(
            server.database.db,
            sql`select kind, order_id::int as order_id from mails where id = ${Number(mail.mailId)}`,
          )) as { kind: string; order_id: number }[];
          if (row?.kind === kind && row.order_id === orderId) found = mail;
        }
        return found !== undefined;
      },
      { timeout: 15_000, message: `a mail of kind ${kind}` },
    )
    .toBe(true);
  return found!;
}

/** Waits for the New Orders queue's rows and its live stream. */
async function queueReady(page: Page) {
  await page.getByRole('heading', { name: 'New Order' }).waitFor();
  await page.locator('table[aria-busy=false] tbody tr td:nth-child(2)').first().waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: /^Live$/ })
    .waitFor({ timeout: 15_000 });
}

/** Whether the element is wholly inside the window as it is scrolled now. */
async function inWindow(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const height = page.viewportSize()!.height;
  return !!box && box.y >= 0 && box.y + box.height <= height;
}

const field = (page: Page, section: string, label: string) =>
  page
    .locator('section.od-section', { has: page.getByRole('heading', { name: section }) })
    .locator('.od-field', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

describe('request for information', () => {
  it('a member asks, the customer corrects the answers from the mailed link, the queue marks the reply live, the member accepts', async () => {
    // A passport that runs out ten days from now, before the arrival thirty days from now.
    const expiry = new Date(Date.now() + 10 * DAY);
    const orderId = await insertOrder(server.database.db, {
      processStatus: 'New',
      processingMode: 'standard',
      surname: 'OKAFOR',
      givenName: 'AMARA',
      email: 'amara.okafor@mail.example',
      dateOfExpiry: expiry.getUTCDate(),
      monthOfExpiry: expiry.getUTCMonth() + 1,
      yearOfExpiry: expiry.getUTCFullYear(),
      flightNumber: 'QF25',
    });
    const newYear = expiry.getUTCFullYear() + 10;
    const expiryShown = (year: number) => `${year} / ${MONTH_NAMES[expiry.getUTCMonth()]} / ${expiry.getUTCDate()}`;

    // The member's New Orders in one tab...
    const staff = await newPage(browser);
    contexts.push(staff.context);
    const queue = staff.page;
    await signInThroughApi(queue, server.baseUrl, member.email, { path: '/admin/recent-order' });
    await queueReady(queue);
    await orderRow(queue, orderId).waitFor();

    // ...and the order in another, opened from the queue there as a member does.
    const order = await staff.context.newPage();
    await order.goto(`${server.baseUrl}/admin/recent-order`);
    await queueReady(order);
    await orderRow(order, orderId).getByRole('link', { name: 'View' }).click();
    const requests = order.getByRole('region', { name: 'Requests for information' });
    await requests.getByText('No request waiting for the customer.').waitFor();
    await order.getByText('before the arrival date', { exact: false }).first().waitFor();

    await requests.getByRole('button', { name: 'Ask the customer' }).click();
    const dialog = order.getByRole('dialog');
    // Title and buttons in the window, the many answers scrolling between them.
    await expect.poll(() => inWindow(order, dialog.getByRole('button', { name: 'Send request' }))).toBe(true);
    expect(await inWindow(order, dialog.getByRole('heading', { name: 'Ask the customer to check answers' }))).toBe(
      true,
    );
    await dialog.getByRole('group', { name: 'Answers with a warning' }).getByLabel('Passport expiry date').check();
    await dialog.getByRole('group', { name: 'Any other answer' }).getByLabel('Flight number').check();
    const note = 'Your passport runs out before you arrive in Japan. Please also check your flight number.';
    await dialog.getByLabel('Note to the customer').fill(note);
    await screenshot(order, 'information-request-ask-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await order.getByText('Request sent. The order is now in Awaiting Response.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await requests.getByText('Waiting for the customer').waitFor();
    await requests.getByText('Passport expiry date, Flight number', { exact: false }).waitFor();
    await order.getByTestId('order-status').filter({ hasText: 'Awaiting Response' }).waitFor();
    // In the other tab the order leaves New Orders, saying where it went.
    await orderRow(queue, orderId).getByText('Moved to Awaiting Response').waitFor();
    await orderRow(queue, orderId).waitFor({ state: 'detached', timeout: 15_000 });

    // The mail reaches the customer's mail server with the link to the answer page.
    const mail = await mailOfKind('information_request', orderId);
    expect(mail.envelopeTo).toEqual(['amara.okafor@mail.example']);
    expect(mail.parsed.subject).toBe(`We need you to check some answers for order ${orderId}`);
    const link = /(\S+\/answer-request#[\w-]+)/.exec(mail.parsed.text ?? '')?.[1];
    expect(link, 'the mail carries the answer page link').toBeDefined();
    const sent = new URL(link!);
    expect(sent.origin).toBe(PUBLIC_BASE_URL);
    const customerLink = `${server.baseUrl}${sent.pathname}${sent.hash}`;

    // The customer, in a browser of their own.
    const customer = await newPage(browser, 1280, 900);
    contexts.push(customer.context);
    const answer = customer.page;
    await answer.goto(customerLink);
    await answer.getByRole('heading', { name: 'Please check your answers' }).waitFor();
    await answer.getByText(note).waitFor();
    expect(answer.url()).not.toContain('#');
    const passport = answer.getByRole('group', { name: 'Passport expiry date' });
    expect(await passport.getByLabel('Day').inputValue()).toBe(String(expiry.getUTCDate()));
    expect(await passport.getByLabel('Month').inputValue()).toBe(String(expiry.getUTCMonth() + 1));
    expect(await passport.getByLabel('Year').inputValue()).toBe(String(expiry.getUTCFullYear()));
    expect(await answer.getByLabel('Flight number').inputValue()).toBe('QF25');
    // Only the answers asked: nothing else of the application is on the page.
    const form = answer.locator('form', { has: answer.getByRole('button', { name: 'Send my answers' }) });
    expect(await form.locator('input, select, textarea').count()).toBe(4);
    await screenshot(answer, 'information-request-customer-page');

    await passport.getByLabel('Year').fill(String(newYear));
    await answer.getByLabel('Flight number').fill('NH110');
    await answer.getByRole('button', { name: 'Send my answers' }).click();
    await answer
      .getByRole('status')
      .filter({
        hasText:
          'Thank you. We have received your answers. Our team will check them and continue with your Japan Arrival Card; we will e-mail you if we need anything else.',
      })
      .waitFor();
    expect(answer.url()).toBe(`${server.baseUrl}/answer-request`);
    await screenshot(answer, 'information-request-customer-thanks');

    // The order went back to New Orders, where the member's tab shows it (no reload) marked "Customer replied".
    const navigations: string[] = [];
    queue.on('framenavigated', (frame) => {
      if (frame === queue.mainFrame()) navigations.push(frame.url());
    });
    await queue.getByText('1 order came back: Customer replied.').waitFor({ timeout: 10_000 });
    await queue.getByRole('button', { name: 'Show it' }).click();
    await orderRow(queue, orderId).getByText('Customer replied').waitFor({ timeout: 10_000 });
    expect(navigations).toEqual([]);
    await screenshot(queue, 'information-request-queue-replied', { fullPage: false });

    // The order page (the tab still open) shows the reply side by side.
    await requests.getByText('Customer replied', { exact: true }).first().waitFor();
    const review = requests.getByRole('region', { name: 'Customer replied' });
    const rows = await review
      .getByRole('row')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent)));
    expect(rows).toEqual([
      ['Answer', 'Before', 'Customer’s answer'],
      ['Passport expiry date', expiryShown(expiry.getUTCFullYear()), `${expiryShown(newYear)} (changed)`],
      ['Flight number', 'QF25', 'NH110 (changed)'],
    ]);
    // The order moved back under the reader's eyes: its status follows at once; as for a colleague's change, a
    // notice (naming the customer) loads the rest when asked.
    await order.getByTestId('order-status').filter({ hasText: /^New$/ }).waitFor();
    const notice = order.getByTestId('order-changed-notice');
    await notice
      .getByText('The customer changed this order while you were reading it (Customer replied).', { exact: false })
      .waitFor();
    await screenshot(order, 'information-request-review', { fullPage: false });
    await notice.getByRole('button', { name: 'Show the change' }).click();
    // Not on the order until accepted.
    expect(await field(order, 'Passport details', 'Date of Expiry').textContent()).toBe(
      expiryShown(expiry.getUTCFullYear()),
    );

    await review.getByRole('button', { name: 'Accept', exact: true }).click();
    await order.getByText('The customer’s answers are now on the order.').waitFor();
    await requests.getByText('No request waiting for the customer.').waitFor();
    await expect
      .poll(() => field(order, 'Passport details', 'Date of Expiry').textContent())
      .toBe(expiryShown(newYear));
    expect(await field(order, 'Register planned entry/return', 'Flight Number').textContent()).toBe('NH110');
    const log = order.getByRole('list', { name: 'Process log' });
    await log.getByText("Customer's answers accepted").waitFor();
    await log.getByText('Order updated: Passport expiry date, Flight number', { exact: false }).waitFor();
    // In the window: the sections below it are painted only as they scroll into sight (content-visibility).
    await order.getByRole('heading', { name: 'Passport details' }).scrollIntoViewIfNeeded();
    await screenshot(order, 'information-request-accepted', { fullPage: false });

    // What the screens cannot show: the order row holds the answers, the request is accepted by this member, and
    // the link's token is nowhere in the database.
    // The answers are sealed in the row (travel_sealed): opened with the server's key, they are the new ones.
    const [stored] = (await selectRows(
      server.database.db,
      sql`select process_status, travel_sealed from orders where order_id = ${orderId}`,
    )) as { process_status: string; travel_sealed: string }[];
    const answers = openTravel(TEST_KEY_RING, stored!.travel_sealed);
    expect({ status: stored!.process_status, flight: answers.flight_number, year: answers.year_of_expiry }).toEqual({
      status: 'New',
      flight: 'NH110',
      year: newYear,
    });
    const [request] = (await selectRows(
      server.database.db,
      sql`select state, reviewed_by_id::int as reviewed_by, answered_at is not null as answered
          from information_requests where order_id = ${orderId}`,
    )) as { state: string; reviewed_by: number; answered: boolean }[];
    expect(request).toEqual({ state: 'accepted', reviewed_by: member.id, answered: true });
    const token = sent.hash.slice(1);
    const links = await selectRows(server.database.db, sql`select * from information_request_links`);
    expect(JSON.stringify(links)).not.toContain(token);

    // The link again: already answered.
    const again = await customer.context.newPage();
    await again.goto(customerLink);
    await again
      .getByRole('alert')
      .filter({ hasText: 'You have already sent your answers for this request. Thank you.' })
      .waitFor();
    expect(await again.getByRole('button', { name: 'Send my answers' }).count()).toBe(0);
  }, 120_000);
});
