/**
 * Live updates as a member sees them on a queue, driven through the staff event stream (web/test/server.ts
 * liveStreamControl): the top bar's "Live" and "Reconnecting…", a colleague's change marking a row (then the row
 * leaving, never under the pointer) while the counts change, a new order held behind its bar until asked for, and
 * the eye of a colleague who has an order open.
 */
import { http } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { within } from '@testing-library/react';
import { LIVE_EVENTS_THROUGH_HEADER } from '../../../../shared/live';
import { folderCountsSchema, orderListRowSchema, type OrderListRow } from '../../../../shared/schemas/order-list';
import { okChecked } from '../../../test/answers';
import { orderRow } from '../../../test/fixtures/orders';
import {
  ASHA,
  assignedToAsha,
  newOrderArrived,
  orderChanged,
  presence,
  waitingPlace,
} from '../../../test/fixtures/live';
import { MEMBERS, renderStaffApp, screen } from '../../../test/render-app';
import { folderCounts, liveStreamControl, server } from '../../../test/server';
import { openQueueOnce } from '../../../test/fixtures/queues';

beforeAll(() => openQueueOnce(), 90_000);
afterEach(() => {
  vi.useRealTimers();
});

/**
 * New Orders served from `state.rows` (a test changes them as the server's would change; sorted oldest first, they
 * come the other way round), its reads counted; the folder counts from `state.newOrders`; the stream driven by the
 * test. `through`: the live event the list's answers say they reflect (header live-events-through).
 */
function liveQueue(rows: OrderListRow[], { through, lastEventId }: { through?: number; lastEventId?: number } = {}) {
  const state = { rows, newOrders: rows.length, listReads: 0 };
  const live = liveStreamControl(MEMBERS.Manager.id, { lastEventId });
  server.use(
    live.handler,
    http.get('/api/admin/get-orders-list/newOrder', ({ request }) => {
      state.listReads += 1;
      const oldestFirst = new URL(request.url).searchParams.get('sort') === 'oldest';
      const answer = okChecked(orderListRowSchema.array(), oldestFirst ? [...state.rows].reverse() : state.rows, {
        totalRecords: state.rows.length,
      });
      if (through !== undefined) answer.headers.set(LIVE_EVENTS_THROUGH_HEADER, String(through));
      return answer;
    }),
    http.get('/api/admin/get-folder-count', () =>
      okChecked(folderCountsSchema, folderCounts({ newOrdersCount: state.newOrders })),
    ),
  );
  return { state, live };
}

/** The queue table's row of an order (its Order Id cell), or null. */
const rowOf = (orderId: number) =>
  (screen.queryAllByRole('row') as HTMLTableRowElement[]).find((row) =>
    within(row).queryAllByRole('cell')[1]?.textContent?.startsWith(String(orderId)),
  ) ?? null;

/** The New Orders tile's figure (the tile reads "3", "New Orders", "0 urgent"). */
const newOrdersTile = () => within(screen.getByRole('link', { name: /New Orders/ })).queryByText(/^\d+$/)?.textContent;

const openQueue = async () => {
  const app = await renderStaffApp('/admin/recent-order', { as: 'Manager' });
  await screen.findByText('Live');
  return app;
};

