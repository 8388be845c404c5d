/** How the order detail page writes answers (product: screens.md#formats: dates as year / month name / day). */
export { ymd } from '../../lib/answer-date';

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
