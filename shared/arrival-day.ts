/**
 * The arrival-day card (product: languages.md#arrival-card): what to have ready on landing, shown on the download
 * page and in the document mail from the moment the document is sent until the day after arrival has ended in
 * Japan (the arrival is a calendar date read in Japan's time, as for the queues' urgency).
 */
import { daysUntilArrival } from './arrival-urgency';

export interface ArrivalDate {
  year: number;
  month: number;
  day: number;
}

export interface ArrivalDayCard {
  /** The arrival date at midnight UTC: format it with timeZone UTC to write the calendar date. */
  arrival: Date;
  /** Whole days from today in Japan to the arrival: 0 on the day, -1 the day after. */
  daysUntil: number;
}

/** The card for a sent document now, or null once the day after arrival is over (or the date is not a date). */
export function arrivalDayCard(date: ArrivalDate, now: Date): ArrivalDayCard | null {
  const arrival = new Date(Date.UTC(date.year, date.month - 1, date.day));
  if (arrival.getUTCDate() !== date.day || arrival.getUTCMonth() !== date.month - 1) return null;
  const daysUntil = daysUntilArrival(date.year, date.month, date.day, now);
  return daysUntil >= -1 ? { arrival, daysUntil } : null;
}
