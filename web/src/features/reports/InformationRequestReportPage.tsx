/**
 * Information Requests (product: information-requests.md#report): per UTC month, the requests for information sent,
 * answered, the orders that needed one, and how long answers took. Admin and Manager (the server enforces it too).
 * The date filter is the reports' own; without dates in the address it shows this month, as the other reports do.
 */
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { PageHeader } from '../../components/PageHeader';
import { RequirePermission } from '../../components/RequirePermission';
import { errorMessage } from '../../lib/api';
import { useInformationRequestReport } from './api/get-report';
import { DateRangeFilter } from './DateRangeFilter';
import { rangeLabel } from './report-helpers';
import { useReportParams } from './use-report-params';
import './reports.css';

const hours = (value: number | null) => (value === null ? '—' : `${value} h`);

export function InformationRequestReportPage() {
  return (
    <RequirePermission permission="reports:processed">
      <InformationRequestReport />
    </RequirePermission>
  );
}

function InformationRequestReport() {
  const { params, update } = useReportParams();
  const { fromDate, toDate } = params;
  const query = useInformationRequestReport({ fromDate, toDate });
  useEffect(() => {
    if (query.isError) toast.error(errorMessage(query.error), { toastId: 'information-request-report' });
  }, [query.isError, query.error]);
  const rows = query.data?.rows ?? [];
  return (
    <>
      <PageHeader title="Information Requests" />
      <div className="card">
        <div className="card-body">
          <DateRangeFilter
            fromDate={fromDate}
            toDate={toDate}
            busy={query.isFetching}
            onSubmit={(range) => update({ from: range.fromDate, to: range.toDate })}
          />
          <p className="text-muted small my-2">Requests for information, {rangeLabel(fromDate, toDate)}</p>
          {/* Focusable, so a keyboard can scroll the table on a narrow screen (it holds no control of its own). */}
          <div className="table-responsive" tabIndex={0} role="region" aria-label="Information Requests table">
            <table className="table table-sm table-striped mb-0">
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col" className="text-end">
                    Requests sent
                  </th>
                  <th scope="col" className="text-end">
                    Answered
                  </th>
                  <th scope="col" className="text-end">
                    Orders that needed one
                  </th>
                  <th scope="col" className="text-end">
                    Median time to answer
                  </th>
                  <th scope="col" className="text-end">
                    Average time to answer
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="text-center text-muted py-3">
                      {query.isPending ? 'Loading…' : 'No records found'}
                    </td>
                  </tr>
                ) : (
                  rows.map((row) => (
                    <tr key={row.month}>
                      <th scope="row">{row.month}</th>
                      <td className="text-end">{row.sent}</td>
                      <td className="text-end">{row.answered}</td>
                      <td className="text-end">{row.orders}</td>
                      <td className="text-end">{hours(row.median_hours_to_answer)}</td>
                      <td className="text-end">{hours(row.average_hours_to_answer)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </div>
      </div>
    </>
  );
}
