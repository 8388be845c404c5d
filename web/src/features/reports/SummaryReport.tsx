/**
 * The two summary reports (Country Order List, Order Processed): the date filter (default: this month),
 * a debounced case-insensitive search on the name column (client side, product: screens.md#search-and-selection), the table with
 * a total line, pages of 10, a bar chart of the filtered rows beside it, and an export (CSV or XLSX) of exactly
 * those rows, written by the server with its audit line (POST /api/admin/export-report), for the members who may export.
 * Each load toasts the server's message, success or failure (product: messages.md#toasts).
 */
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api';
import { PageHeader } from '../../components/PageHeader';
import { Pagination } from '../../components/Pagination';
import { BarChart } from './BarChart';
import { DateRangeFilter } from './DateRangeFilter';
import type { DateRange, ReportAnswer } from './api/get-report';
import { matches, rangeLabel } from './report-helpers';
import { ExportMenu } from '../../components/export/ExportMenu';
import { useMayExport } from '../../components/export/export-rights';
import type { ExportReport } from '../../../../shared/schemas/order-export';
import { SearchBox } from '../../components/SearchBox';
import { useReportParams } from './use-report-params';
import './reports.css';

export interface ReportColumn<T> {
  header: string;
  value(row: T): string | number;
  numeric?: boolean;
}

interface SummaryReportProps<T> {
  title: string;
  /** Names the toasts. */
  slug: string;
  /** The report as POST /api/admin/export-report names it. */
  exportReport: ExportReport;
  columns: ReportColumn<T>[];
  /** The text the search box filters on. */
  nameOf(row: T): string;
  countOf(row: T): number;
  searchPlaceholder: string;
  chartTitle: string;
  useData(range: DateRange): UseQueryResult<ReportAnswer<T>>;
}

const PAGE_SIZE = 10;

export function SummaryReport<T>({
  title,
  slug,
  exportReport,
  columns,
  nameOf,
  countOf,
  searchPlaceholder,
  chartTitle,
  useData,
}: SummaryReportProps<T>) {
  const { params, update } = useReportParams();
  const { fromDate, toDate, search, page } = params;
  const query = useData({ fromDate, toDate });
  const mayExport = useMayExport();
  const commitSearch = useCallback(
    (text: string) => update({ q: text.trim() ? text : undefined, page: undefined }, true),
    [update],
  );

  useEffect(() => {
    if (query.data && query.dataUpdatedAt)
      toast.success(query.data.message, { toastId: `${slug}-${query.dataUpdatedAt}` });
  }, [query.data, query.dataUpdatedAt, slug]);
  useEffect(() => {
    if (query.error && query.errorUpdatedAt)
      toast.error(errorMessage(query.error), { toastId: `${slug}-error-${query.errorUpdatedAt}` });
  }, [query.error, query.errorUpdatedAt, slug]);

  const filtered = useMemo(
    () => (query.data?.rows ?? []).filter((r) => matches(nameOf(r), search)),
    [query.data, search, nameOf],
  );
  const pageCount = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const shown = filtered.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const totals = columns.map((c) => (c.numeric ? filtered.reduce((sum, r) => sum + Number(c.value(r)), 0) : null));
  const loading = query.isFetching;

  const exportBody = { report: exportReport, fromDate: fromDate || '', toDate: toDate || '', search };

  let body: ReactNode;
  if (query.isPending)
    body = (
      <tr>
        <td colSpan={columns.length + 1} className="text-center text-muted py-4">
          Loading…
        </td>
      </tr>
    );
  else if (shown.length === 0)
    body = (
      <tr>
        <td colSpan={columns.length + 1} className="text-center text-muted py-4">
          No records found
        </td>
      </tr>
    );
  else {
    body = shown.map((r, i) => (
      <tr key={nameOf(r)}>
        <td>{(current - 1) * PAGE_SIZE + i + 1}</td>
        {columns.map((c) => (
          <td key={c.header} className={c.numeric ? 'text-end' : undefined}>
            {c.numeric ? Number(c.value(r)).toLocaleString('en-US') : c.value(r)}
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <>
      <PageHeader
        title={title}
        actions={
          mayExport ? (
            <ExportMenu kind="report" body={exportBody} disabled={!filtered.length} label={`Export ${title}`} />
          ) : null
        }
      />
      <div className="card mb-3">
        <div className="card-body d-flex flex-wrap gap-3 align-items-end justify-content-between">
          <DateRangeFilter
            fromDate={fromDate}
            toDate={toDate}
            busy={loading}
            onSubmit={(r) => update({ from: r.fromDate, to: r.toDate, page: undefined })}
          />
          <SearchBox
            search={search}
            onSearch={commitSearch}
            label="Search"
            placeholder={searchPlaceholder}
            maxWidth={260}
          />
        </div>
      </div>
      <div className="row g-3">
        <div className="col-xl-8">
          <div className="card h-100">
            <div className="card-header bg-white small text-muted" role="status">
              {rangeLabel(fromDate, toDate)} · {filtered.length} {filtered.length === 1 ? 'row' : 'rows'}
            </div>
            <div className="card-body">
              {/* Focusable, so a keyboard can scroll the table on a narrow screen (it holds no control of its own). */}
              <div
                className={`report-table-scroll border rounded ${loading ? 'opacity-75' : ''}`}
                tabIndex={0}
                role="region"
                aria-label={`${title} table`}
              >
                <table className="table table-hover table-sm mb-0" aria-busy={loading}>
                  <thead>
                    <tr>
                      <th scope="col">S. No</th>
                      {columns.map((c) => (
                        <th key={c.header} scope="col" className={c.numeric ? 'text-end' : undefined}>
                          {c.header}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>{body}</tbody>
                  {filtered.length > 1 ? (
                    <tfoot>
                      <tr>
                        <td>Total</td>
                        {columns.map((c, i) => (
                          <td key={c.header} className={c.numeric ? 'text-end' : undefined}>
                            {totals[i] === null ? '' : totals[i]!.toLocaleString('en-US')}
                          </td>
                        ))}
                      </tr>
                    </tfoot>
                  ) : null}
                </table>
              </div>
              <div className="d-flex justify-content-end mt-3">
                <Pagination page={current} pageCount={pageCount} onChange={(p) => update({ page: p })} />
              </div>
            </div>
          </div>
        </div>
        <div className="col-xl-4">
          <div className="card h-100">
            <div className="card-body">
              <BarChart title={chartTitle} bars={filtered.map((r) => ({ label: nameOf(r), value: countOf(r) }))} />
            </div>
          </div>
        </div>
      </div>
    </>
  );
}
