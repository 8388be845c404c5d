/**
 * The order page (/admin/view-order/{encoded id}) as a member sees and uses it: the customer's answers under the
 * spec's rules, the warnings, the sticky bar's moves and Delete, remarks, transaction details, the approved mail's
 * preview, collapsing and the section index, the erasure notice, labelled times and the keys.
 */
import { cleanup, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  approvedMailPreviewSchema,
  orderDetailSchema,
  remarkEntrySchema,
  transactionDetailsResultSchema,
  type OrderDetail,
} from '../../../../shared/schemas/order-detail';
import { moveResultSchema } from '../../../../shared/schemas/order-actions';
import { encodeId } from '../../../../shared/ids';
import { ok, okChecked, refused } from '../../../test/answers';
import { orderDetail, orderPagePath, processLog, remarkEntry } from '../../../test/fixtures/order-detail';
import { orderRow } from '../../../test/fixtures/orders';
import { okSaying, serveOrderPage } from '../../../test/order-page';
import { renderStaffApp, screen, type Member } from '../../../test/render-app';
import type { Role } from '../../../../shared/roles';
import { server } from '../../../test/server';

/** Opens the order's page as `as` and waits until its last section is there. */
async function openOrder(order: OrderDetail, as: Member | Role = 'Team') {
  const state = serveOrderPage(order);
  const app = await renderStaffApp(orderPagePath(order.order_id), { as, user: { delay: null } });
  await screen.findByRole('region', { name: 'Comment History' });
  return { ...app, state };
}

const region = (name: string) => screen.getByRole('region', { name });
const moveButtons = () =>
  within(screen.getByRole('group', { name: 'Move order to' }))
    .getAllByRole('button')
    .map((b) => b.textContent);
const statusBadge = () => within(region('Order status and moves')).getByTestId('order-status');

describe('opening the page', () => {
  it('shows its heading at once and the order when its answer comes', async () => {
    const order = orderDetail({ occupation: 'Cartographer' });
    serveOrderPage(order);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/admin/get-orders-details/:orderId', async () => {
        await answered;
        return okChecked(orderDetailSchema, order);
      }),
    );
    await renderStaffApp(orderPagePath(order.order_id), { as: 'Team' });
    expect(await screen.findByRole('heading', { name: 'Order Details' })).toBeInTheDocument();
    expect(screen.getByText('Loading order…')).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('region', { name: 'Basic Information' })).toHaveTextContent('Cartographer');
    expect(screen.queryByText('Loading order…')).not.toBeInTheDocument();
  });
});

