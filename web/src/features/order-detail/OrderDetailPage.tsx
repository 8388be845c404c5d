/**
 * /admin/view-order/{encodedOrderId}: one order in full, its sections in the order of product: orders.md#order-detail. The Email History, Upload Document,
 * Download History and Defence Pack parts belong to features/documents and features/defence-packs; the app fills
 * their places (`slots`, app/OrderDetailRoute.tsx), so this feature and those do not import each other.
 */
import { useDeferredValue, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { decodeOrderId } from '../../../../shared/ids';
import type { OrderDetail } from '../../../../shared/schemas/order-detail';
import { PageHeader } from '../../components/PageHeader';
import { ApiError } from '../../lib/api';
import { folderPath } from '../../lib/folder-paths';
import { AddCommentSection } from './AddCommentSection';
import { AnswerWarnings } from './AnswerWarnings';
import { ApplicationSections, OrderDetailsSection } from './ApplicationSections';
import { CommentHistory } from './CommentHistory';
import { EmailContentModal } from './EmailContentModal';
import { ErasureNotice } from './ErasureNotice';
import { ProcessTimeline } from './ProcessTimeline';
import { TransactionDetailsModal } from './TransactionDetailsModal';
import { useOrderDetail } from './api/get-order-detail';
import { OrderLivePanel } from '../live';
import { OrderDetailKeys } from './keyboard/OrderDetailKeys';
import { OrderSummaryBar } from './sections/OrderSummaryBar';
import { SectionProvider } from './sections/section-state';
import './order-detail.css';

/** The parts other features build, each drawn for the order in its place on the page. */
export interface OrderDetailSlots {
  emailHistory(order: OrderDetail): ReactNode;
  uploadDocument(order: OrderDetail): ReactNode;
  downloadHistory(order: OrderDetail): ReactNode;
  defencePackButtons(order: OrderDetail): ReactNode;
  /** The order's payment disputes and the evidence sent to the provider (features/disputes). */
  disputes(order: OrderDetail): ReactNode;
  /** Asking the customer to correct answers, and reviewing the reply (features/information-requests). */
  informationRequests(order: OrderDetail): ReactNode;
}

export function OrderDetailPage({ slots }: { slots: OrderDetailSlots }) {
  const { orderId: ref } = useParams();
  const orderId = ref ? decodeOrderId(ref) : null;
  if (orderId === null) return <OrderNotFound />;
  return <OrderDetailScreen key={orderId} orderId={orderId} slots={slots} />;
}

function OrderNotFound() {
  return (
    <>
      <PageHeader title="Order Details" />
      <div className="card">
        <div className="card-body">
          <h2 className="h5">Order not found</h2>
          <p className="mb-3">No order matches this link. It may have been mistyped, or the order no longer exists.</p>
          <Link to={folderPath('orderHistory')} className="btn btn-primary">
            Go to Order History
          </Link>
        </div>
      </div>
    </>
  );
}

function OrderDetailScreen({ orderId, slots }: { orderId: number; slots: OrderDetailSlots }) {
  // The route's loader has asked for the order already (app/screen-loaders.ts): here it is read from the cache.
  const detail = useOrderDetail(orderId);
  // An order that arrives after the page is drawn (a first load, a slow answer) is drawn in a render React may pause
  // for input and paint, not in one long task; one already here (a View after its intent) is drawn at once, and so is
  // every later change of it (a move shows in the same render as its answer).
  const arrived = useDeferredValue(detail.data !== undefined);
  const order = arrived ? detail.data : undefined;
  const refresh = () => void detail.refetch();
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.httpStatus === 404) return <OrderNotFound />;
    return (
      <>
        <PageHeader title="Order Details" />
        <div
          className="alert alert-danger d-flex flex-wrap align-items-center justify-content-between gap-2"
          role="alert"
        >
          <span>{detail.error.message}</span>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={refresh}>
            Try again
          </button>
        </div>
      </>
    );
  }
  if (order === undefined) {
    // The page's heading is there from the start, where the order's page will show it: a person sees at once where
    // the click led, and nothing moves when the order arrives.
    return (
      <>
        <OrderPageHeader refreshing onRefresh={refresh} />
        <div className="d-flex align-items-center gap-2 text-muted" role="status">
          <span className="spinner-border spinner-border-sm" /> Loading order…
        </div>
      </>
    );
  }
  return <OrderDetailBody order={order} slots={slots} refreshing={detail.isFetching} onRefresh={refresh} />;
}

function OrderPageHeader({ refreshing, onRefresh }: { refreshing: boolean; onRefresh(): void }) {
  return (
    <PageHeader
      title="Order Details"
      actions={
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onRefresh} disabled={refreshing}>
          Refresh
        </button>
      }
    />
  );
}

function OrderDetailBody({
  order,
  slots,
  refreshing,
  onRefresh,
}: {
  order: OrderDetail;
  slots: OrderDetailSlots;
  refreshing: boolean;
  onRefresh(): void;
}) {
  return (
    <SectionProvider>
      <div className="od-page">
        <OrderPageHeader refreshing={refreshing} onRefresh={onRefresh} />
        <OrderSummaryBar order={order} />

        <OrderLivePanel orderId={order.order_id} />
        <OrderDetailKeys order={order} />
        <ErasureNotice erasures={order.erasures} />
        <AnswerWarnings warnings={order.warnings} />
        {slots.informationRequests(order)}
        <AddCommentSection key={order.order_id} orderId={order.order_id} />
        {slots.emailHistory(order)}
        {slots.uploadDocument(order)}
        <AfterTheFirstCommit>
          <BelowFirstScreen order={order} slots={slots} />
        </AfterTheFirstCommit>
      </div>
    </SectionProvider>
  );
}

/**
 * What it holds is drawn in a render of its own just after the first commit (React's deferred value), which React
 * leaves to the browser's next frame (docs/decisions/0040). The order page's part below its first screen (its details,
 * the customer's answers, the histories: two thirds of its elements) comes this way, so a View click paints the part
 * in sight without waiting for the rest; it comes below what is drawn, so nothing in sight moves. Once per order (the
 * screen is keyed by it): afterwards the whole page draws each change together.
 */
function AfterTheFirstCommit({ children }: { children: ReactNode }) {
  const afterFirst = useDeferredValue(true, false);
  return afterFirst ? children : null;
}

/** The order page from its details down (OrderDetailBody draws it just after the part in sight). */
function BelowFirstScreen({ order, slots }: { order: OrderDetail; slots: OrderDetailSlots }) {
  const [showEmail, setShowEmail] = useState(false);
  const [showTransaction, setShowTransaction] = useState(false);
  return (
    <>
      <OrderDetailsSection order={order} />
      <ApplicationSections order={order} />
      {slots.downloadHistory(order)}
      {slots.disputes(order)}
      <ProcessTimeline logs={order.processLogs} />
      <CommentHistory remarks={order.remark} />

      <div className="od-bottom-buttons mb-4">
        <button type="button" className="btn btn-primary" onClick={() => setShowEmail(true)}>
          View Email Content
        </button>
        {slots.defencePackButtons(order)}
        <button type="button" className="btn btn-primary" onClick={() => setShowTransaction(true)}>
          Enter Transaction Details
        </button>
      </div>

      <EmailContentModal show={showEmail} order={order} onClose={() => setShowEmail(false)} />
      <TransactionDetailsModal
        show={showTransaction}
        orderId={order.order_id}
        current={{ transactionId: order.transaction_id, merchantName: order.merchant_name }}
        onClose={() => setShowTransaction(false)}
      />
    </>
  );
}
