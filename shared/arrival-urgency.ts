/**
 * How close an order's arrival in Japan is (docs/decisions/0016). The arrival is a calendar date without
 * a time, read in Japan's time zone: a date D is "within N hours" when D has begun in Japan by now + N hours, i.e.
 * D <= the JST date of (now + N h). The arrival day itself stays urgent until it ends in Japan; only then has the
 * arrival passed. The server counts with the same keys (yyyymmdd integers, the expression of the orders' arrival
 * indexes), so a tile's number and the rows' highlight never disagree.
 */

/** Japan has kept UTC+9 without daylight saving since 1951, so a fixed offset is exact. */
const JST_OFFSET_MS = 9 * 3600_000;
const DAY_MS = 86_400_000;

export interface UrgencyThresholds {
  /** Highlighted when the arrival day begins within this many hours (default 72). */
  urgentHours: number;
  /** Strongly highlighted when it begins within this many hours (default 24). */
  veryUrgentHours: number;
}

export const DEFAULT_URGENCY_THRESHOLDS: UrgencyThresholds = { urgentHours: 72, veryUrgentHours: 24 };

export type UrgencyLevel = 'passed' | 'very-urgent' | 'urgent';

/** The arrival date as the integer yyyymmdd (the SQL expression of the arrival indexes, migration 0025). */
export const arrivalKey = (year: number, month: number, day: number) => year * 10000 + month * 100 + day;

/** The JST calendar date of an instant as yyyymmdd. */
export function jstDayKey(instant: Date): number {
  const jst = new Date(instant.getTime() + JST_OFFSET_MS);
  return arrivalKey(jst.getUTCFullYear(), jst.getUTCMonth() + 1, jst.getUTCDate());
}

export interface UrgencyWindow {
  /** Today in Japan: an arrival before it has passed. */
  todayKey: number;
  /** Last arrival date that is very urgent (its day begins within veryUrgentHours). */
  veryUrgentUntilKey: number;
  /** Last arrival date that is urgent. */
  urgentUntilKey: number;
}

export function urgencyWindow(now: Date, thresholds: UrgencyThresholds): UrgencyWindow {
  const later = (hours: number) => jstDayKey(new Date(now.getTime() + hours * 3600_000));
  return {
    todayKey: jstDayKey(now),
    veryUrgentUntilKey: later(thresholds.veryUrgentHours),
    urgentUntilKey: later(thresholds.urgentHours),
  };
}

export interface ArrivalUrgency {
  level: UrgencyLevel;
  /** Words for screen readers (and the row's tooltip): "Very urgent: arrives tomorrow". */
  text: string;
}

const keyToUtcDay = (key: number) =>
  Date.UTC(Math.floor(key / 10000), (Math.floor(key / 100) % 100) - 1, key % 100) / DAY_MS;

/** Whole calendar days from today in Japan to the arrival date (negative once passed). */
export function daysUntilArrival(year: number, month: number, day: number, now: Date): number {
  return Math.round(keyToUtcDay(arrivalKey(year, month, day)) - keyToUtcDay(jstDayKey(now)));
}

function whenText(days: number): string {
  if (days === 0) return 'arrives today';
  if (days === 1) return 'arrives tomorrow';
  if (days > 1) return `arrives in ${days} days`;
  return days === -1 ? 'arrived yesterday' : `arrived ${-days} days ago`;
}

/** The urgency of one arrival date now, or null when it is further away than the urgent threshold. */
export function arrivalUrgency(
  arrival: { year: number; month: number; day: number },
  now: Date,
  thresholds: UrgencyThresholds,
): ArrivalUrgency | null {
  const key = arrivalKey(arrival.year, arrival.month, arrival.day);
  const window = urgencyWindow(now, thresholds);
  const when = whenText(daysUntilArrival(arrival.year, arrival.month, arrival.day, now));
  if (key < window.todayKey) return { level: 'passed', text: `Arrival passed: ${when}` };
  if (key <= window.veryUrgentUntilKey) return { level: 'very-urgent', text: `Very urgent: ${when}` };
  if (key <= window.urgentUntilKey) return { level: 'urgent', text: `Urgent: ${when}` };
  return null;
}