describe("the customer's answers", () => {
  it('shows a foreign visitor their residence and the immigration section, with the specific purpose', async () => {
    await openOrder(
      orderDetail({
        purpose_of_visit: 'Others',
        specific_purpose_for_visit: 'Ski competition',
        home_address_city_name: 'Melbourne',
      }),
    );
    const basic = within(region('Basic Information'));
    expect(basic.getByText('Country of Residence')).toBeInTheDocument();
    expect(basic.getByText('Melbourne')).toBeInTheDocument();
    const immigration = within(region('Immigration clearance and Customs declaration'));
    expect(immigration.getByText('Ski competition')).toBeInTheDocument();
    expect(
      immigration.getByText('Have you ever been deported from Japan, or denied entry into Japan?'),
    ).toBeInTheDocument();
    // The details as staff read them: the application address, the mode's name, dates as year / month / day, +code number.
    const details = within(region('Order Details'));
    expect(details.getByText('200001@arrivalcard-mail.example')).toBeInTheDocument();
    expect(details.getByText('Standard')).toBeInTheDocument();
    expect(within(region('Passport details')).getByText('1988 / March / 14')).toBeInTheDocument();
    expect(within(region('Address in Japan')).getByText('+61 412345678')).toBeInTheDocument();
  });

  it('hides residence and the immigration section from a Japanese passport holder', async () => {
    await openOrder(
      orderDetail({
        has_japanese_passport: 'yes',
        home_address_country_name: null,
        home_address_city_name: null,
        purpose_of_visit: null,
      }),
    );
    expect(within(region('Basic Information')).getByText('Architect')).toBeInTheDocument();
    expect(screen.queryByText('Country of Residence')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Immigration clearance and Customs declaration' }),
    ).not.toBeInTheDocument();
  });

  it('hides them from a holder of a re-entry permission', async () => {
    await openOrder(orderDetail({ has_reentry_permission: 'yes' }));
    expect(screen.queryByText('City of Residence')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Immigration clearance and Customs declaration' }),
    ).not.toBeInTheDocument();
  });

  it('shows the eight declarations in full with their answers, and the quantity when the eighth is yes', async () => {
    await openOrder(
      orderDetail({
        declaration_seven: 'yes',
        declaration_eight: 'yes',
        quantity_of_unaccompanied_articles: 3,
        alcoholic_beverages: 2,
        cigarettes: 200,
        perfume: '2.50',
        article_name: 'Camera',
        quantity: 1,
        unit: 'pcs',
        market_value: '1200.00',
        currency: 'USD',
      }),
    );
    const declarations = region('Declaration of accompanied and unaccompanied articles');
    const questions = within(declarations).getAllByRole('listitem');
    expect(questions).toHaveLength(8);
    expect(questions[6]).toHaveTextContent(
      '7. Are you carrying cash or other means of payment worth more than 1,000,000 yen, or precious metals weighing more than 1 kg?Yes',
    );
    expect(questions[0]).toHaveTextContent(/No$/);
    expect(questions[7]).toHaveTextContent('Quantity of unaccompanied articles: 3');
    const effects = within(region('Personal Effects'));
    expect(effects.getByText('Perfume (oz)')).toBeInTheDocument();
    expect(effects.getByText('2.50')).toBeInTheDocument();
    expect(within(region('Personal effects other article names')).getByText('Camera')).toBeInTheDocument();
  });

  it('leaves out the quantity, the personal effects and the other articles when their answers do not call for them', async () => {
    // Eighth no: no quantity; no alcohol answer: no personal effects; no declaration 4, 5, 6 or 8: no other articles.
    await openOrder(orderDetail({ declaration_two: 'yes', alcoholic_beverages: null, article_name: 'Camera' }));
    expect(screen.queryByText(/Quantity of unaccompanied articles/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Personal Effects' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Personal effects other article names' })).not.toBeInTheDocument();
  });

  it('lists the answer warnings the server found above the page', async () => {
    await openOrder(
      orderDetail({
        warnings: [
          {
            code: 'passport-expires-before-arrival',
            message: 'The passport expires on 1 March 2024, before the arrival date (10 March 2024).',
          },
          { code: 'postal-code', message: 'The postal code in Japan "16000" is not 7 digits.' },
        ],
      }),
    );
    const warnings = within(region('Check these answers'));
    expect(warnings.getByText('Check these answers before submitting')).toBeInTheDocument();
    expect(
      warnings.getByText('The passport expires on 1 March 2024, before the arrival date (10 March 2024).'),
    ).toBeInTheDocument();
    expect(warnings.getByText('The postal code in Japan "16000" is not 7 digits.')).toBeInTheDocument();
  });

  it('shows no warnings box for answers that look right', async () => {
    await openOrder(orderDetail());
    expect(screen.queryByRole('region', { name: 'Check these answers' })).not.toBeInTheDocument();
  });

  it('answers an unknown order with a clear page that leads to the Order History', async () => {
    serveOrderPage(orderDetail());
    await renderStaffApp(orderPagePath(987_654_321));
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Order History' })).toHaveAttribute('href', '/admin/order-history');
  });

  it('answers an address that is no order id at all with the same page, asking the server nothing', async () => {
    await renderStaffApp('/admin/view-order/not*an*id');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
  });

  it('says above the blank answers what was erased, when and by which rule', async () => {
    await openOrder(
      orderDetail({
        travel_erased_at: '2026-01-10T03:00:00.000Z',
        passport_number: '',
        date_of_dob: 0,
        month_of_dob: 0,
        year_of_dob: 0,
        erasures: [
          {
            step: 'Passport and travel details erased',
            erased_at: '2026-01-10T03:00:00.000Z',
            by: 'Retention policy',
            rule: 'Retention policy: 30 days after the arrival date',
            what: 'Passport, travel and customs answers',
          },
        ],
      }),
      'Telecaller',
    );
    const notice = region('Erased personal data');
    expect(within(notice).getByText('Personal data erased')).toBeInTheDocument();
    expect(notice).toHaveTextContent(
      '2026-01-09 22:00:00 EST, Retention policy (Retention policy: 30 days after the arrival date): Passport, travel and customs answers.',
    );
    // The erased date of birth is a dash, not "0 / 0 / 0"; who the customer is stays.
    expect(within(region('Passport details')).getByText('-', { selector: 'dd' })).toBeInTheDocument();
    expect(within(region('Order status and moves')).getByText('EMILY TANAKA-SMITH')).toBeInTheDocument();
  });

  it("labels staff times with the zone: the column's zone in its heading, a summer time with its own", async () => {
    await openOrder(
      orderDetail({
        created_at: '2026-07-15T17:05:09.000Z',
        remark: [remarkEntry({ created_at: '2026-11-21T15:04:05.000Z' })],
        processLogs: [processLog({ step_name: 'Order received', update_time: '2026-11-20T14:30:09.000Z' })],
      }),
    );
    const orderDate = within(region('Order Details')).getByText('Order Date (EST)').nextElementSibling!;
    expect(orderDate).toHaveTextContent('2026-07-15 13:05:09 EDT');
    const comments = region('Comment History');
    expect(within(comments).getByRole('columnheader', { name: 'Date & Time (EST)' })).toBeInTheDocument();
    expect(within(comments).getByText('2026-11-21')).toBeInTheDocument();
    expect(within(comments).getByRole('cell', { name: '2026-11-21 10:04:05' })).toBeInTheDocument();
    // The process log has no heading to name the zone: every time says it.
    expect(within(region('Process Log')).getByRole('list', { name: 'Process log' })).toHaveTextContent(
      'N/A · 2026-11-20 09:30:09 EST',
    );
  });
});

