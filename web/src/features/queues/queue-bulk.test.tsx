/**
 * Bulk actions on a queue: ticked rows (or "all N matching") moved, assigned or deleted with one question that says
 * how many, the request the server gets, and the result it answers (what was done, each refused order and why).
 */
import { http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { bulkResultSchema, type BulkResult } from '../../../../shared/schemas/bulk-orders';
import { bulkSummary } from '../../../../shared/schemas/bulk-orders-texts';
import { okChecked, refused } from '../../../test/answers';
import { orderRows } from '../../../test/fixtures/orders';
import { answerQueue, answerTeamMembers, openQueueOnce } from '../../../test/fixtures/queues';
import { renderStaffApp, screen } from '../../../test/render-app';
import { server } from '../../../test/server';

/** POST admin/bulk-orders: the bodies it got, each answered by `answer`. */
function answerBulk(answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/admin/bulk-orders', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

/** The bulk answer as the server writes it: the result checked by its schema, the summary as its message. */
const bulkAnswer = (result: BulkResult, what: string) =>
  okChecked(bulkResultSchema, result, {
    message: bulkSummary(result.action, result.done, result.refused, what),
  });

beforeAll(() => openQueueOnce(), 90_000);
// A leader's ticked rows ask for the members they could be assigned to.
beforeEach(() => answerTeamMembers());

const toolbar = () => screen.getByRole('toolbar', { name: 'Bulk actions' });

describe('bulk actions', () => {
  it('moves the ticked rows with one question, and lists the order refused with its reason', async () => {
    const rows = orderRows(4);
    const ids = rows.map((r) => r.order_id);
    answerQueue('newOrder', rows);
    const bodies = answerBulk(() =>
      bulkAnswer(
        {
          action: 'move',
          done: 3,
          refused: 1,
          results: ids.map((orderId, i) =>
            i === 1
              ? { orderId, outcome: 'refused', refusal: 'not_in_folder', reason: 'No longer in New Order.' }
              : { orderId, outcome: 'moved' },
          ),
        },
        'to Pending',
      ),
    );
    const { user } = await renderStaffApp('/admin/recent-order', { as: 'Manager' });
    await screen.findByText(rows[0]!.email);
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(within(toolbar()).getByText('4 selected')).toBeInTheDocument();
    await user.click(within(toolbar()).getByRole('button', { name: 'Move selected to…' }));
    const targets = within(toolbar())
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(targets).toContain('Pending');
    expect(targets).not.toContain('New');
    await user.click(within(toolbar()).getByRole('button', { name: 'Pending' }));
    const question = await screen.findByRole('dialog');
    expect(question).toHaveTextContent('Move 4 orders to Pending?');
    await user.click(within(question).getByRole('button', { name: 'Move' }));

    const result = await screen.findByRole('dialog', { name: 'Result' });
    expect(await within(result).findByText('Moved 3 orders to Pending; 1 refused.')).toBeInTheDocument();
    const refusedRows = within(within(result).getByRole('table', { name: 'Refused orders' })).getAllByRole('row');
    expect(refusedRows.map((row) => row.textContent)).toEqual([
      'Order IdWhy it was refused',
      `${ids[1]}No longer in New Order.`,
    ]);
    expect(bodies).toEqual([{ action: 'move', status: 'Pending', orderIds: ids, folderName: 'newOrder' }]);

    await user.click(within(result).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Result' })).not.toBeInTheDocument());
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it("a Manager assigns the ticked rows to a colleague from the toolbar's member menu, with one question", async () => {
    const rows = orderRows(3);
    answerQueue('newOrder', rows);
    const picked = [rows[0]!.order_id, rows[2]!.order_id];
    const bodies = answerBulk(() =>
      bulkAnswer(
        {
          action: 'assign',
          done: 2,
          refused: 0,
          results: picked.map((orderId) => ({ orderId, outcome: 'assigned' })),
        },
        'to Asha Assignee',
      ),
    );
    const { user } = await renderStaffApp('/admin/recent-order', { as: 'Manager' });
    for (const id of picked) await user.click(await screen.findByRole('checkbox', { name: `Select order ${id}` }));
    expect(within(toolbar()).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(toolbar()).getByRole('button', { name: 'Assign selected to…' }));
    expect(await within(toolbar()).findByRole('button', { name: /^Max Manager \(you\)/ })).toBeInTheDocument();
    await user.click(within(toolbar()).getByRole('button', { name: /^Asha Assignee/ }));
    const question = await screen.findByRole('dialog');
    expect(question).toHaveTextContent('Assign 2 orders to Asha Assignee?');
    await user.click(within(question).getByRole('button', { name: 'Assign' }));
    const result = await screen.findByRole('dialog', { name: 'Result' });
    expect(await within(result).findByText('Assigned 2 orders to Asha Assignee.')).toBeInTheDocument();
    expect(bodies).toEqual([{ action: 'assign', assigneeId: 7, orderIds: picked, folderName: 'newOrder' }]);
  });

  it('"Select all N matching the filter" reaches past the page: one question for all, the view named to the server', async () => {
    const matching = orderRows(13, { surname: 'BULKALLMATCH' });
    answerQueue('newOrder', [], { searched: () => matching });
    const bodies = answerBulk(() =>
      bulkAnswer(
        {
          action: 'delete',
          done: 13,
          refused: 0,
          results: matching.map((r) => ({ orderId: r.order_id, outcome: 'deleted' })),
        },
        '',
      ),
    );
    const { user } = await renderStaffApp('/admin/recent-order?q=bulkallmatch&nationality=India', { as: 'Manager' });
    await screen.findByText('Showing 1 to 10 of 13 entries');
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(within(toolbar()).getByText('10 selected')).toBeInTheDocument();
    await user.click(within(toolbar()).getByRole('button', { name: 'Select all 13 matching the filter' }));
    expect(within(toolbar()).getByText('All 13 matching orders selected')).toBeInTheDocument();
    await user.click(within(toolbar()).getByRole('button', { name: 'Only this page (10)' }));
    expect(within(toolbar()).getByText('10 selected')).toBeInTheDocument();
    await user.click(within(toolbar()).getByRole('button', { name: 'Select all 13 matching the filter' }));

    await user.click(within(toolbar()).getByRole('button', { name: 'Delete selected' }));
    const question = await screen.findByRole('dialog');
    expect(question).toHaveTextContent('Delete 13 orders?');
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(
      await within(await screen.findByRole('dialog', { name: 'Result' })).findByText('Deleted 13 orders.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        action: 'delete',
        all: { folderName: 'newOrder', searchVal: 'bulkallmatch', nationality: ['India'] },
        expectedCount: 13,
      },
    ]);
  });

  it('a Team member may move the ticked rows, but neither assign them to others nor delete them', async () => {
    const rows = orderRows(2);
    answerQueue('newOrder', rows);
    const { user } = await renderStaffApp('/admin/recent-order', { as: 'Team' });
    await user.click(await screen.findByRole('checkbox', { name: `Select order ${rows[0]!.order_id}` }));
    expect(within(toolbar()).getByRole('button', { name: 'Move selected to…' })).toBeInTheDocument();
    expect(within(toolbar()).queryByRole('button', { name: 'Assign selected to…' })).not.toBeInTheDocument();
    expect(within(toolbar()).queryByRole('button', { name: 'Delete selected' })).not.toBeInTheDocument();
  });

  it("a refused bulk request shows the server's message; the question's Cancel sends nothing", async () => {
    const rows = orderRows(2);
    answerQueue('pendingOrder', rows);
    const bodies = answerBulk(() => refused(409, 'The queue changed: 3 orders match now, not 2. Nothing was changed.'));
    const { user } = await renderStaffApp('/admin/pending-order', { as: 'Admin' });
    await screen.findByText(rows[0]!.email);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(within(toolbar()).getByRole('button', { name: 'Delete selected' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([]);

    await user.click(within(toolbar()).getByRole('button', { name: 'Delete selected' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const result = await screen.findByRole('dialog', { name: 'Result' });
    expect(await within(result).findByRole('alert')).toHaveTextContent(
      'The queue changed: 3 orders match now, not 2. Nothing was changed.',
    );
  });

  it('another page clears the selection', async () => {
    const rows = orderRows(15);
    answerQueue('orderHistory', rows);
    const { user } = await renderStaffApp('/admin/order-history', { as: 'Team' });
    await user.click(await screen.findByRole('checkbox', { name: `Select order ${rows[0]!.order_id}` }));
    expect(within(toolbar()).getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Showing 11 to 15 of 15 entries');
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });
});
