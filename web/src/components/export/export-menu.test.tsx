/**
 * The Export menu as a member uses it, on a summary report and on a queue: opened by a click or from the keyboard,
 * the request carries the screen's range, search and filters with the format, the file the server sends is saved
 * under its name, the progress of a long export shows with Cancel, and a refusal says why and saves nothing.
 */
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { strToU8, zipSync } from 'fflate';
import { EXPORT_TOTAL_HEADER, exportLimitMessage } from '../../../../shared/schemas/order-export-texts';
import { orderListRowSchema } from '../../../../shared/schemas/order-list';
import { countryRowSchema } from '../../../../shared/schemas/reports';
import { fill } from '../../../test/fill';
import { okChecked, refused } from '../../../test/answers';
import { bytesOf, captureDownloads, textOf } from '../../../test/downloads';
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
const CSV = '\uFEFFS. No,State/Territory,Order Count\r\n1,India,12\r\n';

/** The server's file answer: its type, name and announced row count, the bytes as given. */
function fileAnswer(body: BodyInit, filename: string, total: number) {
  const type = filename.endsWith('.csv') ? 'text/csv; charset=utf-8' : 'application/octet-stream';
  return new HttpResponse(body, {
    headers: {
      'content-type': type,
      'content-disposition': `attachment; filename="${filename}"`,
      [EXPORT_TOTAL_HEADER]: String(total),
    },
  });
}

/** Answers the report's rows, and `path`'s exports with `answer`, keeping each export request's body. */
function exportServer(path: 'export-report' | 'export-orders', answer: (request: Request) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/admin/get-country-order-count', () =>
      okChecked(z.array(countryRowSchema), [countryRow('India', { count: 12 }), countryRow('Malaysia', { count: 7 })]),
    ),
    http.post(`/api/admin/${path}`, async ({ request }) => {
      bodies.push((await request.clone().json()) as Record<string, unknown>);
      return answer(request);
    }),
  );
  return bodies;
}

/** An export answer whose bytes the test sends piece by piece. */
function heldExport(filename: string, total: number) {
  let stream!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      stream = controller;
    },
  });
  return {
    answer: (request: Request) => {
      // As a browser does: a request given up (Cancel) ends the read of its answer with an AbortError.
      request.signal.addEventListener('abort', () => stream.error(new DOMException('Cancelled', 'AbortError')));
      return fileAnswer(body, filename, total);
    },
    send: (text: string) => stream.enqueue(new TextEncoder().encode(text)),
    end: () => stream.close(),
    fail: () => stream.error(new TypeError('terminated')),
  };
}

const openedReport = async () => {
  const app = await renderStaffApp(REPORT, { as: 'Manager' });
  await screen.findByRole('cell', { name: 'India' });
  return app;
};

