/**
 * The report screens as a member uses them: Country Order List and Order Processed (the date range asked for, the
 * table and the chart of the answer, the search on the client), Order Processing Logs (both dates, an order id's
 * search, pages) and one order's Process Logs Details (grouped by step, narrowed by topic).
 */
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { z } from 'zod';
import { encodeId } from '../../../../shared/ids';
import {
  countryRowSchema,
  processedByRowSchema,
  processingLogRowSchema,
  processLogSchema,
} from '../../../../shared/schemas/reports';
import { BOTH_DATES_MESSAGE, DATE_ORDER_MESSAGE } from '../../../../shared/schemas/reports-texts';
import { fill } from '../../../test/fill';
import { okChecked, refused } from '../../../test/answers';
import { countryRow, processedByRow, processingLogRow, processLog } from '../../../test/fixtures/reports';
import { renderStaffApp, screen } from '../../../test/render-app';
import { server } from '../../../test/server';
import { openOnce } from '../../../test/open-once';

beforeAll(async () => {
  await openOnce('/admin/country-order-list', 'No records found', () =>
    server.use(http.post('/api/admin/get-country-order-count', () => okChecked(z.array(countryRowSchema), []))),
  );
  await openOnce('/admin/processed-by-info', 'No records found', () =>
    server.use(
      http.post('/api/admin/get-processed-by-info', () =>
        okChecked(z.array(processingLogRowSchema), [], { totalRecords: 0, totalCapped: false }),
      ),
    ),
  );
  await openOnce(`/admin/view-process-logs/${encodeId(100_001)}`, 'No record found', () =>
    server.use(http.get('/api/admin/get-processlogs-by-orderid/:id', () => okChecked(z.array(processLogSchema), []))),
  );
}, 120_000);

/** The current UTC month, first and last day, written independently of the screen's own helper. */
function thisMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  return { fromDate: first.toISOString().slice(0, 10), toDate: last.toISOString().slice(0, 10) };
}

/** Answers `path` with `rows` (checked by `schema`) and `message`, keeping every request body it got. */
function reportAnswer<S extends z.ZodType>(path: string, schema: S, rows: z.input<S>[], message: string) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`/api/admin/${path}`, async ({ request }) => {
      bodies.push(await request.json());
      return okChecked(z.array(schema), rows, { message });
    }),
  );
  return bodies;
}

/** The body rows of the first table, each as its cells' text. */
const tableRows = () =>
  within(screen.getAllByRole('table')[0]!)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );

const COUNTRIES = [
  countryRow('India', { count: 12, priority_count: 3, future_count: 1 }),
  countryRow('Malaysia', { count: 7, priority_count: 2 }),
  countryRow('France', { count: 4 }),
  countryRow('', { count: 2 }),
];

