/**
 * Answer checks shown at the top of the order detail page (beyond the spec, to
 * save staff from submitting a card that the government or the airline will
 * refuse). Pure: the caller passes today's date (UTC, like the folders).
 */
import { MONTH_NAMES } from './orders';

export interface WarningInput {
  has_japanese_passport: string;
  has_reentry_permission: string;
  date_of_expiry: number;
  month_of_expiry: number;
  year_of_expiry: number;
  date_of_arrival_in_japan: number;
  month_of_arrival_in_japan: number;
  year_of_arrival_in_japan: number;
  home_address_country_name: string | null;
  postal_code_japan: string;
}

export interface AnswerWarning {
  code: string;
  message: string;
}

/** A calendar date as a UTC Date, or null when the day does not exist (e.g. 30 February). */
function calendarDate(year: number, month: number, day: number): Date | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? d : null;
}

function addMonths(date: Date, months: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

const spoken = (d: Date) => `${d.getUTCDate()} ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const asGiven = (y: number, m: number, d: number) => `${y} / ${MONTH_NAMES[m - 1] ?? m} / ${d}`;

/** Both answers no: a foreign visitor, who must give a residence and answer the immigration questions. */
export function isForeignVisitor(
  order: Pick<WarningInput, 'has_japanese_passport' | 'has_reentry_permission'>,
): boolean {
  return order.has_japanese_passport === 'no' && order.has_reentry_permission === 'no';
}

export function answerWarnings(order: WarningInput, today: string): AnswerWarning[] {
  const warnings: AnswerWarning[] = [];
  const arrival = calendarDate(
    order.year_of_arrival_in_japan,
    order.month_of_arrival_in_japan,
    order.date_of_arrival_in_japan,
  );
  const expiry = calendarDate(order.year_of_expiry, order.month_of_expiry, order.date_of_expiry);

  if (!arrival) {
    warnings.push({
      code: 'arrival-date-invalid',
      message: `The arrival date ${asGiven(order.year_of_arrival_in_japan, order.month_of_arrival_in_japan, order.date_of_arrival_in_japan)} does not exist.`,
    });
  }
  if (!expiry) {
    warnings.push({
      code: 'passport-expiry-invalid',
      message: `The passport expiry date ${asGiven(order.year_of_expiry, order.month_of_expiry, order.date_of_expiry)} does not exist.`,
    });
  }
  if (arrival && expiry) {
    if (expiry < arrival) {
      warnings.push({
        code: 'passport-expires-before-arrival',
        message: `The passport expires on ${spoken(expiry)}, before the arrival date (${spoken(arrival)}).`,
      });
    } else if (expiry < addMonths(arrival, 6)) {
      warnings.push({
        code: 'passport-expires-within-6-months',
        message: `The passport expires on ${spoken(expiry)}, within 6 months of the arrival date (${spoken(arrival)}).`,
      });
    }
  }
  if (arrival && arrival.toISOString().slice(0, 10) < today) {
    warnings.push({ code: 'arrival-in-past', message: `The arrival date (${spoken(arrival)}) is in the past.` });
  }
  if (isForeignVisitor(order) && !order.home_address_country_name?.trim()) {
    warnings.push({
      code: 'residence-country-missing',
      message:
        'The country of residence is missing; it is required when the Japanese passport and re-entry permission answers are both no.',
    });
  }
  if (!/^\d{3}-?\d{4}$/.test(order.postal_code_japan.trim())) {
    warnings.push({
      code: 'postal-code-not-7-digits',
      message: `The postal code in Japan "${order.postal_code_japan}" is not 7 digits.`,
    });
  }
  return warnings;
}
