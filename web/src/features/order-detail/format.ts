/** How the order detail page writes answers (product: screens.md#formats: dates as year / month name / day). */
import { MONTH_NAMES } from '../../../../shared/orders';

export function ymd(year: number, month: number, day: number): string {
  if (year === 0) return '-'; // erased: the blank of a date is 0 / 0 / 0
  return `${year} / ${MONTH_NAMES[month - 1] ?? month} / ${day}`;
}

export function yesNo(value: string | null | undefined): string {
  if (value === 'yes') return 'Yes';
  if (value === 'no') return 'No';
  return value ? value : '-';
}

export const PROCESSING_MODE_LABELS: Record<string, string> = {
  standard: 'Standard',
  priority: 'Priority',
  future: 'Future',
};

export function phone(code: string, number: string): string {
  if (!code && !number) return '-'; // erased
  return `+${code.replace(/^\+/, '')} ${number}`;
}

/** A value or a dash when the customer left it empty. */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '-' : String(value);
}
