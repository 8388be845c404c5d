/**
 * What a member sees and does on a queue screen: its title and columns, the actions of their role, paging and rows
 * per page kept in the address, the server-side search, the single-order actions with their questions and toasts,
 * empty and refused answers, and a click from one queue to another.
 */
import { http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { folderDeclaration, FOLDERS } from '../../../../shared/folders';
import { can, ROLES } from '../../../../shared/roles';
import {
  assignResultSchema,
  moveResultSchema,
  refundResultSchema,
  releaseResultSchema,
} from '../../../../shared/schemas/order-actions';
import { folderCountsSchema, orderListRowSchema } from '../../../../shared/schemas/order-list';
import { ok, okChecked, refused } from '../../../test/answers';
import { orderRow, orderRows } from '../../../test/fixtures/orders';
import { answerList, answerQueue, answerTeamMembers, openQueueOnce } from '../../../test/fixtures/queues';
import { MEMBERS, renderStaffApp, screen } from '../../../test/render-app';
import { folderCounts, liveStreamControl, server } from '../../../test/server';

beforeAll(() => openQueueOnce(), 90_000);
// A leader's ticked rows ask for the members they could be assigned to.
beforeEach(() => answerTeamMembers());

const QUEUE_FOLDERS = FOLDERS.filter((folder) => folderDeclaration(folder).screen === 'queue');

/** The table's body rows, each as the texts of its cells. */
const bodyRows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

const rowOf = (orderId: number) => screen.getByRole('checkbox', { name: `Select order ${orderId}` }).closest('tr')!;

/** A PUT queue action's bodies, answered with `data` and the server's `message`. */
function answerAction(path: string, answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.put(`/api/admin/${path}`, async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

describe('the folder table, as each role sees it from a queue', () => {
  it.each(ROLES)('%s: a link for every queue it may read, with its count, and none for the others', async (role) => {
    const counts = folderCounts(
      Object.fromEntries(FOLDERS.map((folder, i) => [folderDeclaration(folder).count, 101 + i])),
    );
    server.use(http.get('/api/admin/get-folder-count', () => okChecked(folderCountsSchema, counts)));
    answerQueue('newOrder', []);
    await renderStaffApp('/admin/recent-order', { as: role });
    await screen.findByText('No records found');
    const allLinks = screen.getAllByRole('link');
    for (const folder of FOLDERS) {
      const { path, count, read } = folderDeclaration(folder);
      const links = allLinks.filter((a) => a.getAttribute('href') === path);
      if (read && !can(role, read.permission)) {
        expect(links, `${folder} as ${role}`).toEqual([]);
        continue;
      }
      expect(links, `${folder} as ${role}`).toHaveLength(1);
      if (count) expect(await within(links[0]!).findByText(String(counts[count]))).toBeInTheDocument();
    }
  });

  it('every queue opens from its link under its title, with the columns of the spec, asking for its own rows', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/admin/get-orders-list/:folder', ({ params }) => {
        asked.push(String(params.folder));
        return okChecked(orderListRowSchema.array(), [orderRow()], { totalRecords: 1 });
      }),
    );
    const { user, location } = await renderStaffApp('/admin/recent-order', { as: 'Admin' });
    for (const folder of QUEUE_FOLDERS) {
      const { title, path } = folderDeclaration(folder);
      const link = screen.getAllByRole('link').find((a) => a.getAttribute('href') === path)!;
      await user.click(link);
      expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
      expect(location()).toBe(path);
      await waitFor(() => expect(asked.at(-1)).toBe(folder));
      expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
        '',
        'Order Id',
        'Name',
        'Email',
        'Telephone',
        expect.stringMatching(/^Arrival Date/),
        expect.stringMatching(/^Date & Time/),
        'Status',
        'Action',
      ]);
    }
    // It walks every queue of the table in turn: a minute on a busy two-core machine, not the project's 15 s.
  }, 60_000);
});

