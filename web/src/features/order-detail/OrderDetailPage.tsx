/**
 * /admin/view-order/{encodedOrderId}: one order in full (spec section 2 "Order
 * detail", sections in the spec's order). The Email History, Upload Document,
 * Download History and Defence Pack parts live in ./slots, filled by their issues.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { decodeOrderId } from '../../../../shared/ids';
import { statusLabel } from '../../../../shared/orders';
import type { OrderDetail } from '../../../../shared/schemas/order-detail';
import { PageHeader } from '../../components/PageHeader';
import { ApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { AddCommentSection } from './AddCommentSection';
import { AnswerWarnings } from './AnswerWarnings';
import { ApplicationSections, OrderDetailsSection } from './ApplicationSections';
import { CommentHistory } from './CommentHistory';
import { EmailContentModal } from './EmailContentModal';
import { ProcessTimeline } from './ProcessTimeline';
import { TransactionDetailsModal } from './TransactionDetailsModal';
import { useOrderDetail } from './api/get-order-detail';
import { DefencePackButtons } from './slots/DefencePackButtons';
import { DownloadHistorySection } from './slots/DownloadHistorySection';
import { EmailHistorySection } from './slots/EmailHistorySection';
import { UploadDocumentSection } from './slots/UploadDocumentSection';
import './order-detail.css';

export function OrderDetailPage() {
  const { orderId: ref } = useParams();
  const orderId = ref ? decodeOrderId(ref) : null;
  if (orderId === null) return <OrderNotFound />;
  return <OrderDetailScreen key={orderId} orderId={orderId} />;
}

function OrderNotFound() {
  return (
    <>
      <PageHeader title="Order Details" />
      <div className="card">
        <div className="card-body">
          <h2 className="h5">Order not found</h2>
          <p className="mb-3">No order matches this link. It may have been mistyped, or the order no longer exists.</p>
          <Link to={paths.admin.orderHistory} className="btn btn-primary">Go to Order History</Link>
        </div>
      </div>
    </>
  );
}

function OrderDetailScreen({ orderId }: { orderId: number }) {
  const detail = useOrderDetail(orderId);
  if (detail.isPending) {
    return <div className="d-flex align-items-center gap-2 text-muted" role="status"><span className="spinner-border spinner-border-sm" /> Loading order…</div>;
  }
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.httpStatus === 404) return <OrderNotFound />;
    return (
      <>
        <PageHeader title="Order Details" />
        <div className="alert alert-danger d-flex flex-wrap align-items-center justify-content-between gap-2" role="alert">
          <span>{detail.error.message}</span>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void detail.refetch()}>Try again</button>
        </div>
      </>
    );
  }
  return <OrderDetailBody order={detail.data} refreshing={detail.isFetching} onRefresh={() => void detail.refetch()} />;
}

function OrderDetailBody({ order, refreshing, onRefresh }: { order: OrderDetail; refreshing: boolean; onRefresh(): void }) {
  const [showEmail, setShowEmail] = useState(false);
  const [showTransaction, setShowTransaction] = useState(false);
  const status = statusLabel(order.process_status, order.refund_date);

  return (
    <div className="od-page">
      <PageHeader title="Order Details" actions={
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onRefresh} disabled={refreshing}>Refresh</button>
      } />
      <p className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span className="fw-semibold">Order {order.order_id}</span>
        <span className="text-muted">{order.given_name} {order.surname}</span>
        <span className={`badge ${order.process_status === 'Deleted' ? 'text-bg-danger' : 'text-bg-primary'}`} data-testid="order-status">{status}</span>
      </p>

      <AnswerWarnings warnings={order.warnings} />
      <AddCommentSection orderId={order.order_id} status={order.process_status} assignedToId={order.assigned_to_id} />
      <EmailHistorySection order={order} />
      <UploadDocumentSection order={order} />
      <OrderDetailsSection order={order} />
      <ApplicationSections order={order} />
      <DownloadHistorySection order={order} />
      <ProcessTimeline logs={order.processLogs} />
      <CommentHistory remarks={order.remark} />

      <div className="od-bottom-buttons mb-4">
        <button type="button" className="btn btn-primary" onClick={() => setShowEmail(true)}>View Email Content</button>
        <DefencePackButtons order={order} />
        <button type="button" className="btn btn-primary" onClick={() => setShowTransaction(true)}>Enter Transaction Details</button>
      </div>

      <EmailContentModal show={showEmail} order={order} onClose={() => setShowEmail(false)} />
      <TransactionDetailsModal show={showTransaction} orderId={order.order_id}
        current={{ transactionId: order.transaction_id, merchantName: order.merchant_name }}
        onClose={() => setShowTransaction(false)} />
    </div>
  );
}
