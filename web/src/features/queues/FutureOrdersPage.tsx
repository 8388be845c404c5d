/**
 * Future Order (product: folders.md#future-order): twelve month tiles with their counts; a tile
 * opens that processing month's table (?month=) with Back. Delete asks first and
 * is a soft delete, shown to everyone who reaches the screen (product: roles.md#queue-actions).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { MONTHS, MONTH_NAMES, statusLabel } from '../../../../shared/orders';
import { errorMessage } from '../../lib/api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { Pagination } from '../../components/Pagination';
import { useFutureOrderCount } from './api/get-future-order-count';
import { useOrderPage, type OrderPageParams } from './api/get-order-page';
import { useDeleteOrders } from './api/queue-actions';
import type { OrderListRow } from '../../../../shared/schemas/order-list';
import { groupedCount } from '../../../../shared/grouped-count';
import { calendarDate, estimatedCount, telephone } from './format';
import { staffZoneHeading, StaffTime } from '../../lib/time';
import { EmailCell, NameCell, RowActionsCell } from './row-cells';
import { QueueCards } from './QueueCards';
import { TruncatedText } from './TruncatedText';
import { futureMonthRequest, useCountingExactly, useQueueParams } from './use-queue-params';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { QueueFilterBar } from './filters/QueueFilterBar';
import { SavedViewsBar, SaveViewButton } from '../saved-views';
import { can } from '../../../../shared/roles';
import { useAuth } from '../../lib/auth-context';
import { QueueExport } from './QueueExport';
import './queues.css';
import { refreshOrdersAndCounts } from '../../lib/refresh-orders';

/** A Future Order card shows the processing date (module-level: the memoised cards compare it by identity). */
const processingDateOf = (row: OrderListRow) => ({
  label: 'Processing Date',
  value: calendarDate(row.processing_date),
});

