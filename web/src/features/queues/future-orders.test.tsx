/**
 * Future Order: twelve month tiles with their counts; a tile opens that processing month's table (kept in the
 * address) with the spec's columns and Back; Delete, shown to everyone here, asks first.
 */
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { moveResultSchema } from '../../../../shared/schemas/order-actions';
import { okChecked } from '../../../test/answers';
import { orderRow } from '../../../test/fixtures/orders';
import { answerFutureMonthCounts, answerQueue, openQueueOnce } from '../../../test/fixtures/queues';
import { renderStaffApp, screen } from '../../../test/render-app';
import { server } from '../../../test/server';

beforeAll(() => openQueueOnce({ month: 1 }), 90_000);

/** A month tile, named by its own words ("Mar 2 orders"). */
const tile = (month: string, count: number) =>
  screen.findByRole('button', { name: new RegExp(`^${month}\\s*${count}\\s*orders$`) });

const futureRow = (fields = {}) =>
  orderRow({
    processing_mode: 'future',
    processing_date: '2027-03-15',
    process_month: 'Mar',
    ...fields,
  });

describe('Future Order', () => {
  it("shows a tile per month with its count; a tile opens that month's table, and Back the tiles again", async () => {
    answerFutureMonthCounts({ Mar: 2, Jul: 5 });
    const rows = [futureRow({ given_name: 'Mio', surname: 'Kato' }), futureRow()];
    const requests = answerQueue('futureOrder', rows);
    const { user, location } = await renderStaffApp('/admin/future-order', { as: 'Team' });
    expect(await tile('Mar', 2)).toBeInTheDocument();
    expect(await tile('Jul', 5)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^\w{3}\s*\d+\s*orders$/ })).toHaveLength(12);

    await user.click(await tile('Mar', 2));
    expect(await screen.findByRole('heading', { name: 'Future Order: March', level: 1 })).toBeInTheDocument();
    expect(location()).toBe('/admin/future-order?month=3');
    await screen.findByText(rows[0]!.email);
    expect(requests.lists.at(-1)?.get('processMonth')).toBe('3');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Order ID',
      'Name',
      'Email',
      'Telephone',
      expect.stringMatching(/^Date & Time/),
      'Processing Date',
      'Process Month',
      'Status',
      'Action',
    ]);
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('Mio Kato');
    expect(cells[5]).toHaveTextContent('15/03/2027');
    expect(cells[6]).toHaveTextContent('Mar');
    expect(screen.getByText('2 orders')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await tile('Mar', 2)).toBeInTheDocument();
    expect(location()).toBe('/admin/future-order');
    expect(screen.getByRole('heading', { name: 'Future Order', level: 1 })).toBeInTheDocument();
  });

  it('Delete, shown to a Team member here, asks first and deletes softly', async () => {
    answerFutureMonthCounts({ Mar: 1 });
    const row = futureRow();
    answerQueue('futureOrder', [row]);
    const bodies: unknown[] = [];
    server.use(
      http.put('/api/admin/change-order-status', async ({ request }) => {
        bodies.push(await request.json());
        return okChecked(moveResultSchema, { moved: [row.order_id], unchanged: [] });
      }),
    );
    const { user } = await renderStaffApp('/admin/future-order?month=3', { as: 'Team' });
    await screen.findByText(row.email);
    const actions = within(screen.getAllByRole('row')[1]!);
    expect(actions.getByRole('link', { name: 'View' })).toBeInTheDocument();
    await user.click(actions.getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('dialog');
    expect(question).toHaveTextContent('Are you sure you want to delete?');
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Order has been deleted successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ orderId: [row.order_id], updatingStatus: 'Deleted', permanentDeletedFlag: false }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a month without orders says "No records found"', async () => {
    answerFutureMonthCounts();
    answerQueue('futureOrder', []);
    await renderStaffApp('/admin/future-order?month=11', { as: 'Manager' });
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(screen.getByText('No data available in table')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Future Order: November', level: 1 })).toBeInTheDocument();
  });
});