describe('live updates on a queue', () => {
  it('says "Live" in the top bar, "Reconnecting…" while the stream is away, and catches up from the last event when back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const rows = [orderRow({ order_id: 100_201 }), orderRow({ order_id: 100_202 })];
    const { live } = liveQueue(rows);
    await renderStaffApp('/admin/recent-order', { as: 'Manager' });
    expect(await screen.findByText('Live')).toHaveAttribute('role', 'status');
    await screen.findByText(rows[0]!.email);
    live.send('order', newOrderArrived(100_203));
    await screen.findByText('1 new order arrived in this queue.');

    live.drop();
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    expect(screen.queryByText('Live')).not.toBeInTheDocument();

    live.back();
    await vi.advanceTimersByTimeAsync(3000);
    expect(await screen.findByText('Live')).toBeInTheDocument();
    // The reconnection asks the server to replay what came after the last event this page heard.
    expect(live.requests[0]).toBeNull();
    expect(live.requests.at(-1)).toBe('1');
  });

  it('marks a row a colleague assigned with what happened, and the counts change without a reload', async () => {
    const rows = [orderRow({ order_id: 100_211 }), orderRow({ order_id: 100_212 }), orderRow({ order_id: 100_213 })];
    const { state, live } = liveQueue(rows);
    const { location } = await openQueue();
    await screen.findByText(rows[0]!.email);
    expect(newOrdersTile()).toBe('3');

    // The server has the order in Asha's My Orders now: its lists and counts say so from here on.
    state.rows = [rows[0]!, rows[2]!];
    state.newOrders = 2;
    live.send('order', assignedToAsha(100_212));
    live.send('counts', {});

    const marked = await screen.findByText('Assigned to Asha Assigner');
    expect(rowOf(100_212)).toContainElement(marked);
    expect(rowOf(100_212)).toHaveClass('live-departed');
    await expect.poll(newOrdersTile).toBe('2');
    expect(location()).toBe('/admin/recent-order');
  });

  it("takes no mark for a change the queue's rows already show (the member's own action read them again)", async () => {
    const rows = [orderRow({ order_id: 100_231 }), orderRow({ order_id: 100_232 })];
    // The page's answers say they reflect every event through 9: the stream's next ones (1, 2) are in them.
    const { live } = liveQueue(rows, { through: 9 });
    await openQueue();
    await screen.findByText(rows[0]!.email);
    live.send('order', assignedToAsha(100_232));
    live.send('counts', {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('Assigned to Asha Assigner')).not.toBeInTheDocument();
    expect(rowOf(100_232)).not.toHaveClass('live-departed');
  });

  it('says what happened to each row that left: assigned to me, moved, deleted', async () => {
    const rows = [orderRow({ order_id: 100_221 }), orderRow({ order_id: 100_222 }), orderRow({ order_id: 100_223 })];
    const { live } = liveQueue(rows);
    await openQueue();
    await screen.findByText(rows[0]!.email);

    live.send('order', orderChanged(100_221, waitingPlace(), waitingPlace({ assigneeId: MEMBERS.Manager.id }), 'Max'));
    live.send('order', orderChanged(100_222, waitingPlace(), waitingPlace({ status: 'Pending' })));
    live.send('order', orderChanged(100_223, waitingPlace(), null));

    expect(within(await waitForRow(100_221, 'Assigned to you')).getByText('Assigned to you')).toBeInTheDocument();
    expect(within(await waitForRow(100_222, 'Moved to Pending')).getByText('Moved to Pending')).toBeInTheDocument();
    expect(within(await waitForRow(100_223, 'Deleted')).getByText('Deleted')).toBeInTheDocument();
  });

  it('keeps a departed row with its notice for a few seconds, then it leaves with the page read again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const rows = [orderRow({ order_id: 100_231 }), orderRow({ order_id: 100_232 })];
    const { state, live } = liveQueue(rows);
    await openQueue();
    await screen.findByText(rows[0]!.email);

    state.rows = [rows[0]!];
    live.send('order', assignedToAsha(100_232));
    await screen.findByText('Assigned to Asha Assigner');

    await vi.advanceTimersByTimeAsync(2500);
    expect(rowOf(100_232)).toHaveTextContent('Assigned to Asha Assigner');

    await vi.advanceTimersByTimeAsync(2500);
    await expect.poll(() => rowOf(100_232)).toBeNull();
    expect(screen.queryByText('Assigned to Asha Assigner')).not.toBeInTheDocument();
    expect(rowOf(100_231)).not.toBeNull();
  });

  it('does not remove a departed row while the pointer is over the table', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const rows = [orderRow({ order_id: 100_241 }), orderRow({ order_id: 100_242 })];
    const { state, live } = liveQueue(rows);
    const { user } = await renderStaffApp('/admin/recent-order', {
      as: 'Manager',
      user: { advanceTimers: vi.advanceTimersByTime },
    });
    await screen.findByText('Live');
    await screen.findByText(rows[0]!.email);

    await user.hover(screen.getByText(rows[0]!.email));
    state.rows = [rows[0]!];
    live.send('order', assignedToAsha(100_242));
    await screen.findByText('Assigned to Asha Assigner');
    await vi.advanceTimersByTimeAsync(6000);
    expect(rowOf(100_242)).toHaveTextContent('Assigned to Asha Assigner');

    await user.unhover(screen.getByText(rows[0]!.email));
    await vi.advanceTimersByTimeAsync(1000);
    await expect.poll(() => rowOf(100_242)).toBeNull();
  });

  it('holds a new order behind "1 new order" until asked for, even when the page is read again meanwhile', async () => {
    const rows = [orderRow({ order_id: 100_251 })];
    const { state, live } = liveQueue(rows);
    const { user } = await openQueue();
    await screen.findByText(rows[0]!.email);

    const arrived = orderRow({ order_id: 100_259 });
    state.rows = [arrived, ...rows];
    live.send('order', newOrderArrived(100_259));
    expect(await screen.findByText('1 new order arrived in this queue.')).toBeInTheDocument();

    // Everything read again (the server asked for it): the page now has the new order, still held back.
    const readsBefore = state.listReads;
    live.send('resync', {});
    await expect.poll(() => state.listReads).toBeGreaterThan(readsBefore);
    await screen.findByText(rows[0]!.email);
    expect(rowOf(100_259)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show it' }));
    expect(await screen.findByText(arrived.email)).toBeInTheDocument();
    expect(screen.queryByText('1 new order arrived in this queue.')).not.toBeInTheDocument();
  });

  it('counts several new orders in one bar, and ignores an order that arrived in another queue', async () => {
    const rows = [orderRow({ order_id: 100_261 })];
    const { state, live } = liveQueue(rows);
    const { user } = await openQueue();
    await screen.findByText(rows[0]!.email);

    const arrived = [orderRow({ order_id: 100_268 }), orderRow({ order_id: 100_269 })];
    state.rows = [...arrived, ...rows];
    live.send('order', newOrderArrived(100_268));
    live.send('order', orderChanged(100_267, null, waitingPlace({ mode: 'priority' })));
    live.send('order', newOrderArrived(100_269));

    expect(await screen.findByText('2 new orders arrived in this queue.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show them' }));
    expect(await screen.findByText(arrived[1]!.email)).toBeInTheDocument();
    expect(screen.getByText(arrived[0]!.email)).toBeInTheDocument();
  });

  it("keeps a departed row's notice its whole time when another row's change has the page read again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stays = orderRow({ order_id: 100_281, surname: 'Sato' });
    const leaves = orderRow({ order_id: 100_282 });
    const { state, live } = liveQueue([stays, leaves]);
    await openQueue();
    await screen.findByText(leaves.email);

    // The server's answer from now on: one row left, the other changed and still in New Orders.
    state.rows = [{ ...stays, surname: 'Sato-Renamed' }];
    live.send('order', assignedToAsha(100_282));
    live.send(
      'order',
      orderChanged(100_281, waitingPlace(), waitingPlace({ mode: 'future', processingDate: '2026-01-01' })),
    );
    await screen.findByText('Assigned to Asha Assigner');

    await vi.advanceTimersByTimeAsync(2500);
    expect(rowOf(100_282)).toHaveTextContent('Assigned to Asha Assigner');

    await vi.advanceTimersByTimeAsync(2500);
    expect(await screen.findByText(/Sato-Renamed/)).toBeInTheDocument();
    await expect.poll(() => rowOf(100_282)).toBeNull();
  });

  it('keeps a departed row in its place for its notice when "Show it" reads the page sooner', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first = orderRow({ order_id: 100_291 });
    const leaves = orderRow({ order_id: 100_292 });
    const last = orderRow({ order_id: 100_293 });
    const { state, live } = liveQueue([first, leaves, last]);
    const { user } = await renderStaffApp('/admin/recent-order', {
      as: 'Manager',
      user: { advanceTimers: vi.advanceTimersByTime },
    });
    await screen.findByText('Live');
    await screen.findByText(leaves.email);

    const arrived = orderRow({ order_id: 100_299 });
    state.rows = [arrived, first, last];
    live.send('order', newOrderArrived(100_299));
    live.send('order', assignedToAsha(100_292));
    await screen.findByText('Assigned to Asha Assigner');
    await user.click(screen.getByRole('button', { name: 'Show it' }));

    expect(await screen.findByText(arrived.email)).toBeInTheDocument();
    const orderIds = () => screen.getAllByRole('row').map((row) => within(row).queryAllByRole('cell')[1]?.textContent);
    // At the place it had: the second row.
    expect(orderIds()).toEqual([undefined, '100299', '100292', '100291', '100293']);
    expect(rowOf(100_292)).toHaveTextContent('Assigned to Asha Assigner');

    await user.unhover(screen.getByText(arrived.email));
    await vi.advanceTimersByTimeAsync(4500);
    await expect.poll(() => rowOf(100_292)).toBeNull();
  });

  it('takes the notice off a row that comes back before its time is up, and reads the page once for it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stays = orderRow({ order_id: 100_321 });
    const returns = orderRow({ order_id: 100_322 });
    const { state, live } = liveQueue([stays, returns]);
    await openQueue();
    await screen.findByText(returns.email);

    // Moved to Pending, then back to New Orders a second later (the move undone, a customer's quick answer).
    state.rows = [stays];
    live.send('order', orderChanged(100_322, waitingPlace(), waitingPlace({ status: 'Pending' })));
    await waitForRow(100_322, 'Moved to Pending');
    await vi.advanceTimersByTimeAsync(1000);
    state.rows = [stays, returns];
    live.send('order', orderChanged(100_322, waitingPlace({ status: 'Pending' }), waitingPlace()));

    await vi.advanceTimersByTimeAsync(5000);
    await expect.poll(() => rowOf(100_322)?.textContent).not.toContain('Moved to Pending');
    expect(rowOf(100_322)).not.toHaveClass('live-departed');
    const reads = state.listReads;
    await vi.advanceTimersByTimeAsync(3000);
    expect(state.listReads).toBe(reads);
  });

  it('drops a departed row at once when the member sorts the queue another way', async () => {
    const rows = [orderRow({ order_id: 100_301 }), orderRow({ order_id: 100_302 }), orderRow({ order_id: 100_303 })];
    const { state, live } = liveQueue(rows);
    const { user, location } = await openQueue();
    await screen.findByText(rows[0]!.email);

    state.rows = [rows[0]!, rows[2]!];
    live.send('order', assignedToAsha(100_302));
    await screen.findByText('Assigned to Asha Assigner');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Order date, oldest first');

    // The rows read in the new order are shown as they are: the departed one is not put back among them.
    await expect.poll(() => rowOf(100_303)?.rowIndex).toBe(1);
    expect(rowOf(100_302)).toBeNull();
    expect(location()).toContain('sort=oldest');
  });

  it('reads the queue again when a colleague changed it before the stream opened, so the change is not missed', async () => {
    const rows = [orderRow({ order_id: 100_311 }), orderRow({ order_id: 100_312 })];
    // The first answers reflect events up to 3; the stream opens at event 4, an assignment the page never heard of.
    const { state } = liveQueue(rows, { through: 3, lastEventId: 4 });
    state.rows = [rows[0]!];
    state.newOrders = 1;
    const initial = rows;
    server.use(
      http.get('/api/admin/get-orders-list/newOrder', () => {
        state.listReads += 1;
        const answer = okChecked(orderListRowSchema.array(), state.listReads === 1 ? initial : state.rows, {
          totalRecords: 2,
        });
        answer.headers.set(LIVE_EVENTS_THROUGH_HEADER, state.listReads === 1 ? '3' : '4');
        return answer;
      }),
    );
    await renderStaffApp('/admin/recent-order', { as: 'Manager' });
    await screen.findByText('Live');

    await expect.poll(() => rowOf(100_312)).toBeNull();
    expect(rowOf(100_311)).not.toBeNull();
    await expect.poll(newOrdersTile).toBe('1');
  });

  it("shows an eye on the row of an order a colleague has open, with what they do, and not for the member's own", async () => {
    const rows = [orderRow({ order_id: 100_271 }), orderRow({ order_id: 100_272 })];
    const { live } = liveQueue(rows);
    await openQueue();
    await screen.findByText(rows[0]!.email);

    live.send(
      'presence',
      presence(100_271, [{ memberId: MEMBERS.Manager.id, name: MEMBERS.Manager.name, state: 'viewing' }]),
    );
    live.send('presence', presence(100_272, [{ ...ASHA, state: 'viewing' }]));
    const eye = await screen.findByRole('img', { name: 'Open by Asha Assigner' });
    expect(rowOf(100_272)).toContainElement(eye);
    expect(within(rowOf(100_271)!).queryByRole('img', { name: /^Open by/ })).not.toBeInTheDocument();

    live.send('presence', presence(100_272, [{ ...ASHA, state: 'writing' }]));
    expect(await screen.findByRole('img', { name: 'Open by Asha Assigner (writing a remark)' })).toBeInTheDocument();

    live.send('presence', presence(100_272, []));
    await expect.poll(() => screen.queryByRole('img', { name: /^Open by/ })).toBeNull();
  });
});

/** The row of `orderId` once it shows `text`. */
async function waitForRow(orderId: number, text: string) {
  await screen.findByText(text);
  return rowOf(orderId)!;
}
