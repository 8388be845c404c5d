/**
 * A date answer (an application's day, month and year columns) as the staff screens write it (product:
 * screens.md#formats: year / month name / day): the order page and a reply's review show a date alike.
 */
import { MONTH_NAMES } from '../../../shared/orders';

export function ymd(year: number, month: number, day: number): string {
  if (year === 0) return '-'; // erased: the blank of a date is 0 / 0 / 0
  return `${year} / ${MONTH_NAMES[month - 1] ?? month} / ${day}`;
}
