/**
 * The Disputes report's months (product: disputes.md#report), zod-free: the staff app's router reads them from an
 * address before the report's code is loaded, and disputes.ts builds the request's schema from them.
 */

/** A month as the report's address and form write it. */
export const REPORT_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const REPORT_MONTH_FORMAT = 'A month is written YYYY-MM.';
export const REPORT_MONTHS_IN_ORDER = 'The first month must not be after the last.';

/** `from` and `to` as months the report takes (both written YYYY-MM, the first not after the last), or null. */
export function reportMonthRange(from: unknown, to: unknown): { from: string; to: string } | null {
  if (typeof from !== 'string' || typeof to !== 'string') return null;
  return REPORT_MONTH.test(from) && REPORT_MONTH.test(to) && from <= to ? { from, to } : null;
}