describe('remarks', () => {
  it('refuses an empty remark with the spec message, and sends nothing', async () => {
    let sent = 0;
    server.use(http.post('/api/admin/add-new-remark', () => (sent++, ok(null))));
    const { user } = await openOrder(orderDetail());
    await user.click(screen.getByRole('button', { name: 'Submit Remark' }));
    expect(await screen.findByText('Please enter your remark')).toBeInTheDocument();
    expect(screen.getByLabelText('Remark')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(0);
  });

  it('sends a remark with its ticked flags, says so, empties the box and shows it in Comment History', async () => {
    const bodies: unknown[] = [];
    const order = orderDetail();
    const { user, state } = await openOrder(order);
    server.use(
      http.post('/api/admin/add-new-remark', async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        bodies.push(body);
        const saved = remarkEntry({
          remark: body.remark,
          remark_name: 'Tia Team',
          whatsapp: 'Y',
          chargeback: 'Y',
        });
        state.order = { ...state.order, remark: [saved, ...state.order.remark] };
        return okSaying('Remark added successfully.', remarkEntrySchema, saved);
      }),
    );
    await user.type(screen.getByLabelText('Remark'), 'Called the customer: hotel confirmed.');
    await user.click(screen.getByLabelText('Whatsapp'));
    await user.click(screen.getByLabelText('Chargeback'));
    await user.click(screen.getByRole('button', { name: 'Submit Remark' }));

    expect(await screen.findByText('Remark added successfully.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        orderId: order.order_id,
        remark: 'Called the customer: hotel confirmed.',
        whatsapp: 'Y',
        telephone: '',
        statusRefund: '',
        voided: '',
        chargeBack: 'Y',
      },
    ]);
    expect(screen.getByLabelText('Remark')).toHaveValue('');
    expect(screen.getByLabelText('Whatsapp')).not.toBeChecked();

    const history = region('Comment History');
    const row = (await within(history).findByRole('cell', { name: 'Tia Team' })).closest('tr')!;
    expect(within(history).queryByText('Called the customer: hotel confirmed.')).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Show' }));
    expect(within(history).getByText('Called the customer: hotel confirmed.')).toBeInTheDocument();
    expect(within(history).getByText('Called the customer: hotel confirmed.').nextElementSibling).toHaveTextContent(
      'Whatsapp: YTelephone: NRefund: NVoided: NChargeback: YReportError: N',
    );
    await user.click(within(row).getByRole('button', { name: 'Hide' }));
    expect(within(history).queryByText('Called the customer: hotel confirmed.')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a remark and keeps the text", async () => {
    server.use(
      http.post('/api/admin/add-new-remark', () =>
        refused(400, 'Remark must be at most 5000 characters.', { remark: 'Remark must be at most 5000 characters.' }),
      ),
    );
    const { user } = await openOrder(orderDetail());
    await user.type(screen.getByLabelText('Remark'), 'Too long, says the server.');
    await user.click(screen.getByRole('button', { name: 'Submit Remark' }));
    expect(await screen.findAllByText('Remark must be at most 5000 characters.')).toHaveLength(2); // field and toast
    expect(screen.getByLabelText('Remark')).toHaveValue('Too long, says the server.');
  });
});