describe('a queue table', () => {
  it('writes a row as the spec does: name, +code telephone, zero-padded arrival, status; an assigned order grey', async () => {
    const free = orderRow({
      given_name: 'Kenji',
      surname: 'Sato',
      personal_phone_code: '81',
      personal_telephone_number: '9012345678',
      date_of_arrival_in_japan: 4,
      month_of_arrival_in_japan: 7,
      year_of_arrival_in_japan: 2031,
    });
    const taken = orderRow({ process_status: 'Pending', assigned_to_id: 3, assign_to: 'Tia Team' });
    answerQueue('orderHistory', [free, taken]);
    await renderStaffApp('/admin/order-history', { as: 'Manager' });
    await screen.findByText(free.email);
    expect(bodyRows()[0]!.slice(1, 6)).toEqual([
      String(free.order_id),
      'Kenji Sato',
      free.email,
      '+81 9012345678',
      '04/07/2031',
    ]);
    expect(bodyRows()[1]![7]).toBe('Pending');
    const views = screen.getAllByRole('link', { name: 'View' });
    expect(views[0]).toHaveClass('btn-primary');
    expect(views[1]).toHaveClass('btn-secondary');
    expect(views[1]).toHaveAttribute('title', 'Assigned to Tia Team');
    expect(views[0]).toHaveAttribute('href', expect.stringMatching(/^\/admin\/view-order\/.+/));
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
  });

  it('an empty queue says "No records found" and "No data available in table"', async () => {
    answerQueue('pendingOrder', []);
    await renderStaffApp('/admin/pending-order', { as: 'Team' });
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(screen.getByText('No data available in table')).toBeInTheDocument();
  });

  it("a refused page shows the server's message", async () => {
    answerList('orderHistory', () => refused(403, 'Order History is not available to your role.'));
    await renderStaffApp('/admin/order-history', { as: 'Telecaller' });
    expect(await screen.findByText('Order History is not available to your role.')).toBeInTheDocument();
    expect(screen.getByText('No records found')).toBeInTheDocument();
  });

  it('Refresh asks for the rows and the counts again', async () => {
    const requests = answerQueue('completedOrder', orderRows(2));
    let countsAsked = 0;
    server.use(
      http.get('/api/admin/get-folder-count', () => {
        countsAsked += 1;
        return okChecked(folderCountsSchema, folderCounts({ completedOrdersCount: 2 }));
      }),
    );
    const { user } = await renderStaffApp('/admin/completed-order', { as: 'Team' });
    await screen.findByText('Showing 1 to 2 of 2 entries');
    await waitFor(() => expect(countsAsked).toBeGreaterThan(0));
    const [lists, counts] = [requests.lists.length, countsAsked];
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(requests.lists.length).toBe(lists + 1));
    await waitFor(() => expect(countsAsked).toBe(counts + 1));
  });
});

