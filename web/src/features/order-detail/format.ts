/** How the order detail page writes answers (spec section 2: dates as year / month name / day). */
import { MONTH_NAMES } from '../../../../shared/orders';

export function ymd(year: number, month: number, day: number): string {
  return `${year} / ${MONTH_NAMES[month - 1] ?? month} / ${day}`;
}

export function yesNo(value: string | null | undefined): string {
  if (value === 'yes') return 'Yes';
  if (value === 'no') return 'No';
  return value ? value : '-';
}

export const PROCESSING_MODE_LABELS: Record<string, string> = { standard: 'Standard', priority: 'Priority', future: 'Future' };

export function phone(code: string, number: string): string {
  return `+${code.replace(/^\+/, '')} ${number}`;
}

/** A value or a dash when the customer left it empty. */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '-' : String(value);
}
