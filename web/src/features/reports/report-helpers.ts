import { MONTHS } from '../../../../shared/orders';
/** Pure helpers of the report screens: the default date range, CSV text, client-side filtering. */

const pad = (n: number) => String(n).padStart(2, '0');

/** The current calendar month in UTC (the reports' days are UTC days): first and last day, YYYY-MM-DD. */
export function currentMonth(now = new Date()): { fromDate: string; toDate: string } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return { fromDate: `${y}-${pad(m + 1)}-01`, toDate: `${y}-${pad(m + 1)}-${pad(last)}` };
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a leading = + - @ is defused for spreadsheets. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text with a header line, CRLF line ends (what spreadsheet programs expect). */
export function toCsv(header: string[], rows: (string | number)[][]): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Offers `csv` as a download named `filename` (UTF-8 with a byte-order mark, so spreadsheets read accents). */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Case-insensitive "contains" (spec section 5: the country and processed-by searches filter on the client). */
export function matches(text: string, search: string): boolean {
  const term = search.trim().toLowerCase();
  return !term || text.toLowerCase().includes(term);
}

/** "2025-03-01" -> "01 Mar 2025": unambiguous beside the browser's date inputs, whose order follows its locale. */
export function spelledDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d} ${MONTHS[Number(m) - 1] ?? m} ${y}`;
}

/** The period a report shows, for headings. */
export function rangeLabel(fromDate: string, toDate: string): string {
  if (fromDate && toDate) return `${spelledDay(fromDate)} – ${spelledDay(toDate)}`;
  if (fromDate) return `from ${spelledDay(fromDate)}`;
  if (toDate) return `up to ${spelledDay(toDate)}`;
  return 'all time';
}

export function csvFilename(report: string, fromDate: string, toDate: string): string {
  return `${report}_${fromDate || 'start'}_${toDate || 'today'}.csv`;
}
