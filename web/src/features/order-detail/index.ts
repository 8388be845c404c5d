/**
 * The order-detail feature's public entry (docs/decisions/0031): the frame every section of the order page uses, for
 * the features whose sections the app mounts there (documents, defence-packs, disputes), and which orders' pages have
 * the Dispute section, which the section index lists.
 */
export { DetailSection } from './DetailSection';
export { hasDisputeSection } from './sections/SectionIndex';
export type { OrderDetailSlots } from './OrderDetailPage';
