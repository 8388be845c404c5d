/**
 * The Export menu as a member uses it, on a summary report and on a queue: opened by a click or from the keyboard,
 * a run is opened and its ticket posted by a form (the browser saves the answer itself) carrying the screen's range,
 * search and filters with the format; the run's rows so far show with Cancel, which cancels the run on the server;
 * a refusal says why.
 */
import { http } from 'msw';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { z } from 'zod';
import { exportLimitMessage, type ExportRunState } from '../../../../shared/schemas/order-export-texts';
import { exportRunSchema, exportRunStateSchema } from '../../../../shared/schemas/order-export';
import { orderListRowSchema } from '../../../../shared/schemas/order-list';
import { countryRowSchema } from '../../../../shared/schemas/reports';
import { fill } from '../../../test/fill';
import { okChecked } from '../../../test/answers';
import { orderRows } from '../../../test/fixtures/orders';
import { countryRow } from '../../../test/fixtures/reports';
import { renderStaffApp, screen } from '../../../test/render-app';
import { server } from '../../../test/server';
import { openOnce } from '../../../test/open-once';
import { openQueueOnce } from '../../../test/fixtures/queues';

beforeAll(async () => {
  await openQueueOnce();
  await openOnce('/admin/country-order-list', 'No records found', () =>
    server.use(http.post('/api/admin/get-country-order-count', () => okChecked(z.array(countryRowSchema), []))),
  );
}, 120_000);
import { CUT_OFF_MESSAGE } from './stream-export';

const REPORT = '/admin/country-order-list?from=2026-10-01&to=2026-10-31';
const RUN = { id: '6f1c2b1e-9f7e-4c1a-8d2e-5b3a7c9d0e1f', ticket: 'one-time-ticket' };

interface PostedForm {
  action: string;
  target: string;
  fields: Record<string, string>;
}

/** The forms the page posts (jsdom posts none): their address, frame and fields. */
function captureForms(): PostedForm[] {
  const posted: PostedForm[] = [];
  const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function post(this: HTMLFormElement) {
    posted.push({
      action: new URL(this.action).pathname,
      target: this.target,
      fields: Object.fromEntries(new FormData(this)) as Record<string, string>,
    });
  });
  onTestFinished(() => submit.mockRestore());
  return posted;
}

/**
 * The report's rows, the run's opening, and its states: `states` answers the run's state at each read (the last one
 * repeats); cancels are counted.
 */
function exportServer(states: () => { state: ExportRunState; rows: number; total: number | null; message?: string }) {
  const cancels: string[] = [];
  server.use(
    http.post('/api/admin/get-country-order-count', () =>
      okChecked(z.array(countryRowSchema), [countryRow('India', { count: 12 }), countryRow('Malaysia', { count: 7 })]),
    ),
    http.post('/api/admin/export-runs', () => okChecked(exportRunSchema, RUN)),
    http.get(`/api/admin/export-runs/${RUN.id}`, () => okChecked(exportRunStateSchema, { message: null, ...states() })),
    http.post(`/api/admin/export-runs/${RUN.id}/cancel`, () => {
      cancels.push(RUN.id);
      return okChecked(z.null(), null);
    }),
  );
  return cancels;
}

const openedReport = async () => {
  const app = await renderStaffApp(REPORT, { as: 'Manager' });
  await screen.findByRole('cell', { name: 'India' });
  return app;
};