describe('the Export menu', () => {
  it('says why an export past the limit is refused, and saves no file', async () => {
    const saved = captureDownloads();
    exportServer('export-report', () => refused(422, exportLimitMessage(1_250_000)));
    const { user } = await openedReport();

    await user.click(screen.getByRole('button', { name: 'Export Country Order Details' }));
    await user.click(screen.getByRole('button', { name: 'CSV' }));

    expect(
      await screen.findByText(
        'This export would hold 1,250,000 rows; an export holds at most 1,000,000. Narrow the search or filters (for example an order date range) and export in parts.',
      ),
    ).toHaveAttribute('role', 'alert');
    expect(saved).toEqual([]);
    // The menu is there for another try.
    expect(screen.getByRole('button', { name: 'Export Country Order Details' })).toBeEnabled();
  });

  it("opens on a click and saves the report as CSV: the screen's range and search in the request, the server's file", async () => {
    const saved = captureDownloads();
    const bodies = exportServer('export-report', () => fileAnswer(CSV, 'country-orders_2026-10-01_2026-10-31.csv', 1));
    const { user } = await openedReport();
    await fill(user, screen.getByRole('searchbox', { name: 'Search' }), 'ind');
    await screen.findByText(/· 1 row$/);

    await user.click(screen.getByRole('button', { name: 'Export Country Order Details' }));
    expect(screen.getByRole('button', { name: 'Excel (XLSX)' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'CSV' }));

    expect(await screen.findByText('Exported 1 row.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { report: 'country', fromDate: '2026-10-01', toDate: '2026-10-31', search: 'ind', format: 'csv' },
    ]);
    expect(saved.map((file) => file.filename)).toEqual(['country-orders_2026-10-01_2026-10-31.csv']);
    expect(await textOf(saved[0]!.blob)).toBe(CSV);
    expect(saved[0]!.blob.type).toBe('text/csv; charset=utf-8');
  });

  it('opens from the keyboard: Enter on the toggle, the arrow to a format, Enter exports; Escape closes it', async () => {
    const saved = captureDownloads();
    const bodies = exportServer('export-report', () => fileAnswer(CSV, 'country-orders.csv', 1));
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
    expect(bodies.map((body) => body.format)).toEqual(['csv']);
    expect(saved).toHaveLength(1);
  });

  it("exports a searched, filtered queue as XLSX with the queue's search and filters, counting the workbook's rows", async () => {
    const saved = captureDownloads();
    const workbook = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/worksheets/sheet1.xml': strToU8(
        '<worksheet><sheetData><row r="1"><c/></row><row r="2"><c/></row><row r="3"><c/></row><row r="4"><c/></row></sheetData></worksheet>',
      ),
    });
    const bodies = exportServer('export-orders', () => fileAnswer(workbook, 'orders-newOrder.xlsx', 3));
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
    expect(bodies).toEqual([
      { folderName: 'newOrder', searchVal: 'tanaka', sort: 'name', processingMode: ['standard'], format: 'xlsx' },
    ]);
    expect(saved.map((file) => file.filename)).toEqual(['orders-newOrder.xlsx']);
    expect(await bytesOf(saved[0]!.blob)).toEqual(workbook);
  });

  it("says a role's refusal in the server's words", async () => {
    const saved = captureDownloads();
    exportServer('export-report', () => refused(403, 'You do not have permission to export this report.'));
    const { user } = await openedReport();
    await user.click(screen.getByRole('button', { name: 'Export Country Order Details' }));
    await user.click(screen.getByRole('button', { name: 'Excel (XLSX)' }));
    expect(await screen.findByText('You do not have permission to export this report.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(saved).toEqual([]);
  });

  it('shows the rows received of the total while the file comes, then the count; the menu waits meanwhile', async () => {
    const saved = captureDownloads();
    const file = heldExport('country-orders.csv', 3);
    exportServer('export-report', file.answer);
    const { user } = await openedReport();
    await user.click(screen.getByRole('button', { name: 'Export Country Order Details' }));
    await user.click(screen.getByRole('button', { name: 'CSV' }));

    file.send('S. No,State/Territory\r\n1,India\r\n');
    expect(await screen.findByText('1 of 3 rows')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByRole('button', { name: 'Export Country Order Details' })).toBeDisabled();
    expect(saved).toEqual([]);

    file.send('2,"Malaysia\r\n(two lines)"\r\n3,France\r\n');
    file.end();
    expect(await screen.findByText('Exported 3 rows.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Export progress' })).not.toBeInTheDocument();
    expect(saved).toHaveLength(1);
  });

  it('Cancel stops an export on its way: no file, no message', async () => {
    const saved = captureDownloads();
    const file = heldExport('country-orders.csv', 3);
    exportServer('export-report', file.answer);
    const { user } = await openedReport();
    await user.click(screen.getByRole('button', { name: 'Export Country Order Details' }));
    await user.click(screen.getByRole('button', { name: 'CSV' }));
    file.send('S. No,State/Territory\r\n1,India\r\n');
    await screen.findByText('1 of 3 rows');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect.poll(() => screen.queryByText('1 of 3 rows')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export Country Order Details' })).toBeEnabled();
    expect(screen.queryByTestId('export-message')).not.toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('says an export cut off on its way was not finished, and saves nothing', async () => {
    const saved = captureDownloads();
    const file = heldExport('country-orders.csv', 3);
    exportServer('export-report', file.answer);
    const { user } = await openedReport();
    await user.click(screen.getByRole('button', { name: 'Export Country Order Details' }));
    await user.click(screen.getByRole('button', { name: 'CSV' }));
    file.send('S. No,State/Territory\r\n1,India\r\n');
    await screen.findByText('1 of 3 rows');

    file.fail();
    expect(await screen.findByText(CUT_OFF_MESSAGE)).toHaveAttribute('role', 'alert');
    expect(saved).toEqual([]);
  });
});
