/**
 * The order-detail feature's public entry (docs/decisions/0031): the frame every section of the order page uses, for
 * the features whose sections the app mounts there (documents, defence-packs), and the order's query, which a
 * queue's View link asks for on intent (issue 27).
 */
export { DetailSection } from './DetailSection';
export type { OrderDetailSlots } from './OrderDetailPage';
export { prefetchOrderDetail } from './api/get-order-detail';