describe('moves and Delete', () => {
  /** Answers a move as the server does, and changes the served order the way the move would. */
  function serveMoves(state: { order: OrderDetail }) {
    const bodies: unknown[] = [];
    server.use(
      http.put('/api/admin/move-order-status', async ({ request }) => {
        const body = (await request.json()) as { updatingStatus: string };
        bodies.push(body);
        state.order = {
          ...state.order,
          process_status: body.updatingStatus,
          processLogs: [
            ...state.order.processLogs,
            processLog({ step_name: `Status changed to ${body.updatingStatus}`, staff_name: 'Tia Team' }),
          ],
        };
        return okSaying('Order has been moved successfully', moveResultSchema, {
          moved: [state.order.order_id],
          unchanged: [],
        });
      }),
      http.put('/api/admin/change-order-status', async ({ request }) => {
        bodies.push(await request.json());
        state.order = { ...state.order, process_status: 'Deleted' };
        return okSaying('Order has been deleted successfully', moveResultSchema, {
          moved: [state.order.order_id],
          unchanged: [],
        });
      }),
    );
    return bodies;
  }

  it('offers eight moves, never the current status; a move is sent and the page shows the new status and step', async () => {
    const order = orderDetail({ process_status: 'Pending' });
    const { user, state } = await openOrder(order);
    const bodies = serveMoves(state);
    expect(moveButtons()).toEqual([
      'New',
      'Awaiting Response',
      'Awaiting Govt',
      'Contact Customer',
      'Customer Called',
      'Completed',
      'Refunds',
      'ChargeBack',
    ]);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument(); // a Team member

    await user.click(screen.getByRole('button', { name: 'Awaiting Govt' }));
    expect(await screen.findByText('Order has been moved successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ orderId: [order.order_id], updatingStatus: 'AwaitingGovt' }]);
    await expect.poll(() => statusBadge().textContent).toBe('Awaiting Govt');
    expect(moveButtons()).toEqual([
      'New',
      'Pending',
      'Awaiting Response',
      'Contact Customer',
      'Customer Called',
      'Completed',
      'Refunds',
      'ChargeBack',
    ]);
    const log = within(region('Process Log')).getAllByRole('listitem');
    expect(log.at(-1)).toHaveTextContent('Status changed to AwaitingGovt');
    expect(log.at(-1)).toHaveTextContent('Tia Team');
  });

  it("shows the server's refusal of a move and keeps the status", async () => {
    server.use(http.put('/api/admin/move-order-status', () => refused(409, 'The order was moved by someone else.')));
    const { user } = await openOrder(orderDetail({ process_status: 'New' }));
    await user.click(screen.getByRole('button', { name: 'Completed' }));
    expect(await screen.findByText('The order was moved by someone else.')).toBeInTheDocument();
    expect(statusBadge()).toHaveTextContent('New');
  });

  it('moves by number key only after the member confirms', async () => {
    const order = orderDetail({ process_status: 'New' });
    const { user, state } = await openOrder(order);
    const bodies = serveMoves(state);
    await user.keyboard('3'); // the third button: Awaiting Govt
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(`Move order ${order.order_id} to Awaiting Govt?`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(bodies).toEqual([]);

    await user.keyboard('3');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await expect.poll(() => statusBadge().textContent).toBe('Awaiting Govt');
    expect(bodies).toEqual([{ orderId: [order.order_id], updatingStatus: 'AwaitingGovt' }]);
  });

  it('lets a Manager delete after confirming; the deleted order can be restored to any of nine statuses', async () => {
    const order = orderDetail({ process_status: 'Contact Customer' });
    const { user, state } = await openOrder(order, 'Manager');
    const bodies = serveMoves(state);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Order has been deleted successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ orderId: [order.order_id], updatingStatus: 'Deleted', permanentDeletedFlag: false }]);
    await expect.poll(() => statusBadge().textContent).toBe('Deleted');
    expect(moveButtons()).toHaveLength(9);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('offers no Delete to a Manager on an open order of their own My Orders', async () => {
    await openOrder(orderDetail({ process_status: 'Pending', assigned_to_id: 2, assign_to: 'Max Manager' }), 'Manager');
    expect(moveButtons()).toHaveLength(8);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(region('Order status and moves')).getByText('Max Manager')).toBeInTheDocument();
  });

  it('offers a Telecaller the eight moves and no Delete', async () => {
    await openOrder(orderDetail({ process_status: 'Contact Customer' }), 'Telecaller');
    expect(moveButtons()).toHaveLength(8);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('tells a Team member a deleted order is for an Admin or a Manager to restore', async () => {
    await openOrder(orderDetail({ process_status: 'Deleted' }));
    expect(screen.getByText('This order is deleted. An Admin or a Manager can restore it.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Move order to' })).not.toBeInTheDocument();
  });
});

describe('transaction details and the approved mail', () => {
  it('saves transaction details from the modal, with the spec messages for empty fields', async () => {
    const order = orderDetail();
    const { user, state } = await openOrder(order);
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/admin/update-transaction-details', async ({ request }) => {
        const body = (await request.json()) as { transactionId: string; merchantName: string };
        bodies.push(body);
        state.order = { ...state.order, transaction_id: body.transactionId, merchant_name: body.merchantName };
        return okSaying('Transaction details saved successfully.', transactionDetailsResultSchema, {
          transaction_id: body.transactionId,
          merchant_name: body.merchantName,
        });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Enter Transaction Details' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter your Transaction Id')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter your Merchant Name')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(within(dialog).getByLabelText('Transaction Id'), 'pi_3Nx77ABC');
    await user.type(within(dialog).getByLabelText('Merchant Name'), 'Travel Docs Online LLC');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Transaction details saved successfully.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { orderId: order.order_id, transactionId: 'pi_3Nx77ABC', merchantName: 'Travel Docs Online LLC' },
    ]);
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(await within(region('Order Details')).findByText('pi_3Nx77ABC')).toBeInTheDocument();

    // Opened again, the form holds what the order now says.
    await user.click(screen.getByRole('button', { name: 'Enter Transaction Details' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Transaction Id')).toHaveValue('pi_3Nx77ABC');
    expect(within(dialog).getByLabelText('Merchant Name')).toHaveValue('Travel Docs Online LLC');
  });

  it('previews the approved mail with its track link, and opens WhatsApp with the customer and the order', async () => {
    const order = orderDetail();
    server.use(
      http.get(`/api/admin/approved-mail-preview/${order.order_id}`, () =>
        okChecked(approvedMailPreviewSchema, {
          to: order.email,
          from_name: 'Visit Japan Card',
          reply_to: 'help@visit-japan-card.example',
          subject: `Your Japan Arrival Card is ready (order ${order.order_id})`,
          html: `<html><head></head><body><p>Dear EMILY TANAKA-SMITH,</p><a href="${order.track_url}">Download your Japan Arrival Card</a></body></html>`,
          track_url: order.track_url,
          has_document: false,
          locale: 'en',
        }),
      ),
    );
    const { user } = await openOrder(order);
    await user.click(screen.getByRole('button', { name: 'View Email Content' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(`Your Japan Arrival Card is ready (order ${order.order_id})`),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/No document is uploaded yet/)).toBeInTheDocument();
    const mail = within(dialog).getByTitle('Email preview');
    expect(mail.getAttribute('srcdoc')).toContain(`<a href="${order.track_url}">Download your Japan Arrival Card</a>`);
    expect(order.track_url).toMatch(new RegExp(`/track-order/${encodeId(order.order_id)}$`));

    const whatsApp = new URL(within(dialog).getByRole('link', { name: 'Send WhatsApp Message' }).getAttribute('href')!);
    expect(`${whatsApp.origin}${whatsApp.pathname}`).toBe('https://wa.me/61412345678');
    expect(whatsApp.searchParams.get('text')).toContain(`order ${order.order_id}`);
    expect(whatsApp.searchParams.get('text')).toContain(order.track_url);

    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the section index, collapsing and keys', () => {
  it('lists every section in the index and jumps to one, opening it if it was collapsed', async () => {
    const { user } = await openOrder(orderDetail());
    const index = screen.getByRole('navigation', { name: 'Sections of this order' });
    expect(
      within(index)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Remarkr', 'Emailsm', 'Documentf', 'Ordero', 'Answersa', 'Downloadsd', 'Process Logl', 'Commentsc']);
    await user.click(screen.getByRole('button', { name: 'Process Log' }));
    expect(screen.getByRole('button', { name: 'Process Log' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(within(index).getByRole('link', { name: /Process Log/ }));
    await expect.poll(() => document.activeElement).toBe(region('Process Log'));
    expect(screen.getByRole('button', { name: 'Process Log' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(region('Process Log')).getByText('Order received')).toBeVisible();
  });

  it('remembers a collapsed section for the member on every order, not for another member', async () => {
    const { user } = await openOrder(orderDetail({ order_id: 200_001 }));
    const toggle = screen.getByRole('button', { name: 'Passport details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('TK1234567')).not.toBeVisible();
    expect(screen.getByText('Architect')).toBeVisible();

    // Another order, the page opened afresh: still collapsed.
    cleanup();
    await openOrder(orderDetail({ order_id: 200_002 }));
    expect(screen.getByRole('button', { name: 'Passport details' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('TK1234567')).not.toBeVisible();

    cleanup();
    await openOrder(orderDetail({ order_id: 200_002 }), 'Manager');
    expect(screen.getByRole('button', { name: 'Passport details' })).toHaveAttribute('aria-expanded', 'true');
  });

  it("jumps to the customer's answers with a, and lists the keys with ?", async () => {
    const { user } = await openOrder(orderDetail());
    await user.keyboard('a');
    await expect.poll(() => document.activeElement).toBe(region('Entry/Return Procedure Category'));
    await user.keyboard('{Shift>}?{/Shift}');
    const help = await screen.findByRole('dialog', { name: 'Order keyboard shortcuts' });
    expect(help).toHaveTextContent("Go to the customer's answers");
    expect(help).toHaveTextContent('Back to the queue');
  });

  it('types a into the remark box without jumping anywhere', async () => {
    const { user } = await openOrder(orderDetail());
    await user.click(screen.getByLabelText('Remark'));
    await user.keyboard('a');
    expect(screen.getByLabelText('Remark')).toHaveValue('a');
    expect(document.activeElement).toBe(screen.getByLabelText('Remark'));
  });

  it('goes back with u to the queue the order was opened from', async () => {
    const row = orderRow({ order_id: 200_001 });
    server.use(http.get('/api/admin/get-orders-list/newOrder', () => ok([row], { totalRecords: 1 })));
    serveOrderPage(orderDetail({ order_id: 200_001 }));
    const { user, location } = await renderStaffApp('/admin/recent-order', { as: 'Team' });
    const view = await screen.findByRole('link', { name: 'View' });
    await user.click(view);
    await screen.findByRole('region', { name: 'Comment History' });
    expect(location()).toBe(orderPagePath(200_001));
    await user.keyboard('u');
    await expect.poll(location).toBe('/admin/recent-order');
    expect(await screen.findByText(row.email)).toBeInTheDocument();
  });
});
