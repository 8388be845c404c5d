/**
 * Queue filters and saved views: a filter built in the panel goes to the address (a new entry: Back returns to the
 * queue before) and to the server; a wrong filter is named before the server is asked; the sort; a view saved with
 * the address's filters, and opened from under the title.
 */
import { http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { savedViewSchema, type SavedView } from '../../../../shared/schemas/saved-views';
import { ok, okChecked } from '../../../test/answers';
import { orderRows } from '../../../test/fixtures/orders';
import { answerQueue, answerTeamMembers, openQueueOnce } from '../../../test/fixtures/queues';
import { renderStaffApp, screen } from '../../../test/render-app';
import { server } from '../../../test/server';

beforeAll(() => openQueueOnce(), 90_000);
beforeEach(() => answerTeamMembers());

const chips = () => [...document.querySelectorAll('.queue-filter-chip')].map((chip) => chip.textContent);

function savedView(fields: Partial<SavedView>): SavedView {
  return savedViewSchema.parse({
    id: 1,
    folder: 'orderHistory',
    name: 'Tokelau priority',
    query: 'processingMode=priority&nationality=Tokelau&sort=name',
    shared: false,
    ownerId: 2,
    ownerName: 'Max Manager',
    mine: true,
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    ...fields,
  });
}

describe('queue filters', () => {
  it('builds a filter from the panel: in the address and the request, shown as chips; Back returns to the queue before', async () => {
    const requests = answerQueue('orderHistory', orderRows(3));
    const { user, location, back } = await renderStaffApp('/admin/order-history', { as: 'Manager' });
    await screen.findByText('Showing 1 to 3 of 3 entries');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = screen.getByRole('form', { name: 'Filters' });
    await user.selectOptions(within(panel).getByLabelText('Nationality'), 'Tokelau');
    await user.selectOptions(within(panel).getByLabelText('Processing mode'), 'priority');
    await user.click(within(panel).getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(location()).toBe('/admin/order-history?processingMode=priority&nationality=Tokelau'));
    await waitFor(() => expect(requests.lists.at(-1)?.get('nationality')).toBe('Tokelau'));
    expect(requests.lists.at(-1)?.get('processingMode')).toBe('priority');
    await waitFor(() => expect(chips()).toEqual(['Mode: Priority', 'Nationality: Tokelau']));
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument();

    await back();
    expect(location()).toBe('/admin/order-history');
    await waitFor(() => expect(chips()).toEqual([]));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });

  it('a chip removes its filter; Clear filters removes them all', async () => {
    const requests = answerQueue('newOrder', orderRows(2));
    const { user, location } = await renderStaffApp('/admin/recent-order?nationality=India&processingMode=priority', {
      as: 'Team',
    });
    await screen.findByText('Showing 1 to 2 of 2 entries');
    expect(chips()).toEqual(['Mode: Priority', 'Nationality: India']);
    expect(requests.lists[0]?.get('nationality')).toBe('India');
    await user.click(screen.getByRole('button', { name: 'Remove filter Nationality' }));
    await waitFor(() => expect(location()).toBe('/admin/recent-order?processingMode=priority'));
    await waitFor(() => expect(chips()).toEqual(['Mode: Priority']));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/admin/recent-order'));
    await waitFor(() => expect(chips()).toEqual([]));
  });

  it('says what is wrong with a filter before asking the server', async () => {
    const requests = answerQueue('orderHistory', orderRows(1));
    const { user, location } = await renderStaffApp('/admin/order-history', { as: 'Team' });
    await screen.findByText('Showing 1 to 1 of 1 entries');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = screen.getByRole('form', { name: 'Filters' });
    await user.type(within(panel).getByLabelText('Arrival from'), '2030-05-02');
    await user.type(within(panel).getByLabelText('Arrival to'), '2030-05-01');
    const asked = requests.lists.length;
    await user.click(within(panel).getByRole('button', { name: 'Apply filters' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('arrivalTo must be on or after arrivalFrom.');
    expect(location()).toBe('/admin/order-history');
    expect(requests.lists).toHaveLength(asked);
  });

  it('the sort goes to the address and the request, and keeps the filters; a search carries both', async () => {
    const requests = answerQueue('orderHistory', orderRows(3), { searched: () => orderRows(1) });
    const { user, location } = await renderStaffApp('/admin/order-history?nationality=Tokelau', { as: 'Team' });
    await screen.findByText('Showing 1 to 3 of 3 entries');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'name');
    await waitFor(() => expect(location()).toBe('/admin/order-history?nationality=Tokelau&sort=name'));
    await waitFor(() => expect(requests.lists.at(-1)?.get('sort')).toBe('name'));
    expect(requests.lists.at(-1)?.get('nationality')).toBe('Tokelau');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'hana');
    await screen.findByText('Showing 1 to 1 of 1 entries');
    expect(requests.searches).toEqual([
      {
        start: 0,
        end: 10,
        searchVal: 'hana',
        folderName: 'orderHistory',
        sort: 'name',
        nationality: ['Tokelau'],
      },
    ]);
  });
});

describe('an estimated filtered total', () => {
  it('reads "about", and Count exactly asks for the exact count and shows it; new filters estimate again', async () => {
    const requests = answerQueue('orderHistory', orderRows(12), { total: 9137, estimate: 9039 });
    const { user, location } = await renderStaffApp(
      '/admin/order-history?nationality=Tokelau&processingMode=priority',
      {
        as: 'Manager',
      },
    );
    expect(await screen.findByText('Showing 1 to 10 of about 9,000 entries')).toBeInTheDocument();
    expect(requests.lists.at(-1)?.get('exactTotal')).toBeNull();

    // The exact count is held back a moment: the button says it is counting meanwhile.
    let release = () => {};
    const counted = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/admin/get-orders-list/:folder', async ({ request }) => {
        if (new URL(request.url).searchParams.get('exactTotal') === '1') await counted;
        return undefined; // then answered by answerQueue
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Count exactly' }));
    expect(await screen.findByRole('button', { name: 'Counting…' })).toBeDisabled();
    release();
    expect(await screen.findByText('Showing 1 to 10 of 9,137 entries')).toBeInTheDocument();
    expect(requests.lists.at(-1)?.get('exactTotal')).toBe('1');
    expect(location()).toBe('/admin/order-history?nationality=Tokelau&processingMode=priority&total=exact');
    expect(screen.queryByRole('button', { name: 'Count exactly' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove filter Nationality' }));
    await waitFor(() => expect(location()).toBe('/admin/order-history?processingMode=priority'));
    expect(await screen.findByText('Showing 1 to 10 of about 9,000 entries')).toBeInTheDocument();
  });

  it('offers "all matching" to a bulk action only once the total is counted exactly', async () => {
    answerQueue('orderHistory', orderRows(40), { total: 40, estimate: 61 });
    const { user } = await renderStaffApp('/admin/order-history?processingMode=priority', { as: 'Manager' });
    await screen.findByText('Showing 1 to 10 of about 61 entries');
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(toolbar).toHaveTextContent('About 61 orders match. Count them exactly to select them all.');
    expect(within(toolbar).queryByRole('button', { name: /Select all/ })).not.toBeInTheDocument();

    await user.click(within(toolbar).getByRole('button', { name: 'Count them exactly' }));
    await screen.findByText('Showing 1 to 10 of 40 entries');
    await user.click(
      within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', {
        name: 'Select all 40 matching the filter',
      }),
    );
    expect(screen.getByRole('toolbar', { name: 'Bulk actions' })).toHaveTextContent('All 40 matching orders selected');
  });
});

describe('saved views', () => {
  it("saves the address's filters, sort and size under a name (shared by a Manager), and lists it under the title", async () => {
    answerQueue('orderHistory', orderRows(2));
    const views: SavedView[] = [];
    const created: unknown[] = [];
    server.use(
      http.get('/api/admin/saved-views', () => okChecked(savedViewSchema.array(), views)),
      http.post('/api/admin/saved-views', async ({ request }) => {
        const body = (await request.json()) as { name: string; query: string; shared: boolean };
        created.push(body);
        const view = savedView({ id: 9, name: body.name, query: body.query, shared: body.shared });
        views.push(view);
        return okChecked(savedViewSchema, view);
      }),
    );
    const { user } = await renderStaffApp(
      '/admin/order-history?processingMode=priority&nationality=Tokelau&sort=name&limit=50&q=hana',
      { as: 'Manager' },
    );
    await user.click(await screen.findByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a name for the view.')).toBeInTheDocument();
    expect(created).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), 'Tokelau priority');
    await user.click(within(dialog).getByLabelText('Share with everyone'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('View saved.')).toBeInTheDocument();
    expect(created).toEqual([
      {
        folder: 'orderHistory',
        name: 'Tokelau priority',
        query: 'limit=50&nationality=Tokelau&processingMode=priority&sort=name',
        shared: true,
      },
    ]);
    const bar = await screen.findByRole('navigation', { name: 'Saved views' });
    expect(within(bar).getByRole('link', { name: /Tokelau priority/ })).toHaveAttribute('aria-current', 'page');
  });

  it("opens a colleague's shared view: its filters in the address and the request; no share or delete for a Team member", async () => {
    const requests = answerQueue('orderHistory', orderRows(4));
    server.use(
      http.get('/api/admin/saved-views', () =>
        okChecked(savedViewSchema.array(), [savedView({ shared: true, mine: false })]),
      ),
    );
    const { user, location } = await renderStaffApp('/admin/order-history', { as: 'Team' });
    await screen.findByText('Showing 1 to 4 of 4 entries');
    const bar = await screen.findByRole('navigation', { name: 'Saved views' });
    const link = within(bar).getByRole('link', { name: /^Tokelau priority/ });
    expect(link).toHaveTextContent('(shared)');
    expect(link).not.toHaveAttribute('aria-current');
    expect(within(bar).queryAllByRole('button')).toEqual([]);
    await user.click(link);
    await waitFor(() =>
      expect(location()).toBe('/admin/order-history?processingMode=priority&nationality=Tokelau&sort=name'),
    );
    await waitFor(() => expect(requests.lists.at(-1)?.get('sort')).toBe('name'));
    expect(requests.lists.at(-1)?.get('nationality')).toBe('Tokelau');
    await waitFor(() => expect(chips()).toEqual(['Mode: Priority', 'Nationality: Tokelau']));
    expect(within(bar).getByRole('link', { name: /^Tokelau priority/ })).toHaveAttribute('aria-current', 'page');
  });

  it('the owner deletes their view after a question', async () => {
    answerQueue('orderHistory', orderRows(1));
    let views = [savedView({ id: 4, name: 'Mine' })];
    const deleted: string[] = [];
    server.use(
      http.get('/api/admin/saved-views', () => okChecked(savedViewSchema.array(), views)),
      http.delete('/api/admin/saved-views/:id', ({ params }) => {
        deleted.push(String(params.id));
        views = [];
        return ok(null, {}, 'View deleted.');
      }),
    );
    const { user } = await renderStaffApp('/admin/order-history', { as: 'Team' });
    await user.click(await screen.findByRole('button', { name: 'Delete view Mine' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the view "Mine"?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('View deleted.')).toBeInTheDocument();
    expect(deleted).toEqual(['4']);
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Saved views' })).not.toBeInTheDocument());
  });
});
