import { formatStaffDay } from '../../../../shared/staff-time';
/** Pure helpers of the report screens: the default date range, client-side filtering (exports: components/export). */

const pad = (n: number) => String(n).padStart(2, '0');

/** The current calendar month in UTC (the reports' days are UTC days): first and last day, YYYY-MM-DD. */
export function currentMonth(now = new Date()): { fromDate: string; toDate: string } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return { fromDate: `${y}-${pad(m + 1)}-01`, toDate: `${y}-${pad(m + 1)}-${pad(last)}` };
}

/** Case-insensitive "contains" (product: screens.md#search-and-selection: the country and processed-by searches filter on the client). */
export function matches(text: string, search: string): boolean {
  const term = search.trim().toLowerCase();
  return !term || text.toLowerCase().includes(term);
}

/**
 * The period a report shows, for headings: days written as every staff screen writes a date (YYYY-MM-DD,
 * shared/staff-time.ts), and the zone they are counted in: reports count UTC days (docs/decisions/0027).
 */
export function rangeLabel(fromDate: string, toDate: string): string {
  if (fromDate && toDate) return `${formatStaffDay(fromDate)} – ${formatStaffDay(toDate)} (UTC days)`;
  if (fromDate) return `from ${formatStaffDay(fromDate)} (UTC days)`;
  if (toDate) return `up to ${formatStaffDay(toDate)} (UTC days)`;
  return 'all time';
}

export function csvFilename(report: string, fromDate: string, toDate: string): string {
  return `${report}_${fromDate || 'start'}_${toDate || 'today'}.csv`;
}
