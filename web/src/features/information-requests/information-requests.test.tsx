/**
 * The request for information as staff see it (product: information-requests.md#loop): the asking dialog (the
 * warned answers offered first, the request's messages, what is sent), the reply's review side by side with Accept
 * and Decline, and the "Customer replied" mark on a queue, arriving live.
 */
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import {
  informationRequestSchema,
  repliedOrdersSchema,
  type InformationRequest,
} from '../../../../shared/schemas/information-requests';
import { CUSTOMER_REPLIED, REQUEST_TEXTS } from '../../../../shared/schemas/information-request-texts';
import { orderListRowSchema } from '../../../../shared/schemas/order-list';
import type { OrderActivityEvent } from '../../../../shared/live';
import { ok, okChecked } from '../../../test/answers';
import { orderDetail, orderPagePath } from '../../../test/fixtures/order-detail';
import { orderRow } from '../../../test/fixtures/orders';
import { activity, orderChanged, waitingPlace } from '../../../test/fixtures/live';
import { openQueueOnce } from '../../../test/fixtures/queues';
import { serveOrderPage } from '../../../test/order-page';
import { MEMBERS, renderStaffApp, screen } from '../../../test/render-app';
import { liveStreamControl, server } from '../../../test/server';

beforeAll(() => openQueueOnce(), 90_000);

const ORDER_ID = 100_321;

function request(fields: Partial<InformationRequest> = {}): InformationRequest {
  return informationRequestSchema.parse({
    id: 7,
    order_id: ORDER_ID,
    fields: ['passport_expiry', 'flight_number'],
    note: 'Your passport expires before you arrive.',
    state: 'open',
    from_status: 'New',
    requested_by: 'Tia Team',
    created_at: '2026-11-20T10:00:00.000Z',
    expires_at: '2026-12-04T10:00:00.000Z',
    answered_at: null,
    reminders_sent: 0,
    reviewed_by: null,
    reviewed_at: null,
    decline_note: null,
    changes: [],
    ...fields,
  });
}

interface RequestsState {
  requests: InformationRequest[];
  sent: { url: string; body: unknown }[];
}
let served: RequestsState | null = null;

/** The order's requests, served from `state.requests` once the page opens (a test changes them as the server would). */
function serveRequests(requests: InformationRequest[]): RequestsState {
  served = { requests, sent: [] };
  return served;
}

async function openOrder(order = orderDetail({ order_id: ORDER_ID })) {
  serveOrderPage(order);
  const state = served;
  if (state)
    server.use(
      http.get('/api/admin/order-information-requests/:orderId', () =>
        okChecked(informationRequestSchema.array(), state.requests),
      ),
    );
  const app = await renderStaffApp(orderPagePath(order.order_id), { as: 'Team', user: { delay: null } });
  const section = await screen.findByRole('region', { name: 'Requests for information' });
  return { app, section };
}

