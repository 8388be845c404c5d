/**
 * Working a queue from the keyboard and by urgency: the keys (?, /, j/k and the arrows, x, a, Enter, n) and that
 * none fires while typing; Work next opening the most urgent order (or saying none waits); the rows whose arrival is
 * near, in words, the tiles' urgent counts and the sort by arrival.
 */
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, waitFor, within } from '@testing-library/react';
import { encodeId } from '../../../../shared/ids';
import { arrivalUrgencySchema, workNextResultSchema } from '../../../../shared/schemas/work-next';
import { okChecked, refused } from '../../../test/answers';
import { orderRow, orderRows } from '../../../test/fixtures/orders';
import { answerQueue, openQueueOnce } from '../../../test/fixtures/queues';
import { renderStaffApp, screen } from '../../../test/render-app';
import { server } from '../../../test/server';

beforeAll(async () => {
  await openQueueOnce();
  // The order page's code, loaded once here: Enter and Work next open it from a key or a click.
  answerOrderPage();
  await renderStaffApp(`/admin/view-order/${encodeId(100_001)}`, { as: 'Team' });
  await screen.findByRole('heading', { name: 'Order Details' }, { timeout: 60_000 });
  cleanup();
  server.resetHandlers();
  localStorage.clear();
}, 90_000);

const rowOf = (orderId: number) => screen.getByRole('checkbox', { name: `Select order ${orderId}` }).closest('tr')!;
const focusedRow = () => screen.queryByRole('row', { current: true });

/** The order page an order opens on: refused here (a test of the queue only looks at the address it reaches). */
function answerOrderPage() {
  server.use(
    http.get('/api/admin/get-orders-details/:id', () => refused(404, 'Order not found.')),
    http.get('/api/admin/get-email-history/:id', () => refused(404, 'Order not found.')),
    http.get('/api/admin/order-information-requests/:id', () => refused(404, 'Order not found.')),
  );
}

/** An arrival `days` from today in Japan, as a queue row's three fields. */
function arrivingIn(days: number) {
  const day = new Date(Date.now() + 9 * 3600_000 + days * 86_400_000);
  return {
    date_of_arrival_in_japan: day.getUTCDate(),
    month_of_arrival_in_japan: day.getUTCMonth() + 1,
    year_of_arrival_in_japan: day.getUTCFullYear(),
  };
}

