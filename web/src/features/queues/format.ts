import { groupedCount } from '../../../../shared/grouped-count';

/** How queue tables write calendar dates (product: screens.md#formats: DD/MM/YYYY); moments go through lib/time.tsx. */
const pad = (n: number) => String(n).padStart(2, '0');

/** Arrival date from its three fields, zero padded: 04/07/2031. */
export function arrivalDate(day: number, month: number, year: number): string {
  return `${pad(day)}/${pad(month)}/${year}`;
}

/** A calendar date (YYYY-MM-DD) as DD/MM/YYYY. */
export function calendarDate(ymd: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '-';
}

export function telephone(code: string, number: string): string {
  return `+${code.replace(/^\+/, '')} ${number}`;
}

/**
 * An estimated total as staff read it after "about": two significant figures ("9,000"), never below `atLeast` (the
 * rows the screen already shows), where the estimate is written as it came.
 */
export function estimatedCount(estimate: number, atLeast = 0): string {
  const rounded = estimate >= 100 ? Number(estimate.toPrecision(2)) : estimate;
  return groupedCount(rounded < atLeast ? estimate : rounded);
}
