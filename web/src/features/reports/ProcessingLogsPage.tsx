/**
 * Order Processing Logs (product: screens.md#reports-screens): the orders with process-log lines in the chosen days (this month
 * by default), latest activity first, paged on the server (10/25/50/100), searched by order id (500 ms
 * debounce). Both dates are needed on Submit. View opens the order's Process Logs Details. Admin and Manager.
 */
import { useCallback, useEffect } from 'react';
import { Link } from 'react-router';
import { Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { staffZoneHeading, StaffTime } from '../../lib/time';
import { PROCESSING_LOG_PAGE_SIZES } from '../../../../shared/schemas/reports-texts';
import { groupedCount } from '../../../../shared/grouped-count';
import { ApiError, NETWORK_ERROR } from '../../lib/api';
import { paths } from '../../lib/paths';
import { PageHeader } from '../../components/PageHeader';
import { pageRowRange, showingEntries } from '../../components/shown-entries';
import { Pagination } from '../../components/Pagination';
import { RequirePermission } from '../../components/RequirePermission';
import { processingLogsRequest, useProcessingLogs } from './api/get-processing-logs';
import { DateRangeFilter } from './DateRangeFilter';
import { rangeLabel } from './report-helpers';
import { SearchBox } from '../../components/SearchBox';
import { useReportParams } from './use-report-params';
import './reports.css';

function ProcessingLogs() {
  const { params, update } = useReportParams();
  const request = processingLogsRequest(params);
  const { limit, search, page, fromDate, toDate } = request;
  const query = useProcessingLogs(request);
  const commitSearch = useCallback(
    (text: string) => update({ q: text.trim() ? text.trim() : undefined, page: undefined }, true),
    [update],
  );

  useEffect(() => {
    if (query.error)
      toast.error(query.error instanceof ApiError ? query.error.message : NETWORK_ERROR, {
        toastId: `logs-error-${query.errorUpdatedAt}`,
      });
  }, [query.error, query.errorUpdatedAt]);

  const rows = query.data?.rows ?? [];
  const total = query.data?.totalRecords ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const { firstRow, lastRow } = pageRowRange(page, limit, rows.length, total);

  return (
    <>
      <PageHeader title="Order Processing Logs" />
      <div className="card mb-3">
        <div className="card-body d-flex flex-wrap gap-3 align-items-end justify-content-between">
          <DateRangeFilter
            requireBoth
            fromDate={fromDate}
            toDate={toDate}
            busy={query.isFetching}
            onSubmit={(r) => update({ from: r.fromDate, to: r.toDate, page: undefined })}
          />
          <SearchBox
            search={search}
            onSearch={commitSearch}
            label="Search order id"
            placeholder="Search order id"
            maxWidth={220}
            inputMode="numeric"
          />
        </div>
      </div>
      <div className="card">
        <div className="card-header bg-white small text-muted">
          Orders with process-log lines, {rangeLabel(fromDate, toDate)}
        </div>
        <div className="card-body">
          <div className={`report-table-scroll border rounded ${query.isFetching ? 'opacity-75' : ''}`}>
            <table className="table table-hover table-sm mb-0 align-middle" aria-busy={query.isFetching}>
              <thead>
                <tr>
                  <th scope="col">S. No</th>
                  <th scope="col">Order Id</th>
                  <th scope="col">Last activity ({staffZoneHeading()})</th>
                  <th scope="col">View</th>
                </tr>
              </thead>
              <tbody>
                {query.isPending ? (
                  <tr>
                    <td colSpan={4} className="text-center text-muted py-4">
                      Loading…
                    </td>
                  </tr>
                ) : null}
                {!query.isPending && rows.length === 0 ? (
                  <tr>
                    <td colSpan={4} className="text-center text-muted py-4">
                      No records found
                    </td>
                  </tr>
                ) : null}
                {rows.map((r, i) => (
                  <tr key={r.order_id}>
                    <td>{firstRow + i}</td>
                    <td>{r.order_id}</td>
                    <td className="text-nowrap">
                      <StaffTime value={r.last_update_time} seconds underHeading />
                    </td>
                    <td>
                      <Link
                        className="btn btn-primary btn-sm"
                        to={paths.admin.viewProcessLogs(r.order_id)}
                        aria-label={`View process logs of order ${r.order_id}`}
                      >
                        View
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="d-flex flex-wrap gap-3 align-items-center justify-content-between mt-3">
            <div className="d-flex align-items-center gap-2 small">
              <label htmlFor="logs-rows" className="text-nowrap">
                Rows per page
              </label>
              <Form.Select
                id="logs-rows"
                size="sm"
                style={{ width: 80 }}
                value={String(limit)}
                onChange={(e) =>
                  update({ limit: e.target.value === '10' ? undefined : e.target.value, page: undefined })
                }
              >
                {PROCESSING_LOG_PAGE_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </Form.Select>
              <span className="text-muted" role="status">
                {total === 0
                  ? query.isPending
                    ? ''
                    : 'No records found'
                  : showingEntries(firstRow, lastRow, groupedCount(total), !!query.data?.totalCapped)}
              </span>
            </div>
            <Pagination page={page} pageCount={pageCount} onChange={(p) => update({ page: p })} />
          </div>
        </div>
      </div>
    </>
  );
}

export function ProcessingLogsPage() {
  return (
    <RequirePermission permission="reports:processed">
      <ProcessingLogs />
    </RequirePermission>
  );
}