describe('queue keys', () => {
  it('? lists the keys of this queue; Escape closes the list', async () => {
    answerQueue('newOrder', orderRows(2));
    const { user } = await renderStaffApp('/admin/recent-order', { as: 'Team' });
    await screen.findByText('Showing 1 to 2 of 2 entries');
    await user.keyboard('{Shift>}?{/Shift}');
    const help = await screen.findByRole('dialog', { name: 'Queue keyboard shortcuts' });
    for (const what of [
      'Next row',
      'Previous row',
      'Open the order of the focused row',
      'Select or unselect the focused row',
      'Assign the selected orders to me (asks first)',
      'Work next: take and open the most urgent order',
      'Search',
    ])
      expect(within(help).getByText(what)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('j, k and the arrows move over the rows; x selects the focused one; a asks to assign, Ctrl+a does not', async () => {
    const rows = orderRows(3);
    answerQueue('newOrder', rows);
    const { user } = await renderStaffApp('/admin/recent-order', { as: 'Team' });
    await screen.findByText(rows[0]!.email);
    await user.keyboard('j');
    expect(focusedRow()).toBe(rowOf(rows[0]!.order_id));
    expect(rowOf(rows[0]!.order_id)).toHaveFocus();
    await user.keyboard('{ArrowDown}j');
    expect(focusedRow()).toBe(rowOf(rows[2]!.order_id));
    await user.keyboard('j');
    expect(focusedRow()).toBe(rowOf(rows[2]!.order_id));
    await user.keyboard('k{ArrowUp}{ArrowDown}');
    expect(focusedRow()).toBe(rowOf(rows[1]!.order_id));

    await user.keyboard('x');
    expect(screen.getByRole('checkbox', { name: `Select order ${rows[1]!.order_id}` })).toBeChecked();
    await user.keyboard('{Control>}a{/Control}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.keyboard('a');
    const question = await screen.findByRole('dialog');
    expect(question).toHaveTextContent('Are you sure want to assigned orders.');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    rowOf(rows[1]!.order_id).focus();
    await user.keyboard('x');
    expect(screen.getByRole('checkbox', { name: `Select order ${rows[1]!.order_id}` })).not.toBeChecked();
  });

  it('/ goes to the search box, and keys typed there are text, not shortcuts', async () => {
    const rows = orderRows(3);
    const requests = answerQueue('newOrder', rows);
    const { user } = await renderStaffApp('/admin/recent-order', { as: 'Team' });
    await screen.findByText(rows[0]!.email);
    await user.keyboard('/');
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveFocus();
    await user.keyboard('jjx?a');
    expect(search).toHaveValue('jjx?a');
    expect(focusedRow()).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox', { checked: true })).toEqual([]);
    await waitFor(() => expect(requests.searches.map((body) => body.searchVal)).toEqual(['jjx?a']));
  });

  it("Enter opens the focused row's order", async () => {
    const rows = orderRows(2);
    answerQueue('newOrder', rows);
    answerOrderPage();
    const { user, location } = await renderStaffApp('/admin/recent-order', { as: 'Team' });
    await screen.findByText(rows[0]!.email);
    await user.keyboard('jj{Enter}');
    await waitFor(() => expect(location()).toBe(`/admin/view-order/${encodeId(rows[1]!.order_id)}`));
  });
});

describe('Work next', () => {
  it('takes the most urgent order of the queue and opens it', async () => {
    answerQueue('newOrder', orderRows(2));
    answerOrderPage();
    const asked: unknown[] = [];
    server.use(
      http.post('/api/admin/work-next', async ({ request }) => {
        asked.push(await request.json());
        return okChecked(workNextResultSchema, { orderId: 100_777 });
      }),
    );
    const { user, location } = await renderStaffApp('/admin/recent-order', { as: 'Team' });
    await screen.findByText('Showing 1 to 2 of 2 entries');
    await user.click(screen.getByRole('button', { name: 'Work next' }));
    await waitFor(() => expect(location()).toBe(`/admin/view-order/${encodeId(100_777)}`));
    expect(asked).toEqual([{ folderName: 'newOrder' }]);
  });

  it('in an empty queue (n, its key) says no order is waiting, and stays', async () => {
    answerQueue('priorityOrder', []);
    server.use(
      http.post('/api/admin/work-next', () =>
        okChecked(
          workNextResultSchema,
          { orderId: null },
          { message: 'No unassigned order is waiting in Priority Orders.' },
        ),
      ),
    );
    const { user, location } = await renderStaffApp('/admin/priority-order', { as: 'Team' });
    await screen.findByText('No records found');
    await user.keyboard('n');
    expect(await screen.findByText('No unassigned order is waiting in Priority Orders.')).toBeInTheDocument();
    expect(location()).toBe('/admin/priority-order');
  });

  it('is offered in New, Priority and My Orders only', async () => {
    answerQueue('orderHistory', orderRows(1));
    await renderStaffApp('/admin/order-history', { as: 'Team' });
    await screen.findByText('Showing 1 to 1 of 1 entries');
    expect(screen.queryByRole('button', { name: 'Work next' })).not.toBeInTheDocument();
  });
});

describe('arrival urgency', () => {
  it('says in words how near each urgent arrival is, counts them on the tiles, and sorts by arrival from the header', async () => {
    const later = orderRow(arrivingIn(10));
    const passed = orderRow(arrivingIn(-1));
    const inTwoDays = orderRow(arrivingIn(2));
    const tomorrow = orderRow(arrivingIn(1));
    const requests = answerQueue('newOrder', [later, passed, inTwoDays, tomorrow]);
    server.use(
      http.get('/api/admin/arrival-urgency', () =>
        okChecked(arrivalUrgencySchema, {
          urgentHours: 72,
          veryUrgentHours: 24,
          urgent: { newOrder: 2, priorityOrder: 0 },
        }),
      ),
    );
    const { user, location } = await renderStaffApp('/admin/recent-order', { as: 'Team' });
    await screen.findByText(later.email);
    await waitFor(() => expect(rowOf(tomorrow.order_id)).toHaveTextContent('Very urgent: arrives tomorrow'));
    expect(rowOf(inTwoDays.order_id)).toHaveTextContent('Urgent: arrives in 2 days');
    expect(rowOf(passed.order_id)).toHaveTextContent('Arrival passed: arrived yesterday');
    expect(rowOf(later.order_id)).not.toHaveTextContent(/urgent|passed/i);
    expect(screen.getByRole('link', { name: /New Orders/ })).toHaveTextContent('2 urgent');
    expect(screen.getByRole('link', { name: /Priority Order/ })).toHaveTextContent('0 urgent');

    await user.click(screen.getByRole('button', { name: /Arrival Date/ }));
    await waitFor(() => expect(location()).toBe('/admin/recent-order?sort=arrival'));
    await waitFor(() => expect(requests.lists.at(-1)?.get('sort')).toBe('arrival'));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Arrival Date/ })).toHaveAttribute('aria-sort', 'ascending'),
    );
    await user.click(screen.getByRole('button', { name: /Arrival Date/ }));
    await waitFor(() => expect(location()).toBe('/admin/recent-order'));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Arrival Date/ })).toHaveAttribute('aria-sort', 'none'),
    );
  });

  it('closed queues show no urgency', async () => {
    const tomorrow = orderRow({ ...arrivingIn(1), process_status: 'Completed' });
    answerQueue('completedOrder', [tomorrow]);
    await renderStaffApp('/admin/completed-order', { as: 'Team' });
    await screen.findByText(tomorrow.email);
    expect(rowOf(tomorrow.order_id)).not.toHaveTextContent(/urgent/i);
    expect(screen.queryByRole('button', { name: /Arrival Date/ })).not.toBeInTheDocument();
  });
});