describe('Country Order List', () => {
  it('asks for this month by default and shows the answer: the table with its total, the chart, the message', async () => {
    const bodies = reportAnswer(
      'get-country-order-count',
      countryRowSchema,
      COUNTRIES,
      'Country order list fetched successfully.',
    );
    await renderStaffApp('/admin/country-order-list', { as: 'Team' });

    expect(await screen.findByRole('cell', { name: 'Malaysia' })).toBeInTheDocument();
    expect(bodies).toEqual([thisMonth()]);
    expect(screen.getByLabelText('From')).toHaveValue(thisMonth().fromDate);
    expect(screen.getByLabelText('To')).toHaveValue(thisMonth().toDate);
    expect(screen.getByRole('heading', { name: 'Country Order Details' })).toBeInTheDocument();
    expect(screen.getByText('Country order list fetched successfully.')).toBeInTheDocument();
    expect(screen.getByText(/· 4 rows$/)).toBeInTheDocument();
    expect(tableRows()).toEqual([
      ['1', 'India', '12', '8', '3', '1'],
      ['2', 'Malaysia', '7', '5', '2', '0'],
      ['3', 'France', '4', '4', '0', '0'],
      // Orders whose passport details the retention policy erased have no nationality left.
      ['4', 'Erased (retention)', '2', '2', '0', '0'],
      ['Total', '', '25', '19', '5', '1'],
    ]);
    expect(screen.getByRole('img', { name: /^Orders per nationality: / })).toHaveAccessibleName(
      'Orders per nationality: India 12, Malaysia 7, France 4, Erased (retention) 2',
    );
  });

  it('asks for the dates chosen, and puts them in the address', async () => {
    const bodies = reportAnswer('get-country-order-count', countryRowSchema, COUNTRIES, 'ok');
    const { user, location } = await renderStaffApp('/admin/country-order-list');
    await screen.findByRole('cell', { name: 'India' });

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-09-15');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-10-02');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await expect.poll(() => bodies.at(-1)).toEqual({ fromDate: '2026-09-15', toDate: '2026-10-02' });
    expect(location()).toBe('/admin/country-order-list?from=2026-09-15&to=2026-10-02');
    expect(await screen.findByText(/^2026-09-15 – 2026-10-02 \(UTC days\)/)).toBeInTheDocument();

    // "This month" goes back to the default range.
    await user.click(screen.getByRole('button', { name: 'This month' }));
    const { fromDate, toDate } = thisMonth();
    await expect.poll(location).toBe(`/admin/country-order-list?from=${fromDate}&to=${toDate}`);
    expect(screen.getByLabelText('From')).toHaveValue(fromDate);
    expect(await screen.findByText(`${fromDate} – ${toDate} (UTC days) · 4 rows`)).toBeInTheDocument();
  });

  it('refuses a From date after the To date, and asks for nothing', async () => {
    const bodies = reportAnswer('get-country-order-count', countryRowSchema, COUNTRIES, 'ok');
    const { user } = await renderStaffApp('/admin/country-order-list?from=2026-10-01&to=2026-10-31');
    await screen.findByRole('cell', { name: 'India' });

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-05');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(DATE_ORDER_MESSAGE)).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });

  it('asks for every date when the address says none ("all time")', async () => {
    const bodies = reportAnswer('get-country-order-count', countryRowSchema, COUNTRIES, 'ok');
    await renderStaffApp('/admin/country-order-list?from=&to=');
    await screen.findByRole('cell', { name: 'India' });
    expect(bodies).toEqual([{ fromDate: '', toDate: '' }]);
    expect(screen.getByText(/^all time · 4 rows$/)).toBeInTheDocument();
  });

  it('searches the nationalities on the screen, without asking again; nothing found turns Export off', async () => {
    const bodies = reportAnswer('get-country-order-count', countryRowSchema, COUNTRIES, 'ok');
    const { user, location } = await renderStaffApp('/admin/country-order-list');
    await screen.findByRole('cell', { name: 'India' });

    await fill(user, screen.getByRole('searchbox', { name: 'Search' }), 'IA');
    // Case-insensitive "contains": India and Malaysia, not France.
    await screen.findByText(/· 2 rows$/);
    expect(tableRows().map((cells) => cells[1])).toEqual(['India', 'Malaysia', '']);
    expect(location()).toContain('q=IA');
    expect(screen.getByRole('img', { name: /^Orders per nationality: / })).toHaveAccessibleName(
      'Orders per nationality: India 12, Malaysia 7',
    );
    expect(bodies).toHaveLength(1);

    await fill(user, screen.getByRole('searchbox', { name: 'Search' }), 'atlantis');
    expect(await screen.findByRole('cell', { name: 'No records found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export Country Order Details' })).toBeDisabled();
  });

  it('shows ten rows a page, the next ones on page 2', async () => {
    const many = Array.from({ length: 13 }, (_, i) => countryRow(`Country ${String(i + 1).padStart(2, '0')}`));
    reportAnswer('get-country-order-count', countryRowSchema, many, 'ok');
    const { user, location } = await renderStaffApp('/admin/country-order-list');
    await screen.findByRole('cell', { name: 'Country 01' });
    expect(screen.queryByRole('cell', { name: 'Country 11' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('cell', { name: 'Country 11' })).toBeInTheDocument();
    expect(tableRows().map((cells) => cells[0])).toEqual(['11', '12', '13', 'Total']);
    expect(location()).toContain('page=2');
  });

  it("says the server's reason when the report is refused", async () => {
    server.use(http.post('/api/admin/get-country-order-count', () => refused(400, 'Dates are written YYYY-MM-DD.')));
    await renderStaffApp('/admin/country-order-list');
    expect(await screen.findByText('Dates are written YYYY-MM-DD.')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'No records found' })).toBeInTheDocument();
  });
});

describe('Order Processed', () => {
  const STAFF = [processedByRow('Sota Sorter', 12), processedByRow('Rin Reporter', 30), processedByRow('Ada', 1)];

  it('counts the orders each staff member processed, with a chart of them, largest first', async () => {
    const bodies = reportAnswer(
      'get-processed-by-count',
      processedByRowSchema,
      STAFF,
      'Processed order list fetched successfully.',
    );
    await renderStaffApp('/admin/processed-order', { as: 'Manager' });

    expect(await screen.findByRole('cell', { name: 'Rin Reporter' })).toBeInTheDocument();
    expect(bodies).toEqual([thisMonth()]);
    expect(screen.getByRole('heading', { name: 'Processed By' })).toBeInTheDocument();
    expect(screen.getByText('Processed order list fetched successfully.')).toBeInTheDocument();
    // The table keeps the answer's order; the chart ranks.
    expect(tableRows()).toEqual([
      ['1', 'Sota Sorter', '12'],
      ['2', 'Rin Reporter', '30'],
      ['3', 'Ada', '1'],
      ['Total', '', '43'],
    ]);
    const chart = screen.getByRole('img', { name: /^Orders per staff member: / });
    expect(chart).toHaveAccessibleName('Orders per staff member: Rin Reporter 30, Sota Sorter 12, Ada 1');
    expect(within(chart).getByText('Rin Reporter')).toBeInTheDocument();
  });

  it("labels the chart's ten largest and shortens a long name in the bar's label only", async () => {
    const staff = Array.from({ length: 12 }, (_, i) => processedByRow(`Member ${i + 1}`, 100 - i));
    staff.push(processedByRow('Bartholomew Longname-Smythe', 500));
    reportAnswer('get-processed-by-count', processedByRowSchema, staff, 'ok');
    await renderStaffApp('/admin/processed-order', { as: 'Admin' });

    expect(await screen.findByText('Orders per staff member (top 10 of 13)')).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: /^Orders per staff member/ });
    expect(chart.getAttribute('aria-label')).toMatch(/^Orders per staff member: Bartholomew Longname-Smythe 500, /);
    expect(within(chart).getByText('Bartholomew Long…')).toBeInTheDocument();
    expect(within(chart).queryByText('Member 10')).not.toBeInTheDocument();
    expect(within(chart).getByText('Member 9')).toBeInTheDocument();
  });

  it('finds one member by a part of the name', async () => {
    reportAnswer('get-processed-by-count', processedByRowSchema, STAFF, 'ok');
    const { user } = await renderStaffApp('/admin/processed-order', { as: 'Manager' });
    await screen.findByRole('cell', { name: 'Rin Reporter' });
    await fill(user, screen.getByRole('searchbox', { name: 'Search' }), 'sota');
    await screen.findByText(/· 1 row$/);
    expect(tableRows()).toEqual([['1', 'Sota Sorter', '12']]);
  });

  it('is not shown to a Team member, and asks for nothing', async () => {
    const bodies = reportAnswer('get-processed-by-count', processedByRowSchema, STAFF, 'ok');
    await renderStaffApp('/admin/processed-order', { as: 'Team' });
    expect(await screen.findByText('You do not have permission to view this page.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});

describe('Order Processing Logs', () => {
  /** Answers the list with `rows` and `totalRecords`, keeping every request body. */
  function logsAnswer(rows = [processingLogRow(100_051), processingLogRow(100_042)], totalRecords = rows.length) {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/admin/get-processed-by-info', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        const search = String(body.search ?? '');
        const found = rows.filter((r) => String(r.order_id).startsWith(search)).slice(0, Number(body.limit));
        return okChecked(z.array(processingLogRowSchema), found, {
          totalRecords: search ? found.length : totalRecords,
          totalCapped: false,
        });
      }),
    );
    return bodies;
  }

  it('lists the orders with log lines this month, latest first, ten a page', async () => {
    const bodies = logsAnswer();
    await renderStaffApp('/admin/processed-by-info', { as: 'Manager' });
    expect(await screen.findByRole('cell', { name: '100051' })).toBeInTheDocument();
    expect(bodies).toEqual([{ page: 1, limit: 10, search: '', ...thisMonth() }]);
    expect(tableRows()).toEqual([
      ['1', '100051', '2026-11-20 09:05:09', 'View'],
      ['2', '100042', '2026-11-20 09:05:09', 'View'],
    ]);
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
  });

  it('needs both dates: with one, it says so and asks for nothing', async () => {
    const bodies = logsAnswer();
    const { user } = await renderStaffApp('/admin/processed-by-info', { as: 'Manager' });
    await screen.findByRole('cell', { name: '100051' });

    await user.clear(screen.getByLabelText('From'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(BOTH_DATES_MESSAGE)).toBeInTheDocument();
    expect(bodies).toHaveLength(1);

    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await expect
      .poll(() => bodies.at(-1))
      .toEqual({ page: 1, limit: 10, search: '', fromDate: '2026-11-01', toDate: '2026-11-30' });
    expect(screen.queryByText(BOTH_DATES_MESSAGE)).not.toBeInTheDocument();
  });

  it('searches an order id on the server, and opens its logs grouped by step with View', async () => {
    const bodies = logsAnswer();
    server.use(
      http.get('/api/admin/get-processlogs-by-orderid/100042', () =>
        okChecked(z.array(processLogSchema), [
          processLog(100_042, 'Order received', null, '2026-11-20T12:00:00.000Z'),
          processLog(100_042, 'Assigned', 'Rin Reporter', '2026-11-20T12:30:00.000Z'),
          processLog(100_042, 'Remark added', 'Rin Reporter', '2026-11-20T13:00:00.000Z'),
          processLog(100_042, 'Remark added', 'Sota Sorter', '2026-11-20T14:05:09.000Z'),
        ]),
      ),
    );
    const { user, location } = await renderStaffApp('/admin/processed-by-info', { as: 'Admin' });
    await screen.findByRole('cell', { name: '100051' });

    await fill(user, screen.getByRole('searchbox', { name: 'Search order id' }), '100042');
    await screen.findByText('Showing 1 to 1 of 1 entries');
    expect(bodies.at(-1)).toMatchObject({ page: 1, search: '100042' });
    expect(location()).toContain('q=100042');
    expect(screen.queryByRole('cell', { name: '100051' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'View process logs of order 100042' }));
    expect(await screen.findByRole('heading', { name: 'Process Logs Details' })).toBeInTheDocument();
    expect(location()).toBe(`/admin/view-process-logs/${encodeId(100_042)}`);
    await screen.findByRole('region', { name: 'Order received' });
    const groups = within(screen.getByRole('main')).getAllByRole('region');
    expect(groups.map((group) => within(group).getByRole('heading').textContent)).toEqual([
      'Order received 1',
      'Assigned 1',
      'Remark added 2',
    ]);
    const received = within(screen.getByRole('region', { name: 'Order received' })).getAllByRole('cell');
    expect(received.map((cell) => cell.textContent)).toEqual(['N/A', '2026-11-20 07:00:00 EST']);
    const remarks = within(screen.getByRole('region', { name: 'Remark added' }))
      .getAllByRole('row')
      .slice(1);
    expect(remarks.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Rin Reporter',
      'Sota Sorter',
    ]);
    expect(screen.getByRole('link', { name: 'Open the order' })).toHaveAttribute(
      'href',
      `/admin/view-order/${encodeId(100_042)}`,
    );

    // The step topics narrow the groups, each with its line count.
    const topics = screen.getByRole('group', { name: 'Show steps about' });
    expect(
      within(topics)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All 4', 'Intake 1', 'Assignment 1', 'Remarks 2']);
    await user.click(within(topics).getByRole('button', { name: 'Remarks 2' }));
    expect(within(topics).getByRole('button', { name: 'Remarks 2' })).toHaveAttribute('aria-pressed', 'true');
    const shown = within(screen.getByRole('main')).getAllByRole('region');
    expect(shown.map((group) => group.getAttribute('aria-label'))).toEqual(['Remark added']);

    // Back returns to the searched list.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Showing 1 to 1 of 1 entries')).toBeInTheDocument();
    expect(location()).toContain('q=100042');
  });

  it('asks for the rows per page chosen and for the next page', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => processingLogRow(100_100 + i));
    const bodies = logsAnswer(rows, 240);
    const { user, location } = await renderStaffApp('/admin/processed-by-info?from=&to=', { as: 'Manager' });
    expect(await screen.findByText('Showing 1 to 10 of 240 entries')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 11 to 20 of 240 entries')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ page: 2, limit: 10, search: '', fromDate: '', toDate: '' });

    await user.selectOptions(screen.getByLabelText('Rows per page'), '25');
    expect(await screen.findByText('Showing 1 to 25 of 240 entries')).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({ page: 1, limit: 25 });
    expect(location()).toContain('limit=25');
  });

  it("says the server's reason when an order's logs cannot be read", async () => {
    server.use(http.get('/api/admin/get-processlogs-by-orderid/100077', () => refused(404, 'Order not found.')));
    await renderStaffApp(`/admin/view-process-logs/${encodeId(100_077)}`, { as: 'Manager' });
    expect(await screen.findAllByText('Order not found.')).not.toHaveLength(0);
  });
});
