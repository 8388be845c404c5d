/**
 * SLOT for issue 8 (documents and mail): the table #, Order ID, Download link, Date & Time, Mail Provider from order.mailHistory, the e-mail box and the two resend buttons.
 * The order detail page renders this file in its place; replace its body, keep the name and props.
 * `order` is the whole GET /api/admin/get-orders-details payload; after a change invalidate
 * queryKeys.orders.detail(order.order_id) so the page reloads.
 */
import type { OrderDetail } from '../../../../../shared/schemas/order-detail';
import { DetailSection } from '../DetailSection';

export function EmailHistorySection({ order }: { order: OrderDetail }) {
  return (
    <DetailSection title="Email History">
      <p className="od-slot mb-0" data-order-id={order.order_id}>This section is coming soon.</p>
    </DetailSection>
  );
}
