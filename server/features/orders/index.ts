/**
 * The orders feature's public entry (docs/decisions/0045): the single-order moves, assignment and deletion that bulk
 * moves apply to many orders at once, with the same rules.
 */
export {
  moveOrders,
  moveRefusal,
  movingOrderColumns,
  movingOrderSchema,
  type MovingOrder,
} from './order-status.service';
export { assignLockedOrders, deleteOrders, type Assignee } from './actions.service';
