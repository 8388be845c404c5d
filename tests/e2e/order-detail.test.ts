/**
 * Order detail page (issue 4): the spec's conditional sections on orders made
 * for each rule, remarks, moves, transaction details, the e-mail preview, and
 * screenshots of a long order on a laptop and a phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { desc, eq } from 'drizzle-orm';
import { orders, processLogs, remarks } from '../../server/db/schema';
import { insertOrder, type OrderValues } from '../../server/test/order-factory';
import { encodeId } from '../../shared/ids';
import { runRetention } from '../../server/features/erasure/retention.service';
import { launchBrowser, newPage, screenshot, SCREENSHOTS, signIn, startServer, type E2EServer } from './harness';

let server: E2EServer;
let browser: Browser;
const sessions: { context: BrowserContext; page: Page }[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const s of sessions) await s.context.close();
  await browser?.close();
  await server?.close();
});

async function session(role: 'Team' | 'Manager' | 'Telecaller', name: string, width = 1366, height = 900) {
  const member = await server.createMember(role, name);
  const s = await newPage(browser, width, height);
  sessions.push(s);
  await signIn(s.page, server.baseUrl, member.email);
  return { ...s, member };
}

const order = (values: Partial<OrderValues> = {}) => insertOrder(server.database.db, values);

async function open(page: Page, orderId: number) {
  await page.goto(`${server.baseUrl}/admin/view-order/${encodeId(orderId)}`);
  await page.getByRole('heading', { name: 'Order Details', exact: true }).first().waitFor();
  await page.getByText(`Order ${orderId}`, { exact: true }).waitFor();
}

const section = (page: Page, title: string) =>
  page.locator('section.od-section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const moveButtons = (page: Page) => page.getByRole('group', { name: 'Move order to' }).getByRole('button');

describe('order detail: the application as the customer answered it', () => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await session('Team', 'Tara Team'));
  });

  it('shows residence and the immigration section when both answers are no, and hides them when either is yes', async () => {
    const visitor = await order({
      purposeOfVisit: 'Others',
      specificPurposeForVisit: 'Ski competition',
      homeAddressCityName: 'Melbourne',
    });
    await open(page, visitor);
    const basic = section(page, 'Basic Information');
    await basic.getByText('Country of Residence').waitFor();
    await basic.getByText('Melbourne').waitFor();
    const immigration = section(page, 'Immigration clearance and Customs declaration');
    await immigration.getByText('Ski competition').waitFor();
    await immigration.getByText('Have you ever been deported from Japan, or denied entry into Japan?').waitFor();
    // Application e-mail, processing mode, passport dates as year / month name / day, phone as +code number.
    const details = section(page, 'Order Details');
    await details.getByText(`${visitor}@arrivalcard-mail.example`).waitFor();
    await details.getByText('Standard').waitFor();
    await section(page, 'Passport details').getByText('1988 / March / 14').waitFor();
    await section(page, 'Address in Japan').getByText('+61 412345678').waitFor();

    const japanese = await order({
      hasJapanesePassport: 'yes',
      homeAddressCountryName: null,
      homeAddressCityName: null,
      purposeOfVisit: null,
    });
    await open(page, japanese);
    await section(page, 'Basic Information').getByText('Architect').waitFor();
    expect(await section(page, 'Basic Information').getByText('Country of Residence').count()).toBe(0);
    expect(await section(page, 'Immigration clearance and Customs declaration').count()).toBe(0);

    const reentry = await order({ hasReentryPermission: 'yes' });
    await open(page, reentry);
    expect(await section(page, 'Immigration clearance and Customs declaration').count()).toBe(0);
    expect(await page.getByText('City of Residence').count()).toBe(0);
  });

  it('shows the eight declarations in full, the quantity when the eighth is yes, and personal effects and other articles under their rules', async () => {
    const eight = await order({
      declarationEight: 'yes',
      quantityOfUnaccompaniedArticles: 3,
      alcoholicBeverages: 2,
      cigarettes: 200,
      perfume: '2.50',
      articleName: 'Camera',
      quantity: 1,
      unit: 'pcs',
      marketValue: '1200.00',
      currency: 'USD',
    });
    await open(page, eight);
    const declarations = section(page, 'Declaration of accompanied and unaccompanied articles');
    expect(await declarations.locator('.od-question').count()).toBe(8);
    await declarations
      .getByText(
        'Are you carrying cash or other means of payment worth more than 1,000,000 yen, or precious metals weighing more than 1 kg?',
        { exact: false },
      )
      .waitFor();
    await declarations.getByText('Quantity of unaccompanied articles: 3').waitFor();
    await section(page, 'Personal Effects').getByText('Perfume (oz)').waitFor();
    await section(page, 'Personal effects other article names').getByText('Camera').waitFor();

    // Eighth no: no quantity; alcohol empty: no personal effects; no declaration 4/5/6/8: no other articles.
    const plain = await order({ declarationTwo: 'yes', alcoholicBeverages: null, articleName: 'Camera' });
    await open(page, plain);
    expect(await page.getByText('Quantity of unaccompanied articles').count()).toBe(0);
    expect(await section(page, 'Personal Effects').count()).toBe(0);
    expect(await section(page, 'Personal effects other article names').count()).toBe(0);
  });

  it('warns about answers that look wrong, and answers an unknown id with a clear page', async () => {
    const wrong = await order({
      dateOfArrivalInJapan: 10,
      monthOfArrivalInJapan: 3,
      yearOfArrivalInJapan: 2024,
      dateOfExpiry: 1,
      monthOfExpiry: 3,
      yearOfExpiry: 2024,
      homeAddressCountryName: null,
      postalCodeJapan: '16000',
    });
    await open(page, wrong);
    const warnings = page.getByRole('region', { name: 'Check these answers' });
    await warnings
      .getByText('The passport expires on 1 March 2024, before the arrival date (10 March 2024).')
      .waitFor();
    await warnings.getByText('The arrival date (10 March 2024) is in the past.').waitFor();
    await warnings.getByText('The country of residence is missing', { exact: false }).waitFor();
    await warnings.getByText('The postal code in Japan "16000" is not 7 digits.').waitFor();

    await page.goto(`${server.baseUrl}/admin/view-order/${encodeId(987654321)}`);
    await page.getByRole('heading', { name: 'Order not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to Order History' }).waitFor();
  });
});

describe('order detail: remarks, moves, transaction details, e-mail preview', () => {
  it('adds a remark that shows in Comment History with its flags', async () => {
    const { page, member } = await session('Team', 'Rob Remarker');
    const id = await order();
    await open(page, id);
    await page.getByRole('button', { name: 'Submit Remark' }).click();
    await page.getByText('Please enter your remark').waitFor();
    await page.getByLabel('Remark').fill('Called the customer: hotel confirmed.');
    await page.getByLabel('Whatsapp').check();
    await page.getByLabel('Chargeback').check();
    await page.getByRole('button', { name: 'Submit Remark' }).click();
    await page.getByText('Remark added successfully.').waitFor();
    expect(await page.getByLabel('Remark').inputValue()).toBe('');

    const history = section(page, 'Comment History');
    const row = history.locator('tbody tr').first();
    await row.getByText('Rob Remarker').waitFor();
    await expect
      .poll(() => row.locator('td').nth(2).textContent())
      .toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}( EDT)?$/); // under "Date & Time (EST)" (decision 0027)
    expect(await history.getByText('Called the customer: hotel confirmed.').count()).toBe(0);
    await row.getByRole('button', { name: 'Show' }).click();
    await history.getByText('Called the customer: hotel confirmed.').waitFor();
    const flags = await history.locator('.od-flags').textContent();
    expect(flags).toBe('Whatsapp: YTelephone: NRefund: NVoided: NChargeback: YReportError: N');
    await row.getByRole('button', { name: 'Hide' }).click();
    await expect.poll(() => history.getByText('Called the customer: hotel confirmed.').count()).toBe(0);
    await section(page, 'Process Log').getByText('Remark added').waitFor();

    const [saved] = await server.database.db.select().from(remarks).where(eq(remarks.orderId, id));
    expect(saved).toMatchObject({
      remark: 'Called the customer: hotel confirmed.',
      remarkName: 'Rob Remarker',
      staffId: member.id,
      whatsapp: 'Y',
      chargeback: 'Y',
      telephone: null,
    });
  });

  it('shows eight move buttons without the current status; a move shows in the status and the timeline', async () => {
    const { page, member } = await session('Team', 'Mo Mover');
    const id = await order({ processStatus: 'Pending' });
    await open(page, id);
    const labels = await moveButtons(page).allTextContents();
    expect(labels).toEqual([
      'New',
      'Awaiting Response',
      'Awaiting Govt',
      'Contact Customer',
      'Customer Called',
      'Completed',
      'Refunds',
      'ChargeBack',
    ]);
    // A Team member has no Delete.
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    await moveButtons(page).filter({ hasText: 'Awaiting Govt' }).click();
    await page.getByText('successfully', { exact: false }).first().waitFor();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Awaiting Govt');
    await expect
      .poll(() => moveButtons(page).allTextContents())
      .toEqual([
        'New',
        'Pending',
        'Awaiting Response',
        'Contact Customer',
        'Customer Called',
        'Completed',
        'Refunds',
        'ChargeBack',
      ]);
    const step = section(page, 'Process Log').locator('li').last();
    await step.getByText('Status changed to AwaitingGovt').waitFor();
    await step.getByText('Mo Mover', { exact: false }).waitFor();

    const [row] = await server.database.db
      .select({ status: orders.processStatus })
      .from(orders)
      .where(eq(orders.orderId, id));
    expect(row!.status).toBe('AwaitingGovt');
    const [log] = await server.database.db
      .select()
      .from(processLogs)
      .where(eq(processLogs.orderId, id))
      .orderBy(desc(processLogs.id));
    expect(log).toMatchObject({ stepName: 'Status changed to AwaitingGovt', staffId: member.id });
  });

  it('lets a Manager delete after confirming; a Telecaller sees no Delete', async () => {
    const id = await order({ processStatus: 'Contact Customer' });
    const telecaller = await session('Telecaller', 'Tele Caller');
    await open(telecaller.page, id);
    expect(await moveButtons(telecaller.page).count()).toBe(8);
    expect(await telecaller.page.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    const { page, member: manager } = await session('Manager', 'Mara Manager');
    // In the Manager's own My Orders only an Admin may delete (product: roles.md#delete-rules): no Delete offered.
    const own = await order({ processStatus: 'Pending', assignedToId: manager.id });
    await open(page, own);
    expect(await moveButtons(page).count()).toBe(8);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    await open(page, id);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure you want to delete?').waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Order has been deleted successfully').waitFor();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Deleted');
    // A deleted order can be restored to any of the nine statuses.
    expect(await moveButtons(page).count()).toBe(9);
    const [row] = await server.database.db
      .select({ status: orders.processStatus })
      .from(orders)
      .where(eq(orders.orderId, id));
    expect(row!.status).toBe('Deleted');
  });

  it('saves transaction details from the modal with the spec messages', async () => {
    const { page } = await session('Team', 'Tex Transaction');
    const id = await order({ transactionId: null, merchantName: null });
    await open(page, id);
    await page.getByRole('button', { name: 'Enter Transaction Details' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please enter your Transaction Id').waitFor();
    await dialog.getByText('Please enter your Merchant Name').waitFor();
    await dialog.getByLabel('Transaction Id').fill('pi_3Nx77ABC');
    await dialog.getByLabel('Merchant Name').fill('Travel Docs Online LLC');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Transaction details saved successfully.').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await section(page, 'Order Details').getByText('pi_3Nx77ABC').waitFor();
    // Opened again, the form holds what the order now says (its form is made afresh at each opening).
    await page.getByRole('button', { name: 'Enter Transaction Details' }).click();
    await expect.poll(() => dialog.getByLabel('Transaction Id').inputValue()).toBe('pi_3Nx77ABC');
    expect(await dialog.getByLabel('Merchant Name').inputValue()).toBe('Travel Docs Online LLC');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => dialog.count()).toBe(0);
    const [row] = await server.database.db
      .select({ t: orders.transactionId, m: orders.merchantName })
      .from(orders)
      .where(eq(orders.orderId, id));
    expect(row).toEqual({ t: 'pi_3Nx77ABC', m: 'Travel Docs Online LLC' });
  });

  it('previews the approved-order e-mail with the track link and a WhatsApp button', async () => {
    const { page } = await session('Team', 'Wes WhatsApp');
    const id = await order({
      givenName: 'EMILY',
      surname: 'TANAKA-SMITH',
      personalPhoneCode: '61',
      personalTelephoneNumber: '412345678',
    });
    await open(page, id);
    await page.getByRole('button', { name: 'View Email Content' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Your Japan Arrival Card is ready (order ${id})`).waitFor();
    const mail = page.frameLocator('iframe[title="Email preview"]');
    await mail.getByText('Dear EMILY TANAKA-SMITH,').waitFor();
    const trackLink = mail.getByRole('link', { name: 'Download your Japan Arrival Card' });
    expect(await trackLink.getAttribute('href')).toMatch(new RegExp(`/track-order/${encodeId(id)}$`));
    const whatsApp = dialog.getByRole('link', { name: 'Send WhatsApp Message' });
    const href = new URL((await whatsApp.getAttribute('href'))!);
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/61412345678');
    expect(href.searchParams.get('text')).toContain(`order ${id}`);
    // A modal is fixed to the window: photograph the window, not the full page.
    await mail.getByText('Keep the document on your phone', { exact: false }).waitFor();
    await page.locator('.modal.show').waitFor();
    await page.waitForTimeout(400); // the 300 ms fade-in
    await page.screenshot({ path: `${SCREENSHOTS}/order-detail-email-1366.png` });
    await dialog.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });
});

describe('order detail: a long order on a laptop and a phone', () => {
  it('lays out every section without overlap', async () => {
    const long = await order({
      processingMode: 'priority',
      givenName: 'MAXIMILIANA ALEXANDRA',
      surname: 'VON HOHENZOLLERN-SIGMARINGEN',
      email: 'maximiliana.alexandra.von.hohenzollern@a-very-long-mail-domain.example',
      prefecture: 'OTHER',
      otherPrefecture: 'NAGANO',
      city: 'OTHER',
      otherCity: 'HAKUBA-MURA KITAAZUMI-GUN',
      address: '4-12-7 Hokujo Wadano Forest Lodge Building East Wing Room 1203',
      hotelName: 'Hakuba Mountain Grand Resort & Spa Residence',
      purposeOfVisit: 'Others',
      specificPurposeForVisit: 'International ski mountaineering competition',
      declarationTwo: 'yes',
      declarationFour: 'yes',
      declarationEight: 'yes',
      quantityOfUnaccompaniedArticles: 2,
      alcoholicBeverages: 3,
      cigarettes: 400,
      heatNotBurn: 20,
      cigars: 10,
      others: 500,
      perfume: '4.00',
      articleName: 'Professional camera with telephoto lens',
      quantity: 1,
      unit: 'pcs',
      marketValue: '4800.00',
      currency: 'EUR',
      postalCodeJapan: '399-930',
      transactionId: 'pi_3Qm0verylongtransactionidentifier0001',
      merchantName: 'Arrival Services Ltd',
    });
    const db = server.database.db;
    const staff = await server.createMember('Team', 'Hana Long-Name Processor');
    await db.insert(remarks).values(
      Array.from({ length: 4 }, (_, i) => ({
        orderId: long,
        remarkName: staff.name,
        staffId: staff.id,
        remark: `Remark ${i + 1}: spoke with the customer about the ski equipment sent separately.`,
        whatsapp: i % 2 ? 'Y' : null,
      })),
    );
    await db.insert(processLogs).values([
      { orderId: long, stepName: 'Order received', staffName: null },
      { orderId: long, stepName: 'Assigned', staffId: staff.id, staffName: staff.name },
      {
        orderId: long,
        stepName: 'Status changed to Pending',
        staffId: staff.id,
        staffName: staff.name,
        detail: 'New -> Pending',
      },
    ]);

    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ] as const) {
      const { page } = await session('Team', `Shot ${width}`, width, height);
      await open(page, long);
      await section(page, 'Comment History').locator('tbody tr').first().getByRole('button', { name: 'Show' }).click();
      await screenshot(page, `order-detail-long-${width}`);
      // Nothing wider than the window: no sideways scrolling of the page.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `page overflows at ${width}px`).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: 'View Email Content' }).click();
      await page
        .frameLocator('iframe[title="Email preview"]')
        .getByText('Download your arrival card from your order page:')
        .waitFor();
      await page.waitForTimeout(400); // the 300 ms fade-in
      await page.screenshot({ path: `${SCREENSHOTS}/order-detail-email-${width}.png` });
    }
  });
});

describe('order detail: personal data erased by the retention policy (issue 22)', () => {
  it('says what was erased, when and by which rule, above the blank answers', async () => {
    const arrival = new Date(Date.now() - 45 * 86_400_000);
    const erased = await order({
      dateOfArrivalInJapan: arrival.getUTCDate(),
      monthOfArrivalInJapan: arrival.getUTCMonth() + 1,
      yearOfArrivalInJapan: arrival.getUTCFullYear(),
      processStatus: 'Completed',
      surname: 'RETAINED',
      givenName: 'KEPT',
    });
    const run = await runRetention(
      { db: server.database.db, storage: { delete: async () => undefined }, log: { warn: () => undefined } },
      { travelDays: 30, evidenceDays: 540 },
    );
    expect(run.travel).toBeGreaterThanOrEqual(1);
    const { page } = await session('Telecaller', 'Tomo Telecaller');
    await open(page, erased);
    const notice = page.getByRole('region', { name: 'Erased personal data' });
    await notice.getByText('Personal data erased').waitFor();
    const text = await notice.innerText();
    expect(text).toContain('Retention policy (Retention policy: 30 days after the arrival date)');
    expect(text).toContain('Passport, travel and customs answers');
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} E[SD]T/);
    await page.getByText('KEPT RETAINED').waitFor(); // who the customer is stays until the evidence period ends
    expect(await page.getByRole('region', { name: 'Check these answers' }).count()).toBe(0);
    await screenshot(page, 'order-detail-erased');
  });
});
