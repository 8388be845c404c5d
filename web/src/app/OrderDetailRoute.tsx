/**
 * The order detail screen as the router mounts it: features/order-detail's page with the parts of
 * features/documents, features/defence-packs, features/disputes and features/information-requests in their places
 * (product: orders.md#order-detail). Composed here so that no feature imports another's components
 * (docs/decisions/0031).
 */
import { DefencePackButtons } from '../features/defence-packs/DefencePackButtons';
import { DownloadHistorySection } from '../features/defence-packs/DownloadHistorySection';
import { DisputeSection } from '../features/disputes/DisputeSection';
import { EmailHistorySection } from '../features/documents/EmailHistorySection';
import { UploadDocumentSection } from '../features/documents/UploadDocumentSection';
import { InformationRequestSection } from '../features/information-requests/InformationRequestSection';
import { OrderDetailPage, type OrderDetailSlots } from '../features/order-detail/OrderDetailPage';

const slots: OrderDetailSlots = {
  emailHistory: (order) => <EmailHistorySection order={order} />,
  uploadDocument: (order) => <UploadDocumentSection order={order} />,
  downloadHistory: (order) => <DownloadHistorySection order={order} />,
  defencePackButtons: (order) => <DefencePackButtons order={order} />,
  disputes: (order) => <DisputeSection order={order} />,
  informationRequests: (order) => <InformationRequestSection order={order} />,
};

export function OrderDetailRoute() {
  return <OrderDetailPage slots={slots} />;
}