/** The month's table: the spec's columns, one line per row, the Action column sticky at the right (queues.css). */
function MonthRowsTable({
  rows,
  loading,
  pending,
  onDelete,
}: {
  rows: OrderListRow[];
  loading: boolean;
  pending: boolean;
  onDelete(row: OrderListRow): void;
}) {
  return (
    <div className={`queue-rows queue-table-scroll border rounded ${loading ? 'queue-table-loading' : ''}`}>
      <table className="table table-hover table-sm mb-0">
        <thead>
          <tr>
            <th>Order ID</th>
            <th>Name</th>
            <th>Email</th>
            <th>Telephone</th>
            <th>Date &amp; Time ({staffZoneHeading()})</th>
            <th className="queue-th-wrap">Processing Date</th>
            <th className="queue-th-wrap">Process Month</th>
            <th>Status</th>
            <th className="queue-cell-actions">Action</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={9} className="text-center text-muted py-4">
                {pending ? 'Loading…' : 'No data available in table'}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.order_id}>
                <td>{row.order_id}</td>
                <NameCell row={row} />
                <EmailCell email={row.email} />
                <td className="queue-cell-cut queue-cell-phone">
                  <TruncatedText
                    kind="telephone"
                    text={telephone(row.personal_phone_code, row.personal_telephone_number)}
                  />
                </td>
                <td>
                  <StaffTime value={row.created_at} underHeading />
                </td>
                <td>{calendarDate(row.processing_date)}</td>
                <td>{row.process_month}</td>
                <td>{statusLabel(row.process_status, row.refund_date)}</td>
                <RowActionsCell row={row} onDelete={() => onDelete(row)} />
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function MonthTable({
  request,
  onPage,
  onCountExactly,
}: {
  request: OrderPageParams;
  onPage(p: number): void;
  onCountExactly(): void;
}) {
  const { page, limit } = request;
  const list = useOrderPage('futureOrder', request);
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const remove = useDeleteOrders();
  const [toDelete, setToDelete] = useState<number | null>(null);
  const total = list.data?.totalRecords ?? 0;
  // An estimated total (filters without a search): shown as one, counted exactly when the member asks.
  const estimated = list.data?.totalEstimated === true;
  const counting = useCountingExactly();
  const phone = useMediaQuery(PHONE_QUERY);
  const onDelete = useCallback((row: OrderListRow) => setToDelete(row.order_id), []);

  const confirm = async () => {
    if (toDelete === null) return;
    try {
      await remove.mutateAsync([toDelete]);
      toast.success('Order has been deleted successfully');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setToDelete(null);
    }
  };

  return (
    <>
      <div className="queue-table-area">
        {phone ? (
          <QueueCards rows={rows} loading={list.isFetching} onDelete={onDelete} dateOf={processingDateOf} />
        ) : (
          <MonthRowsTable rows={rows} loading={list.isFetching} pending={list.isPending} onDelete={onDelete} />
        )}
      </div>
      <div className="queue-footer d-flex flex-wrap gap-2 justify-content-between align-items-center mt-2 small">
        <span className="text-muted" role="status">
          {total === 0 && !list.isPending
            ? 'No records found'
            : `${estimated ? `about ${estimatedCount(total, (page - 1) * limit + rows.length)}` : groupedCount(total)} orders`}
          {estimated ? (
            <Button
              variant="link"
              size="sm"
              className="p-0 ms-2 align-baseline"
              disabled={counting}
              onClick={onCountExactly}
            >
              {counting ? 'Counting…' : 'Count exactly'}
            </Button>
          ) : null}
        </span>
        <Pagination page={page} pageCount={Math.ceil(total / limit)} onChange={onPage} />
      </div>
      <ConfirmDialog
        show={toDelete !== null}
        message="Are you sure you want to delete?"
        busy={remove.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}

export function FutureOrdersPage() {
  const queryClient = useQueryClient();
  const counts = useFutureOrderCount();
  const { params, update, setFilters } = useQueueParams();
  const { user } = useAuth();
  const month = params.month;
  const [focusTiles, setFocusTiles] = useState(false);
  useEffect(() => {
    if (!month && focusTiles) document.getElementById('future-tiles')?.focus();
  }, [month, focusTiles]);

  const refresh = () => refreshOrdersAndCounts(queryClient);

  return (
    <>
      <PageHeader
        title={month ? `Future Order: ${MONTH_NAMES[month - 1]}` : 'Future Order'}
        actions={
          <>
            {month ? (
              <Button
                variant="outline-primary"
                size="sm"
                onClick={() => {
                  setFocusTiles(true);
                  update({ month: undefined, page: undefined });
                }}
              >
                Back
              </Button>
            ) : null}
            <Button variant="outline-secondary" size="sm" onClick={() => void refresh()}>
              Refresh
            </Button>
          </>
        }
      />
      {counts.isError ? <div className="alert alert-danger py-2">{errorMessage(counts.error)}</div> : null}
      {month ? <SavedViewsBar folder="futureOrder" /> : null}
      {month ? (
        <div className="card queue-fill">
          <div className="card-body">
            <QueueFilterBar
              folder="futureOrder"
              filters={params.filters}
              sort={params.sort}
              onApply={setFilters}
              onSort={(sort) => update({ sort, page: undefined })}
              teamAssignees={can(user?.type, 'team:manage')}
              me={user ? { id: user.id, name: user.name } : undefined}
            >
              <SaveViewButton folder="futureOrder" />
              <QueueExport folder="futureOrder" params={{ ...params, search: '' }} title="Future Order" />
            </QueueFilterBar>
            <MonthTable
              request={futureMonthRequest(params, month)}
              onPage={(p) => update({ page: p })}
              onCountExactly={() => update({ total: 'exact' }, true)}
            />
          </div>
        </div>
      ) : (
        <div id="future-tiles" tabIndex={-1} className="row g-3">
          {MONTHS.map((name, index) => (
            <div className="col-6 col-md-4 col-xl-2" key={name}>
              <button
                type="button"
                className="card future-tile w-100 text-start"
                onClick={() => update({ month: index + 1, page: undefined })}
              >
                {/* Named by its own words ("Jan 3 orders"), so speech input can name it as it reads. */}
                <div className="card-body">
                  <div className="text-muted small">{name}</div>
                  <div className="fs-4 fw-semibold">
                    {counts.data ? counts.data[name] : '…'}
                    <span className="visually-hidden"> orders</span>
                  </div>
                </div>
              </button>
            </div>
          ))}
        </div>
      )}
    </>
  );
}
