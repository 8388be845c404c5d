/**
 * The order-detail feature's public entry (docs/decisions/0031): the frame every section of the order page uses, for
 * the features whose sections the app mounts there (documents, defence-packs).
 */
export { DetailSection } from './DetailSection';
export type { OrderDetailSlots } from './OrderDetailPage';
