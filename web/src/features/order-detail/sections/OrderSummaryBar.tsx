/**
 * The order detail's sticky bar: who the order is, its status, assignee and arrival urgency,
 * the move buttons and the section index, in view wherever the page is scrolled.
 */
import { useEffect, useState } from 'react';
import { arrivalUrgency } from '../../../../../shared/arrival-urgency';
import { statusLabel } from '../../../../../shared/orders';
import type { OrderDetail } from '../../../../../shared/schemas/order-detail';
import { useArrivalUrgency } from '../../../lib/arrival-urgency';
import { MoveButtons } from '../MoveButtons';
import { SectionIndex } from './SectionIndex';

const URGENCY_BADGE = { 'very-urgent': 'text-bg-danger', urgent: 'text-bg-warning', passed: 'text-bg-dark' } as const;

function UrgencyBadge({ order }: { order: OrderDetail }) {
  const info = useArrivalUrgency();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  if (!info.data || order.year_of_arrival_in_japan === 0) return null;
  const urgency = arrivalUrgency(
    {
      year: order.year_of_arrival_in_japan,
      month: order.month_of_arrival_in_japan,
      day: order.date_of_arrival_in_japan,
    },
    now,
    info.data,
  );
  if (!urgency) return null;
  return (
    <span className={`badge ${URGENCY_BADGE[urgency.level]}`} data-testid="order-urgency">
      {urgency.text}
    </span>
  );
}

export function OrderSummaryBar({ order }: { order: OrderDetail }) {
  return (
    <div className="od-sticky" role="region" aria-label="Order status and moves">
      <div className="od-summary">
        <span className="fw-semibold">Order {order.order_id}</span>
        <span className="od-summary-name text-truncate" title={`${order.given_name} ${order.surname}`}>
          {order.given_name} {order.surname}
        </span>
        <span
          className={`badge ${order.process_status === 'Deleted' ? 'text-bg-danger' : 'text-bg-primary'}`}
          data-testid="order-status"
        >
          {statusLabel(order.process_status, order.refund_date)}
        </span>
        <span className="od-summary-assignee" data-testid="order-assignee">
          Assigned to <strong>{order.assign_to ?? 'nobody'}</strong>
        </span>
        <UrgencyBadge order={order} />
      </div>
      <MoveButtons orderId={order.order_id} status={order.process_status} assignedToId={order.assigned_to_id} />
      <SectionIndex order={order} />
    </div>
  );
}
