/**
 * SLOT for issue 5/8: #, Order ID, Date & Time (EST), downloaded file, IP address, location from order.downloadHistory, the e-mail box and Sent Mail.
 * The order detail page renders this file in its place; replace its body, keep the name and props.
 * `order` is the whole GET /api/admin/get-orders-details payload; after a change invalidate
 * queryKeys.orders.detail(order.order_id) so the page reloads.
 */
import type { OrderDetail } from '../../../../../shared/schemas/order-detail';
import { DetailSection } from '../DetailSection';

export function DownloadHistorySection({ order }: { order: OrderDetail }) {
  return (
    <DetailSection title="Download History">
      <p className="od-slot mb-0" data-order-id={order.order_id}>This section is coming soon.</p>
    </DetailSection>
  );
}