describe('paging', () => {
  it('rows per page and the page go to the address and to the request; the address opens on that page', async () => {
    const rows = orderRows(60);
    const requests = answerQueue('orderHistory', rows);
    const { user, location } = await renderStaffApp('/admin/order-history', { as: 'Night Staff' });
    await screen.findByText('Showing 1 to 10 of 60 entries');
    expect(bodyRows()).toHaveLength(10);

    await user.selectOptions(screen.getByLabelText('Rows per page'), '25');
    expect(await screen.findByText('Showing 1 to 25 of 60 entries')).toBeInTheDocument();
    expect(location()).toBe('/admin/order-history?limit=25');
    expect(bodyRows()).toHaveLength(25);
    expect(requests.lists.at(-1)?.get('limit')).toBe('25');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 26 to 50 of 60 entries')).toBeInTheDocument();
    expect(location()).toBe('/admin/order-history?limit=25&page=2');
    expect(bodyRows()[0]![1]).toBe(String(rows[25]!.order_id));
    expect(requests.lists.at(-1)?.get('page')).toBe('2');
  });

  it('an address with a page and a size opens on that page (as a reload does)', async () => {
    const rows = orderRows(60);
    answerQueue('orderHistory', rows);
    await renderStaffApp('/admin/order-history?limit=25&page=3', { as: 'Team' });
    expect(await screen.findByText('Showing 51 to 60 of 60 entries')).toBeInTheDocument();
    expect(bodyRows()[0]![1]).toBe(String(rows[50]!.order_id));
  });

  it('offers 10, 25, 50, 100, 500 and All rows; All asks for at least the whole total', async () => {
    const requests = answerQueue('completedOrder', orderRows(37));
    const { user, location } = await renderStaffApp('/admin/completed-order', { as: 'Team' });
    await screen.findByText('Showing 1 to 10 of 37 entries');
    const sizes = within(screen.getByLabelText('Rows per page')).getAllByRole('option');
    expect(sizes.map((o) => o.textContent)).toEqual(['10', '25', '50', '100', '500', 'All']);
    await user.selectOptions(screen.getByLabelText('Rows per page'), 'All');
    expect(await screen.findByText('Showing 1 to 37 of 37 entries')).toBeInTheDocument();
    expect(location()).toBe('/admin/completed-order?limit=all');
    expect(Number(requests.lists.at(-1)?.get('limit'))).toBeGreaterThanOrEqual(37);
  });

  it('a page whose rows are slow stays as it was, with a bar saying the page loads, until they come', async () => {
    const rows = orderRows(20);
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    answerList('orderHistory', async (query) => {
      const page = Number(query.get('page') ?? 1);
      if (page === 2) await answered;
      return okChecked(orderListRowSchema.array(), rows.slice((page - 1) * 10, page * 10), {
        totalRecords: 20,
        totalCapped: false,
        totalEstimated: false,
      });
    });
    const { user, location } = await renderStaffApp('/admin/order-history', { as: 'Team' });
    await screen.findByText('Showing 1 to 10 of 20 entries');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 20 entries')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Showing 11 to 20 of 20 entries')).toBeInTheDocument();
    expect(location()).toBe('/admin/order-history?page=2');
    expect(screen.queryByRole('progressbar', { name: 'Loading the page' })).not.toBeInTheDocument();
  });
});

describe('the search', () => {
  it('searches the whole folder on the server (POST admin/search-order) once typing pauses, kept in the address', async () => {
    const match = orderRow({ given_name: 'ZEPHYRINE', surname: 'QUACKENBUSH' });
    const requests = answerQueue('newOrder', orderRows(12), {
      searched: (text) => (text === 'zephyrine quack' ? [match] : []),
    });
    const { user, location } = await renderStaffApp('/admin/recent-order', { as: 'Telecaller' });
    await screen.findByText('Showing 1 to 10 of 12 entries');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zephyrine quack');
    expect(await screen.findByText('Showing 1 to 1 of 1 entries')).toBeInTheDocument();
    expect(screen.getByText(match.email)).toBeInTheDocument();
    expect(location()).toBe('/admin/recent-order?q=zephyrine+quack');
    expect(requests.searches).toEqual([{ start: 0, end: 10, searchVal: 'zephyrine quack', folderName: 'newOrder' }]);

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'no-such-customer');
    expect(await screen.findByText('No data available in table')).toBeInTheDocument();
    expect(screen.getByText('No records found')).toBeInTheDocument();
  });

  it('a search in the address pages on the server: page 2 asks for rows 10 to 20', async () => {
    const found = orderRows(15);
    const requests = answerQueue('orderHistory', [], { searched: () => found });
    const { user } = await renderStaffApp('/admin/order-history?q=hana', { as: 'Manager' });
    await screen.findByText('Showing 1 to 10 of 15 entries');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('hana');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 11 to 15 of 15 entries')).toBeInTheDocument();
    expect(requests.searches.at(-1)).toEqual({ start: 10, end: 20, searchVal: 'hana', folderName: 'orderHistory' });
    expect(requests.lists).toEqual([]);
  });
});