describe('the Export menu', () => {
  it('says why an export past the limit is refused', async () => {
    const forms = captureForms();
    exportServer(() => ({ state: 'refused', rows: 0, total: null, message: exportLimitMessage(1_250_000) }));
    const { user } = await openedReport();

    await user.click(screen.getByRole('button', { name: 'Export Country Order Details' }));
    await user.click(screen.getByRole('button', { name: 'CSV' }));

    expect(
      await screen.findByText(
        'This export would hold 1,250,000 rows; an export holds at most 1,000,000. Narrow the search or filters (for example an order date range) and export in parts.',
      ),
    ).toHaveAttribute('role', 'alert');
    expect(forms).toHaveLength(1);
    // The menu is there for another try.
    expect(screen.getByRole('button', { name: 'Export Country Order Details' })).toBeEnabled();
  });

  it("saves the report as CSV through the browser: the run's ticket and the screen's range and search in the form", async () => {
    const forms = captureForms();
    exportServer(() => ({ state: 'done', rows: 1, total: 1 }));
    const { user } = await openedReport();
    await fill(user, screen.getByRole('searchbox', { name: 'Search' }), 'ind');
    await screen.findByText(/· 1 row$/);

    await user.click(screen.getByRole('button', { name: 'Export Country Order Details' }));
    expect(screen.getByRole('button', { name: 'Excel (XLSX)' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'CSV' }));

    expect(await screen.findByText('Exported 1 row.')).toBeInTheDocument();
    expect(forms).toEqual([
      {
        action: '/api/admin/export-download',
        target: `export-${RUN.id}`,
        fields: {
          ticket: RUN.ticket,
          kind: 'report',
          request: JSON.stringify({
            report: 'country',
            fromDate: '2026-10-01',
            toDate: '2026-10-31',
            search: 'ind',
            format: 'csv',
          }),
        },
      },
    ]);
    // The frame the browser saves from, named as the form's target; never the token in an address.
    expect(document.querySelector(`iframe[name="export-${RUN.id}"]`)).not.toBeNull();
    expect(JSON.stringify(forms)).not.toMatch(/bearer|accessToken/i);
  });

  it('opens from the keyboard: Enter on the toggle, the arrow to a format, Enter exports; Escape closes it', async () => {
    const forms = captureForms();
    exportServer(() => ({ state: 'done', rows: 1, total: 1 }));
    const { user } = await openedReport();
    const toggle = () => screen.getByRole('button', { name: 'Export Country Order Details' });

    toggle().focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'CSV' })).toBeVisible();
    expect(toggle()).toHaveFocus();
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'CSV' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Excel (XLSX)' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(await screen.findByText('Exported 1 row.')).toBeInTheDocument();
    expect(forms.map((f) => JSON.parse(f.fields.request!).format)).toEqual(['csv']);
  });

  it("exports a searched, filtered queue as XLSX with the queue's search and filters", async () => {
    const forms = captureForms();
    exportServer(() => ({ state: 'done', rows: 3, total: 3 }));
    const rows = orderRows(3, { surname: 'Tanaka' });
    server.use(
      http.post('/api/admin/search-order', () => okChecked(orderListRowSchema.array(), rows, { totalRecords: 3 })),
      http.get('/api/admin/get-orders-list/newOrder', () =>
        okChecked(orderListRowSchema.array(), rows, { totalRecords: 3 }),
      ),
    );
    const { user } = await renderStaffApp('/admin/recent-order?q=tanaka&processingMode=standard&sort=name', {
      as: 'Manager',
    });
    await screen.findByText(rows[0]!.email);

    await user.click(screen.getByRole('button', { name: 'Export New Order' }));
    await user.click(screen.getByRole('button', { name: 'Excel (XLSX)' }));

    expect(await screen.findByText('Exported 3 rows.')).toBeInTheDocument();
    expect(forms.map((f) => [f.fields.kind, JSON.parse(f.fields.request!)])).toEqual([
      [
        'orders',
        { folderName: 'newOrder', searchVal: 'tanaka', sort: 'name', processingMode: ['standard'], format: 'xlsx' },
      ],
    ]);
  });

  it('shows the rows written of the total while the file comes, then the count; the menu waits meanwhile', async () => {
    captureForms();
    let state: { state: ExportRunState; rows: number; total: number | null } = {
      state: 'waiting',
      rows: 0,
      total: null,
    };
    exportServer(() => state);
    const { user } = await openedReport();
    await user.click(screen.getByRole('button', { name: 'Export Country Order Details' }));
    await user.click(screen.getByRole('button', { name: 'CSV' }));

    expect(await screen.findByText('Preparing…')).toBeInTheDocument();
    state = { state: 'running', rows: 1, total: 3 };
    expect(await screen.findByText('1 of 3 rows')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByRole('button', { name: 'Export Country Order Details' })).toBeDisabled();

    state = { state: 'done', rows: 3, total: 3 };
    expect(await screen.findByText('Exported 3 rows.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Export progress' })).not.toBeInTheDocument();
  });

  it('Cancel asks the server to stop the run: no progress, no message', async () => {
    captureForms();
    const cancels = exportServer(() => ({ state: 'running', rows: 1, total: 3 }));
    const { user } = await openedReport();
    await user.click(screen.getByRole('button', { name: 'Export Country Order Details' }));
    await user.click(screen.getByRole('button', { name: 'CSV' }));
    await screen.findByText('1 of 3 rows');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect.poll(() => screen.queryByText('1 of 3 rows')).toBeNull();
    await expect.poll(() => cancels).toEqual([RUN.id]);
    expect(screen.getByRole('button', { name: 'Export Country Order Details' })).toBeEnabled();
    expect(screen.queryByTestId('export-message')).not.toBeInTheDocument();
  });

  it('says an export cut off on its way was not finished', async () => {
    captureForms();
    let state: { state: ExportRunState; rows: number; total: number | null } = { state: 'running', rows: 1, total: 3 };
    exportServer(() => state);
    const { user } = await openedReport();
    await user.click(screen.getByRole('button', { name: 'Export Country Order Details' }));
    await user.click(screen.getByRole('button', { name: 'CSV' }));
    await screen.findByText('1 of 3 rows');

    state = { state: 'failed', rows: 1, total: 3 };
    expect(await screen.findByText(CUT_OFF_MESSAGE)).toHaveAttribute('role', 'alert');
  });
});
