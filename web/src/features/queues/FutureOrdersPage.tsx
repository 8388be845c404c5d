/**
 * Future Order (spec section 2): twelve month tiles with their counts; a tile
 * opens that processing month's table (?month=) with Back. Delete asks first and
 * is a soft delete, shown to everyone who reaches the screen (spec section 6).
 */
import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { MONTHS, MONTH_NAMES, statusLabel } from '../../../../shared/orders';
import { ApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { Pagination } from '../../components/Pagination';
import { useFutureOrderCount } from './api/get-future-order-count';
import { useOrderPage } from './api/get-order-page';
import { useDeleteOrders } from './api/queue-actions';
import { calendarDate, dateTime, telephone } from './format';
import { EmailCell, RowActionsCell } from './row-cells';
import { useQueueParams } from './use-queue-params';
import './queues.css';

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');

function MonthTable({ month, page, onPage }: { month: number; page: number; onPage(p: number): void }) {
  const limit = 25;
  const list = useOrderPage('futureOrder', { page, limit, search: '', processMonth: month });
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const remove = useDeleteOrders();
  const [toDelete, setToDelete] = useState<number | null>(null);
  const total = list.data?.totalRecords ?? 0;

  const confirm = async () => {
    if (toDelete === null) return;
    try {
      await remove.mutateAsync([toDelete]);
      toast.success('Order has been deleted successfully');
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setToDelete(null);
    }
  };

  return (
    <>
      <div className={`queue-table-scroll border rounded ${list.isFetching ? 'queue-table-loading' : ''}`}>
        <table className="table table-hover table-sm mb-0">
          <thead>
            <tr>
              <th>Order ID</th><th>Name</th><th>Email</th><th>Telephone</th><th className="text-wrap">Date &amp; Time</th>
              <th className="text-wrap">Processing Date</th><th className="text-wrap">Process Month</th><th>Status</th><th>Action</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr><td colSpan={9} className="text-center text-muted py-4">{list.isPending ? 'Loading…' : 'No data available in table'}</td></tr>
            ) : rows.map((row) => (
              <tr key={row.order_id}>
                <td>{row.order_id}</td>
                <td>{row.given_name} {row.surname}</td>
                <EmailCell email={row.email} />
                <td>{telephone(row.personal_phone_code, row.personal_telephone_number)}</td>
                <td>{dateTime(row.created_at)}</td>
                <td>{calendarDate(row.processing_date)}</td>
                <td>{row.process_month}</td>
                <td>{statusLabel(row.process_status, row.refund_date)}</td>
                <RowActionsCell row={row} onDelete={() => setToDelete(row.order_id)} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="d-flex justify-content-between align-items-center mt-3 small">
        <span className="text-muted">{total === 0 && !list.isPending ? 'No records found' : `${total} orders`}</span>
        <Pagination page={page} pageCount={Math.ceil(total / limit)} onChange={onPage} />
      </div>
      <ConfirmDialog show={toDelete !== null} message="Are you sure you want to delete?" busy={remove.isPending} onConfirm={() => void confirm()} onCancel={() => setToDelete(null)} />
    </>
  );
}

export function FutureOrdersPage() {
  const queryClient = useQueryClient();
  const counts = useFutureOrderCount();
  const { params, update } = useQueueParams();
  const month = params.month;
  const [focusTiles, setFocusTiles] = useState(false);
  useEffect(() => { if (!month && focusTiles) document.getElementById('future-tiles')?.focus(); }, [month, focusTiles]);

  const refresh = () => Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.orders.all() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.folderCounts() }),
  ]);

  return (
    <>
      <PageHeader
        title={month ? `Future Order: ${MONTH_NAMES[month - 1]}` : 'Future Order'}
        actions={(
          <>
            {month ? <Button variant="outline-primary" size="sm" onClick={() => { setFocusTiles(true); update({ month: undefined, page: undefined }); }}>Back</Button> : null}
            <Button variant="outline-secondary" size="sm" onClick={() => void refresh()}>Refresh</Button>
          </>
        )}
      />
      {counts.isError ? <div className="alert alert-danger py-2">{errorText(counts.error)}</div> : null}
      {month ? (
        <div className="card"><div className="card-body">
          <MonthTable month={month} page={params.page} onPage={(p) => update({ page: p })} />
        </div></div>
      ) : (
        <div id="future-tiles" tabIndex={-1} className="row g-3">
          {MONTHS.map((name, index) => (
            <div className="col-6 col-md-4 col-xl-2" key={name}>
              <button type="button" className="card future-tile w-100 text-start" onClick={() => update({ month: index + 1, page: undefined })} aria-label={`${MONTH_NAMES[index]}: ${counts.data?.[name] ?? 0} orders`}>
                <div className="card-body">
                  <div className="text-muted small">{name}</div>
                  <div className="fs-4 fw-semibold">{counts.data ? counts.data[name] : '…'}</div>
                </div>
              </button>
            </div>
          ))}
        </div>
      )}
    </>
  );
}
