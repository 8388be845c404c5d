/**
 * SLOT for issue 7 (chargeback defence packs): the Defence Pack 1 and Defence Pack 2 buttons among the
 * order detail page's bottom buttons (pack 1 = Email History, pack 2 = Download History, each printable and
 * as a PDF from /api/admin/get-defence-pack-pdf). Replace the body; keep the name and props.
 */
import type { OrderDetail } from '../../../../../shared/schemas/order-detail';

export function DefencePackButtons({ order }: { order: OrderDetail }) {
  return (
    <>
      <button type="button" className="btn btn-outline-secondary" disabled title="Coming soon" data-order-id={order.order_id}>Defence Pack 1</button>
      <button type="button" className="btn btn-outline-secondary" disabled title="Coming soon">Defence Pack 2</button>
    </>
  );
}
