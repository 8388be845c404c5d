/**
 * Bulk moves' limit and sentences, zod-free: a queue screen needs them when it loads, and bulk-orders.ts builds
 * schemas (docs/decisions/0035). The server imports them from here too.
 */
import { groupedCount } from '../grouped-count';

/** Most orders one bulk request changes (the largest page a queue shows is as many). */
export const BULK_MAX_ORDERS = 5000;

export const BULK_ACTIONS = ['move', 'assign', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const tooManyMessage = `At most ${groupedCount(BULK_MAX_ORDERS)} orders can be changed at once; narrow the filter and try again.`;

/** A number of orders as the bulk sentences say it: "1 order", "5,000 orders". */
export const ordersPhrase = (n: number) => `${groupedCount(n)} ${n === 1 ? 'order' : 'orders'}`;

/** The one line the answer's message and the web's summary say ("Moved 35 orders to Pending; 2 refused."). */
export function bulkSummary(action: BulkAction, done: number, refused: number, what: string): string {
  const verb = action === 'move' ? 'Moved' : action === 'assign' ? 'Assigned' : 'Deleted';
  const head = `${verb} ${ordersPhrase(done)}${what ? ` ${what}` : ''}`;
  return refused ? `${head}; ${groupedCount(refused)} refused.` : `${head}.`;
}

/** The confirmation's question ("Move 37 orders to Pending?"). */
export function bulkQuestion(action: BulkAction, count: number, what: string): string {
  const verb = action === 'move' ? 'Move' : action === 'assign' ? 'Assign' : 'Delete';
  return `${verb} ${ordersPhrase(count)}${what ? ` ${what}` : ''}?`;
}
