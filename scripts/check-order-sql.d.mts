/** Types of scripts/check-order-sql.mjs, for tests/lint/check-order-sql.test.ts. */
export interface OrderSqlHome {
  path: string;
  holds: string;
}
export const ORDER_SQL_HOMES: OrderSqlHome[];
export const SCANNED_ROOTS: string[];
export const MAP: string;
export function orderSqlIn(file: string, text: string): { line: number; what: string }[];
export function checkOrderSql(root: string, homes?: OrderSqlHome[]): { problems: string[]; files: number };
