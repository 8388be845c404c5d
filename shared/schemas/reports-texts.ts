/**
 * The reports' page sizes and messages, zod-free: screens show them without building the reports' schemas
 * (docs/decisions/0035). The server imports them from here too.
 */

export const PROCESSING_LOG_PAGE_SIZES = [10, 25, 50, 100] as const;
export const BOTH_DATES_MESSAGE = 'Please select both From and To dates.';
export const DATE_ORDER_MESSAGE = 'From date must be on or before To date.';
export const SELECT_GATEWAY_MESSAGE = 'Please select gateway.';
