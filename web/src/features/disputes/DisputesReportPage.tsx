/**
 * The Disputes report (product: disputes.md#report): by month the dispute was opened (UTC), provider and currency, how
 * many were received, submitted in time, won and lost, and the amount won back. Its months are in the address
 * (`?from=YYYY-MM&to=YYYY-MM`), so Back and reload keep them; without them, the last six months. Admin and Manager,
 * as the server allows; its link in the sidebar follows the same rule.
 */
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DISPUTES_REPORT_PERMISSION,
  disputesReportQuerySchema,
  type DisputesReportRow,
} from '../../../../shared/schemas/disputes';
import { PageHeader } from '../../components/PageHeader';
import { RequirePermission } from '../../components/RequirePermission';
import { errorMessage } from '../../lib/api';
import { reportMonths, useDisputesReport } from './api/disputes-report';

export function DisputesReportPage() {
  return (
    <RequirePermission permission={DISPUTES_REPORT_PERMISSION}>
      <DisputesReport />
    </RequirePermission>
  );
}

function DisputesReport() {
  const [search, setSearch] = useSearchParams();
  const { from, to } = reportMonths(search);
  const report = useDisputesReport(from, to);
  const rows = report.data ?? [];
  return (
    <>
      <PageHeader title="Disputes Report" />
      <div className="card">
        <div className="card-body">
          {/* Keyed by the months: Back, Forward or a link to other months draws the fields afresh from the address, in
              the same render as the rest of the page. */}
          <MonthRange
            key={`${from} ${to}`}
            from={from}
            to={to}
            busy={report.isFetching}
            onSubmit={(range) => setSearch(range)}
          />
          <p className="text-muted small my-2">
            Disputes opened {from} to {to} (UTC), by month, provider and currency
          </p>
          {report.isError ? <p className="text-danger">{errorMessage(report.error)}</p> : null}
          {/* Focusable, so a keyboard can scroll the table on a narrow screen (it holds no control of its own). */}
          <div className="table-responsive" tabIndex={0} role="region" aria-label="Disputes report table">
            <table className="table table-sm table-striped mb-0" aria-label="Disputes report">
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Provider</th>
                  <th scope="col">Currency</th>
                  <th scope="col" className="text-end">
                    Received
                  </th>
                  <th scope="col" className="text-end">
                    Submitted in time
                  </th>
                  <th scope="col" className="text-end">
                    Won
                  </th>
                  <th scope="col" className="text-end">
                    Lost
                  </th>
                  <th scope="col" className="text-end">
                    Recovered
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={8} className="text-center text-muted py-3">
                      {report.isPending ? 'Loading…' : 'No dispute was opened in these months.'}
                    </td>
                  </tr>
                ) : (
                  rows.map((r) => <ReportRow key={`${r.month}-${r.gateway}-${r.currency ?? ''}`} row={r} />)
                )}
              </tbody>
            </table>
          </div>
        </div>
      </div>
    </>
  );
}

function ReportRow({ row: r }: { row: DisputesReportRow }) {
  return (
    <tr>
      <th scope="row">{r.month}</th>
      <td>{r.gateway_label}</td>
      <td>{r.currency ?? '-'}</td>
      <td className="text-end">{r.received}</td>
      <td className="text-end">{r.submitted_in_time}</td>
      <td className="text-end">{r.won}</td>
      <td className="text-end">{r.lost}</td>
      <td className="text-end">{r.amount_recovered}</td>
    </tr>
  );
}

/**
 * The first and last month, typed as YYYY-MM and checked by the schema the server checks them with. Text fields, not
 * the browser's month picker, which some browsers lack: the same field everywhere.
 */
function MonthRange({
  from,
  to,
  busy,
  onSubmit,
}: {
  from: string;
  to: string;
  busy: boolean;
  onSubmit(range: { from: string; to: string }): void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(disputesReportQuerySchema), defaultValues: { from, to } });
  return (
    <form
      className="d-flex flex-wrap align-items-start gap-2"
      noValidate
      onSubmit={handleSubmit((range) => onSubmit(range))}
    >
      <div>
        <label className="form-label small mb-1" htmlFor="disputes-report-from">
          From month
        </label>
        <input
          id="disputes-report-from"
          type="text"
          inputMode="numeric"
          maxLength={7}
          autoComplete="off"
          placeholder="YYYY-MM"
          className={`form-control form-control-sm ${errors.from ? 'is-invalid' : ''}`}
          aria-invalid={!!errors.from}
          {...register('from')}
        />
        {errors.from ? <div className="invalid-feedback">{errors.from.message}</div> : null}
      </div>
      <div>
        <label className="form-label small mb-1" htmlFor="disputes-report-to">
          To month
        </label>
        <input
          id="disputes-report-to"
          type="text"
          inputMode="numeric"
          maxLength={7}
          autoComplete="off"
          placeholder="YYYY-MM"
          className={`form-control form-control-sm ${errors.to ? 'is-invalid' : ''}`}
          aria-invalid={!!errors.to}
          {...register('to')}
        />
        {errors.to ? <div className="invalid-feedback">{errors.to.message}</div> : null}
      </div>
      <div className="align-self-end">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          Show
        </button>
      </div>
    </form>
  );
}