describe('what each role may do in a queue', () => {
  it('New Orders: a Team member may assign to themselves, but sees no Delete', async () => {
    answerQueue('newOrder', orderRows(2));
    await renderStaffApp('/admin/recent-order', { as: 'Team' });
    await screen.findByText('Showing 1 to 2 of 2 entries');
    expect(screen.getByRole('button', { name: 'Assign to me' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move to Original Folder' })).not.toBeInTheDocument();
  });

  it('My Order: Move to Original Folder for all; Delete for an Admin only', async () => {
    answerQueue('myOrder', orderRows(1, { assigned_to_id: 2, assign_to: 'Max Manager' }));
    await renderStaffApp('/admin/my-order', { as: 'Manager' });
    await screen.findByText('Showing 1 to 1 of 1 entries');
    expect(screen.getByRole('button', { name: 'Move to Original Folder' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('My Order for an Admin: Delete Order and each row Delete', async () => {
    answerQueue('myOrder', orderRows(1, { assigned_to_id: 1, assign_to: 'Ada Admin' }));
    await renderStaffApp('/admin/my-order', { as: 'Admin' });
    await screen.findByText('Showing 1 to 1 of 1 entries');
    expect(screen.getByRole('button', { name: 'Delete Order' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('Refund Orders: Refunded it and Move to complete with refund mail; Delete Order for a Manager', async () => {
    answerQueue('refundOrder', orderRows(1, { process_status: 'Refunds' }));
    await renderStaffApp('/admin/refund-order', { as: 'Manager' });
    await screen.findByText('Showing 1 to 1 of 1 entries');
    expect(screen.getByRole('button', { name: 'Refunded it' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move to complete with refund mail' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Order' })).toBeInTheDocument();
  });

  it("ChargeBack: a Manager has each row's defence packs and Delete", async () => {
    answerQueue('ChargeBack', orderRows(1, { process_status: 'ChargeBack' }));
    await renderStaffApp('/admin/chargeback', { as: 'Manager' });
    await screen.findByText('Showing 1 to 1 of 1 entries');
    const row = within(screen.getAllByRole('row')[1]!);
    expect(row.getAllByRole('link').map((link) => link.textContent)).toEqual(['View', 'Pack 1', 'Pack 2']);
    expect(row.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('a queue with no actions of its own offers none (Pending Orders, for an Admin)', async () => {
    answerQueue('pendingOrder', orderRows(1, { process_status: 'Pending' }));
    await renderStaffApp('/admin/pending-order', { as: 'Admin' });
    await screen.findByText('Showing 1 to 1 of 1 entries');
    for (const name of ['Assign to me', 'Move to Original Folder', 'Refunded it', 'Delete Order', 'Delete'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View' })).toBeInTheDocument();
  });
});

describe('single-order actions', () => {
  it('Assign to me does nothing without a selection; with one it asks, assigns, says so, and the counts follow', async () => {
    const [first, second] = orderRows(2);
    let assigned = false;
    answerList('newOrder', () =>
      okChecked(orderListRowSchema.array(), assigned ? [second!] : [first!, second!], {
        totalRecords: assigned ? 1 : 2,
      }),
    );
    server.use(
      http.get('/api/admin/get-folder-count', () =>
        okChecked(
          folderCountsSchema,
          folderCounts(assigned ? { newOrdersCount: 1, myOrdersCount: 1 } : { newOrdersCount: 2, myOrdersCount: 0 }),
        ),
      ),
    );
    // As the server does: the change's events go to every open stream, this member's own too; the counts follow them.
    const live = liveStreamControl(MEMBERS.Team.id);
    server.use(live.handler);
    const bodies = answerAction('assign-order-status', () => {
      assigned = true;
      live.send('counts', {});
      return okChecked(assignResultSchema, { assigned: [first!.order_id], alreadyYours: [] });
    });
    const { user } = await renderStaffApp('/admin/recent-order', { as: 'Team' });
    await screen.findByText(first!.email);
    const tile = (label: string) => screen.getByRole('link', { name: new RegExp(label) });
    await waitFor(() => expect(tile('New Orders')).toHaveTextContent(/^2/));

    await user.click(screen.getByRole('button', { name: 'Assign to me' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: `Select order ${first!.order_id}` }));
    await user.click(screen.getByRole('button', { name: 'Assign to me' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure want to assigned orders.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Order has been assigned successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ orderId: [first!.order_id] }]);
    await waitFor(() => expect(screen.queryByText(first!.email)).not.toBeInTheDocument());
    await waitFor(() => expect(tile('New Orders')).toHaveTextContent(/^1/));
    expect(tile('My Orders')).toHaveTextContent(/^1/);
  });

  it("reads the counts once after the member's own assignment: through the change's live event, as every tab does", async () => {
    const [row] = orderRows(1);
    let assigned = false;
    let countReads = 0;
    const live = liveStreamControl(MEMBERS.Team.id);
    answerList('newOrder', () =>
      okChecked(orderListRowSchema.array(), assigned ? [] : [row!], { totalRecords: assigned ? 0 : 1 }),
    );
    server.use(
      live.handler,
      http.get('/api/admin/get-folder-count', () => {
        countReads += 1;
        return okChecked(folderCountsSchema, folderCounts({ newOrdersCount: assigned ? 0 : 1 }));
      }),
    );
    answerAction('assign-order-status', () => {
      assigned = true;
      live.send('counts', {});
      return okChecked(assignResultSchema, { assigned: [row!.order_id], alreadyYours: [] });
    });
    const { user } = await renderStaffApp('/admin/recent-order', { as: 'Team' });
    await screen.findByText(row!.email);
    await screen.findByText('Live');
    await user.click(screen.getByRole('checkbox', { name: `Select order ${row!.order_id}` }));
    await user.click(screen.getByRole('button', { name: 'Assign to me' }));
    const before = countReads;
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Order has been assigned successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(row!.email)).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(countReads - before).toBe(1);
  });

  it("a refused assignment shows the server's message and keeps the row", async () => {
    const [row] = orderRows(1);
    answerQueue('priorityOrder', [row!]);
    answerAction('assign-order-status', () => refused(409, 'Another member already holds this order.'));
    const { user } = await renderStaffApp('/admin/priority-order', { as: 'Team' });
    await user.click(await screen.findByRole('checkbox', { name: `Select order ${row!.order_id}` }));
    await user.click(screen.getByRole('button', { name: 'Assign to me' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Another member already holds this order.')).toBeInTheDocument();
    expect(screen.getByText(row!.email)).toBeInTheDocument();
  });

  it("a Manager's Delete asks first: Cancel changes nothing, Yes deletes and says so", async () => {
    const rows = orderRows(2);
    answerQueue('newOrder', rows);
    const bodies = answerAction('change-order-status', () =>
      okChecked(moveResultSchema, { moved: [rows[0]!.order_id], unchanged: [] }),
    );
    const { user } = await renderStaffApp('/admin/recent-order', { as: 'Manager' });
    await screen.findByText(rows[0]!.email);
    await user.click(within(rowOf(rows[0]!.order_id)).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([]);

    await user.click(within(rowOf(rows[0]!.order_id)).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Order has been deleted successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ orderId: [rows[0]!.order_id], updatingStatus: 'Deleted', permanentDeletedFlag: false }]);
  });

  it("Move to Original Folder asks, sends the selected orders and shows the server's message", async () => {
    const rows = orderRows(2, { assigned_to_id: 3, assign_to: 'Tia Team' });
    answerQueue('myOrder', rows);
    const bodies = answerAction('move-to-original-folder', () =>
      ok(
        releaseResultSchema.parse({ released: rows.map((r) => r.order_id) }),
        {},
        'Orders have been moved to new orders successfully',
      ),
    );
    const { user } = await renderStaffApp('/admin/my-order', { as: 'Team' });
    await screen.findByText(rows[0]!.email);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await user.click(screen.getByRole('button', { name: 'Move to Original Folder' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure want to move orders to new orders.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Orders have been moved to new orders successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ orderId: rows.map((r) => r.order_id) }]);
  });

  it("Refunded it and Move to complete with refund mail each ask, send the selection and show the server's message", async () => {
    const [row] = orderRows(1, { process_status: 'Refunds' });
    answerQueue('refundOrder', [row!]);
    const refundedBodies = answerAction('mark-refunded', () =>
      ok(
        refundResultSchema.parse({ refunded: [row!.order_id], alreadyRefunded: [] }),
        {},
        'Order has been marked as refunded',
      ),
    );
    const completedBodies = answerAction('move-to-complete-refund', () =>
      ok(
        moveResultSchema.parse({ moved: [row!.order_id], unchanged: [] }),
        {},
        'Order has been moved to Completed and the refund mail queued',
      ),
    );
    const { user } = await renderStaffApp('/admin/refund-order', { as: 'Team' });
    const tick = async () => {
      const box = await screen.findByRole('checkbox', { name: `Select order ${row!.order_id}` });
      if (!(box as HTMLInputElement).checked) await user.click(box);
    };
    await tick();
    await user.click(screen.getByRole('button', { name: 'Refunded it' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to mark the selected orders as refunded?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Order has been marked as refunded')).toBeInTheDocument();
    expect(refundedBodies).toEqual([{ orderId: [row!.order_id] }]);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await tick();
    await user.click(screen.getByRole('button', { name: 'Move to complete with refund mail' }));
    dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to move the selected orders to Completed and send the refund mail?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Order has been moved to Completed and the refund mail queued')).toBeInTheDocument();
    expect(completedBodies).toEqual([{ orderId: [row!.order_id] }]);
  });
});

describe('from one queue to another', () => {
  it("a queue link's click starts the other queue afresh: none of the rows, search, selection, focus or filters before", async () => {
    const newOrders = orderRows(3);
    const history = orderRows(2);
    answerQueue('newOrder', newOrders);
    answerQueue('orderHistory', history);
    const { user, location } = await renderStaffApp('/admin/recent-order', { as: 'Team' });
    await screen.findByText(newOrders[0]!.email);
    await user.click(screen.getByRole('checkbox', { name: `Select order ${newOrders[0]!.order_id}` }));
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByRole('form', { name: 'Filters' })).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { level: 1 }));
    await user.keyboard('j');
    expect(rowOf(newOrders[0]!.order_id)).toHaveAttribute('aria-current', 'true');
    // A search typed but not yet sent (the box waits for typing to pause): it must not land on the next queue.
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /Order History/ }),
    );
    expect(await screen.findByRole('heading', { name: 'Order History', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(history[0]!.email)).toBeInTheDocument();
    for (const row of newOrders) expect(screen.queryByText(row.email)).not.toBeInTheDocument();
    // Past the search box's wait: the search typed on New Orders does not arrive here.
    await new Promise((resolve) => setTimeout(resolve, 600));

    expect(location()).toBe('/admin/order-history');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(screen.queryByText(/\d+ selected/)).not.toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox', { checked: true })).toEqual([]);
    expect(screen.queryByRole('row', { current: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('a search still waiting when a queue link is followed neither stops the link nor follows it there', async () => {
    const newOrders = orderRows(2);
    const history = orderRows(1);
    answerQueue('newOrder', newOrders);
    const { user, location } = await renderStaffApp('/admin/recent-order', { as: 'Team' });
    await screen.findByText(newOrders[0]!.email);
    // Order History answers only after the search box's wait has passed: the link's navigation is pending meanwhile.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/admin/get-orders-list/orderHistory', async () => {
        await answered;
        return okChecked(orderListRowSchema.array(), history, { totalRecords: history.length });
      }),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /Order History/ }),
    );
    await new Promise((resolve) => setTimeout(resolve, 700));
    answer();
    expect(await screen.findByText(history[0]!.email)).toBeInTheDocument();
    expect(location()).toBe('/admin/order-history');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('Back while a queue asks to confirm closes the question: it was about the queue left', async () => {
    const rows = orderRows(2);
    answerQueue('orderHistory', orderRows(1));
    answerQueue('newOrder', rows);
    const bodies = answerAction('assign-order-status', () =>
      okChecked(assignResultSchema, { assigned: [rows[0]!.order_id], alreadyYours: [] }),
    );
    const { user, back } = await renderStaffApp('/admin/order-history', { as: 'Team' });
    await screen.findByText('Showing 1 to 1 of 1 entries');
    await user.click(screen.getByRole('link', { name: /New Orders/ }));
    await user.click(await screen.findByRole('checkbox', { name: `Select order ${rows[0]!.order_id}` }));
    await user.click(screen.getByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Are you sure want to assigned orders.');
    await back();
    expect(await screen.findByRole('heading', { name: 'Order History', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Are you sure want to assigned orders.')).not.toBeInTheDocument());
    expect(bodies).toEqual([]);
  });
});
