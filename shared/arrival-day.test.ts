import { describe, expect, it } from 'vitest';
import { arrivalDayCard } from './arrival-day';

const arrival = { year: 2026, month: 5, day: 20 };
/** An instant by its time in Japan (UTC+9). */
const japan = (iso: string) => new Date(`${iso}+09:00`);

describe('the arrival-day card', () => {
  it('shows for an arrival three days ahead, counting days in Japan', () => {
    expect(arrivalDayCard(arrival, japan('2026-05-17T08:00:00'))).toEqual({
      arrival: new Date('2026-05-20T00:00:00Z'),
      daysUntil: 3,
    });
    // 23:30 on the 16th in New York is already the 17th in Japan: three days, not four.
    expect(arrivalDayCard(arrival, new Date('2026-05-16T23:30:00-04:00'))?.daysUntil).toBe(3);
  });

  it('stays through the arrival day and the day after, and is gone once that day ends in Japan', () => {
    expect(arrivalDayCard(arrival, japan('2026-05-20T23:59:00'))?.daysUntil).toBe(0);
    expect(arrivalDayCard(arrival, japan('2026-05-21T23:59:59'))?.daysUntil).toBe(-1);
    expect(arrivalDayCard(arrival, japan('2026-05-22T00:00:00'))).toBeNull();
  });

  it('shows nothing for a date that is not a date', () => {
    expect(arrivalDayCard({ year: 2026, month: 2, day: 30 }, japan('2026-02-20T00:00:00'))).toBeNull();
  });
});