describe('asking the customer', () => {
  it('offers the warned answers first, says what is missing, and sends the chosen answers with the note', async () => {
    const state = serveRequests([]);
    server.use(
      http.post('/api/admin/information-requests', async ({ request: req }) => {
        const body = (await req.json()) as { fields: string[]; note: string };
        state.sent.push({ url: req.url, body });
        const made = request({ fields: body.fields, note: body.note });
        state.requests = [made];
        return ok(informationRequestSchema.parse(made), {}, REQUEST_TEXTS.sent);
      }),
    );
    const { app, section } = await openOrder(
      orderDetail({
        order_id: ORDER_ID,
        warnings: [
          {
            code: 'passport-expires-before-arrival',
            message: 'The passport expires on 1 May 2026, before the arrival date (3 May 2026).',
          },
        ],
      }),
    );
    await app.user.click(await within(section).findByRole('button', { name: REQUEST_TEXTS.askAction }));
    const dialog = await screen.findByRole('dialog');
    const warned = within(dialog).getByRole('group', { name: REQUEST_TEXTS.warningsFirst });
    expect(
      within(warned)
        .getAllByRole('checkbox')
        .map((box) => box.closest('.form-check')?.textContent),
    ).toEqual(['Passport expiry date', 'Arrival date in Japan']);
    const others = within(dialog).getByRole('group', { name: REQUEST_TEXTS.otherFields });
    expect(within(others).queryByLabelText('Passport expiry date')).not.toBeInTheDocument();

    await app.user.click(within(dialog).getByRole('button', { name: REQUEST_TEXTS.send }));
    expect(await within(dialog).findByText(REQUEST_TEXTS.pickOne)).toBeInTheDocument();
    expect(within(dialog).getByText(REQUEST_TEXTS.noteRequired)).toBeInTheDocument();
    expect(state.sent).toHaveLength(0);

    await app.user.click(within(warned).getByLabelText('Passport expiry date'));
    await app.user.click(within(others).getByLabelText('Flight number'));
    await app.user.type(within(dialog).getByLabelText(REQUEST_TEXTS.noteLabel), 'Please check your passport.');
    await app.user.click(within(dialog).getByRole('button', { name: REQUEST_TEXTS.send }));

    expect(await screen.findByText(REQUEST_TEXTS.sent)).toBeInTheDocument();
    expect(state.sent.map((s) => s.body)).toEqual([
      { orderId: ORDER_ID, fields: ['passport_expiry', 'flight_number'], note: 'Please check your passport.' },
    ]);
    expect(
      await within(section).findByText('Passport expiry date, Flight number', { exact: false }),
    ).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: REQUEST_TEXTS.askAction })).toBeDisabled();
  });

  it('shows the server refusal (an order already asked) and keeps the dialog open', async () => {
    serveRequests([]);
    server.use(
      http.post('/api/admin/information-requests', () =>
        Response.json({ status: 0, message: REQUEST_TEXTS.alreadyOpen }, { status: 409 }),
      ),
    );
    const { app, section } = await openOrder();
    await app.user.click(within(section).getByRole('button', { name: REQUEST_TEXTS.askAction }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByLabelText('Hotel name'));
    await app.user.type(within(dialog).getByLabelText(REQUEST_TEXTS.noteLabel), 'Which hotel?');
    await app.user.click(within(dialog).getByRole('button', { name: REQUEST_TEXTS.send }));
    expect(await screen.findByText(REQUEST_TEXTS.alreadyOpen)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe("reviewing the customer's reply", () => {
  const replied = () =>
    request({
      state: 'answered',
      answered_at: '2026-11-21T09:30:00.000Z',
      changes: [
        {
          field: 'date_of_expiry',
          label: 'Passport expiry date: Day',
          old_value: 12,
          new_value: 12,
          edited_after_reply: false,
        },
        {
          field: 'month_of_expiry',
          label: 'Passport expiry date: Month',
          old_value: 9,
          new_value: 9,
          edited_after_reply: false,
        },
        {
          field: 'year_of_expiry',
          label: 'Passport expiry date: Year',
          old_value: 2026,
          new_value: 2031,
          edited_after_reply: false,
        },
        {
          field: 'flight_number',
          label: 'Flight number',
          old_value: 'QF25',
          new_value: 'QF25',
          edited_after_reply: false,
        },
      ],
    });

  it('shows the answers side by side (a date as the order page writes it), marks the changed ones, and accepts', async () => {
    const state = serveRequests([replied()]);
    server.use(
      http.post('/api/admin/information-requests/:id/accept', ({ params }) => {
        state.sent.push({ url: `accept ${String(params.id)}`, body: null });
        state.requests = [{ ...replied(), state: 'accepted' }];
        return ok(informationRequestSchema.parse(state.requests[0]), {}, REQUEST_TEXTS.accepted);
      }),
    );
    const { app, section } = await openOrder();
    expect(await within(section).findByText(CUSTOMER_REPLIED)).toBeInTheDocument();
    const review = within(section).getByRole('region', { name: REQUEST_TEXTS.reviewTitle });
    const rows = within(review)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      [REQUEST_TEXTS.reviewField, REQUEST_TEXTS.reviewOld, REQUEST_TEXTS.reviewNew],
      ['Passport expiry date', '2026 / September / 12', '2031 / September / 12 (changed)'],
      ['Flight number', 'QF25', 'QF25'],
    ]);
    await app.user.click(within(review).getByRole('button', { name: REQUEST_TEXTS.accept }));
    expect(await screen.findByText(REQUEST_TEXTS.accepted)).toBeInTheDocument();
    expect(state.sent.map((s) => s.url)).toEqual(['accept 7']);
    await screen.findByText('No request waiting for the customer.');
    expect(within(section).queryByText(CUSTOMER_REPLIED)).not.toBeInTheDocument();
  });

  it('shows an answer changed on the order since the reply when Accept is refused, and offers Decline only', async () => {
    const state = serveRequests([replied()]);
    const message = REQUEST_TEXTS.editedAfterReply(['Flight number']);
    server.use(
      http.post('/api/admin/information-requests/:id/accept', () => {
        // A colleague accepted another reply about the flight meanwhile: the server refuses and marks the answer.
        const now = replied();
        state.requests = [
          { ...now, changes: now.changes.map((c) => ({ ...c, edited_after_reply: c.field === 'flight_number' })) },
        ];
        return Response.json({ status: 0, message }, { status: 409 });
      }),
    );
    const { app, section } = await openOrder();
    const review = await within(section).findByRole('region', { name: REQUEST_TEXTS.reviewTitle });
    expect(within(review).queryByText(message)).not.toBeInTheDocument();
    await app.user.click(within(review).getByRole('button', { name: REQUEST_TEXTS.accept }));

    expect(await within(review).findByText(message)).toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(2); // the review's notice and the refusal's toast
    const flight = within(review).getByRole('rowheader', { name: new RegExp('^Flight number') });
    expect(flight).toHaveTextContent(`Flight number${REQUEST_TEXTS.editedMark}`);
    expect(within(review).getByRole('rowheader', { name: 'Passport expiry date' })).toBeInTheDocument();
    expect(within(review).getByRole('button', { name: REQUEST_TEXTS.accept })).toBeDisabled();
    expect(within(review).getByRole('button', { name: `${REQUEST_TEXTS.decline}…` })).toBeEnabled();
  });

  it('declines only with a note, which is sent', async () => {
    const state = serveRequests([replied()]);
    server.use(
      http.post('/api/admin/information-requests/:id/decline', async ({ request: req }) => {
        state.sent.push({ url: 'decline', body: await req.json() });
        state.requests = [request({ id: 8, note: 'That is not your passport number.' })];
        return ok(informationRequestSchema.parse(state.requests[0]), {}, REQUEST_TEXTS.declined);
      }),
    );
    const { app, section } = await openOrder();
    const review = await within(section).findByRole('region', { name: REQUEST_TEXTS.reviewTitle });
    await app.user.click(within(review).getByRole('button', { name: `${REQUEST_TEXTS.decline}…` }));
    await app.user.click(within(review).getByRole('button', { name: REQUEST_TEXTS.decline }));
    expect(await within(review).findByText(REQUEST_TEXTS.noteRequired)).toBeInTheDocument();
    expect(state.sent).toHaveLength(0);
    await app.user.type(
      within(review).getByLabelText(REQUEST_TEXTS.declineNoteLabel),
      'That is not your passport number.',
    );
    await app.user.click(within(review).getByRole('button', { name: REQUEST_TEXTS.decline }));
    expect(await screen.findByText(REQUEST_TEXTS.declined)).toBeInTheDocument();
    expect(state.sent.map((s) => s.body)).toEqual([{ note: 'That is not your passport number.' }]);
    expect(await within(section).findByText('Waiting for the customer', { exact: false })).toBeInTheDocument();
  });
});

describe('the order page as the customer replies', () => {
  /** A line of the reply as the stream carries it: no staff member behind it. */
  const unattended = (step: string): OrderActivityEvent => ({
    orderId: ORDER_ID,
    actorId: null,
    actorName: null,
    step,
  });

  async function openAwaitingOrder() {
    const live = liveStreamControl(MEMBERS.Team.id);
    server.use(live.handler);
    serveRequests([request()]);
    const opened = await openOrder(orderDetail({ order_id: ORDER_ID, process_status: 'Awaiting' }));
    await screen.findByText('Live');
    return { ...opened, live };
  }

  it('names the customer, not the system, in the change notice', async () => {
    const { live } = await openAwaitingOrder();
    // The reply's lines in the order the server writes them: the move back, then the reply itself.
    live.send('activity', unattended('Status changed to New'));
    live.send('activity', unattended('Customer replied'));
    await expect
      .poll(() => screen.queryByTestId('order-changed-notice')?.textContent)
      .toBe('The customer changed this order while you were reading it (Customer replied).Show the change');
  });

  it("moves the status badge at once, without 'Show the change'", async () => {
    const { live } = await openAwaitingOrder();
    const badge = screen.getByTestId('order-status');
    expect(badge).toHaveTextContent('Awaiting Response');
    live.send('order', orderChanged(ORDER_ID, waitingPlace({ status: 'Awaiting' }), waitingPlace()));
    live.send('activity', unattended('Status changed to New'));
    live.send('activity', unattended('Customer replied'));
    await expect.poll(() => screen.getByTestId('order-status').textContent).toBe('New');
    // The rest of the change (the reply's answers, the log) waits for the member, as a colleague's change does.
    expect(await screen.findByTestId('order-changed-notice')).toBeInTheDocument();
  });
});

describe('the queue', () => {
  it('marks an order "Customer replied" when the reply arrives, without reloading the page', async () => {
    const rows = [orderRow({ order_id: ORDER_ID, process_status: 'New' }), orderRow({ order_id: ORDER_ID + 1 })];
    const replies = { orderIds: [] as number[] };
    const live = liveStreamControl(MEMBERS.Manager.id);
    server.use(
      live.handler,
      http.get('/api/admin/get-orders-list/newOrder', () =>
        okChecked(orderListRowSchema.array(), rows, { totalRecords: rows.length }),
      ),
      http.get('/api/admin/information-requests/replied', () => okChecked(repliedOrdersSchema, replies)),
    );
    await renderStaffApp('/admin/recent-order', { as: 'Manager' });
    await screen.findByText(String(ORDER_ID + 1));
    expect(screen.queryByText(CUSTOMER_REPLIED)).not.toBeInTheDocument();

    replies.orderIds = [ORDER_ID];
    live.send('activity', activity(ORDER_ID, 'Customer replied', { memberId: 0, name: '' }));
    const mark = await screen.findByText(CUSTOMER_REPLIED);
    expect(mark.closest('tr')?.textContent).toContain(String(ORDER_ID));
  });

  it('announces an order back from Awaiting Response as having come back, apart from new orders', async () => {
    const rows = [orderRow({ order_id: ORDER_ID + 1 })];
    const replies = { orderIds: [] as number[] };
    const live = liveStreamControl(MEMBERS.Manager.id);
    server.use(
      live.handler,
      http.get('/api/admin/get-orders-list/newOrder', () =>
        okChecked(orderListRowSchema.array(), rows, { totalRecords: rows.length }),
      ),
      http.get('/api/admin/information-requests/replied', () => okChecked(repliedOrdersSchema, replies)),
    );
    const { user } = await renderStaffApp('/admin/recent-order', { as: 'Manager' });
    await screen.findByText(String(ORDER_ID + 1));

    // The customer's reply, as the server sends it: the order back in New, then the reply's line.
    replies.orderIds = [ORDER_ID];
    rows.unshift(orderRow({ order_id: ORDER_ID, process_status: 'New' }));
    live.send('order', orderChanged(ORDER_ID, waitingPlace({ status: 'Awaiting' }), waitingPlace()));
    live.send('activity', { orderId: ORDER_ID, actorId: null, actorName: null, step: 'Customer replied' });
    const bar = await screen.findByText('1 order came back: Customer replied.');
    expect(screen.queryByText(/new order/)).not.toBeInTheDocument();

    rows.unshift(orderRow({ order_id: ORDER_ID + 2 }));
    live.send('order', orderChanged(ORDER_ID + 2, null, waitingPlace()));
    await expect
      .poll(() => bar.textContent)
      .toBe('1 new order arrived in this queue. 1 order came back: Customer replied.');
    await user.click(screen.getByRole('button', { name: 'Show them' }));
    const mark = await screen.findByText(CUSTOMER_REPLIED);
    expect(mark.closest('tr')?.textContent).toContain(String(ORDER_ID));
  });
});
