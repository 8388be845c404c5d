/**
 * The queue list's limits, zod-free: a queue screen needs them when it loads, and order-list.ts builds schemas
 * (docs/decisions/0035). The server imports them from here too.
 */

export const ORDER_LIST_DEFAULT_LIMIT = 10;
/** Largest page the server answers; "All" asks for min(totalRecords, this). */
export const ORDER_LIST_MAX_LIMIT = 5000;
/** A search counts its matches up to this many; past it, `totalCapped` is true (refine the search). */
export const SEARCH_COUNT_CAP = 10_000;
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100, 500] as const;
