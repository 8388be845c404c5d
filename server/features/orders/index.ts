/**
 * The orders feature's public entry (docs/decisions/0045): the single-order moves, assignment and deletion that bulk
 * moves apply to many orders at once, with the same rules.
 */
export { moveOrderUnattended, moveOrders, moveRefusal } from './order-status.service';
/** The rows a bulk action locks and reads (order-store.ts: the orders feature's statements on orders). */
export { existingOrderIds, lockFreeOrderRows, type BulkOrder, type MovingOrder } from './order-store';
export { assignLockedOrders, deleteOrders, type Assignee } from './actions.service';
