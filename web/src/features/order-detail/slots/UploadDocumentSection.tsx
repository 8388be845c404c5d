/**
 * SLOT for issue 8 (documents and mail): order id, e-mail, the pdf/image picker, one submit per mail provider, the Download File link from order.uploadDoc.
 * The order detail page renders this file in its place; replace its body, keep the name and props.
 * `order` is the whole GET /api/admin/get-orders-details payload; after a change invalidate
 * queryKeys.orders.detail(order.order_id) so the page reloads.
 */
import type { OrderDetail } from '../../../../../shared/schemas/order-detail';
import { DetailSection } from '../DetailSection';

export function UploadDocumentSection({ order }: { order: OrderDetail }) {
  return (
    <DetailSection title="Upload Document">
      <p className="od-slot mb-0" data-order-id={order.order_id}>This section is coming soon.</p>
    </DetailSection>
  );
}
