import { describe, expect, it } from 'vitest';
import { arrivalUrgency, DEFAULT_URGENCY_THRESHOLDS, jstDayKey, urgencyWindow } from './arrival-urgency';

const at = (iso: string) => new Date(iso);
const urgency = (ymd: string, now: string, thresholds = DEFAULT_URGENCY_THRESHOLDS) => {
  const [year, month, day] = ymd.split('-').map(Number) as [number, number, number];
  return arrivalUrgency({ year, month, day }, at(now), thresholds);
};

describe('arrival urgency in Japan time', () => {
  it('takes the date in Japan, which turns at 15:00 UTC', () => {
    expect(jstDayKey(at('2026-03-09T14:59:59.999Z'))).toBe(20260309);
    expect(jstDayKey(at('2026-03-09T15:00:00Z'))).toBe(20260310);
    // New Year in Japan while it is still the old year in UTC.
    expect(jstDayKey(at('2025-12-31T15:00:00Z'))).toBe(20260101);
  });

  it('keeps the arrival day urgent until it ends in Japan, then says the arrival passed', () => {
    // 23:59 JST on 10 March: arriving today.
    expect(urgency('2026-03-10', '2026-03-10T14:59:00Z')).toEqual({
      level: 'very-urgent',
      text: 'Very urgent: arrives today',
    });
    // 00:00 JST on 11 March: the 10th has passed.
    expect(urgency('2026-03-10', '2026-03-10T15:00:00Z')).toEqual({
      level: 'passed',
      text: 'Arrival passed: arrived yesterday',
    });
    expect(urgency('2026-03-07', '2026-03-10T15:00:00Z')).toEqual({
      level: 'passed',
      text: 'Arrival passed: arrived 4 days ago',
    });
  });

  it('measures "within N hours" to the start of the arrival day in Japan', () => {
    // 00:30 JST on 10 March: the 11th starts in 23.5 h (very urgent), the 12th in 47.5 h (urgent),
    // the 13th in 71.5 h (urgent), the 14th in 95.5 h (not urgent).
    const now = '2026-03-09T15:30:00Z';
    expect(urgency('2026-03-11', now)).toEqual({ level: 'very-urgent', text: 'Very urgent: arrives tomorrow' });
    expect(urgency('2026-03-12', now)).toEqual({ level: 'urgent', text: 'Urgent: arrives in 2 days' });
    expect(urgency('2026-03-13', now)).toEqual({ level: 'urgent', text: 'Urgent: arrives in 3 days' });
    expect(urgency('2026-03-14', now)).toBeNull();
    // 14:59 UTC the day before is 23:59 JST on 9 March: the 11th still starts 24 h 1 min later, so only urgent.
    expect(urgency('2026-03-11', '2026-03-09T14:59:00Z')?.level).toBe('urgent');
    // One minute later (00:00 JST on the 10th) the 11th starts in exactly 24 h: very urgent.
    expect(urgency('2026-03-11', '2026-03-09T15:00:00Z')?.level).toBe('very-urgent');
  });

  it('follows configured thresholds and crosses month and year ends', () => {
    expect(urgency('2026-01-02', '2025-12-31T16:00:00Z', { urgentHours: 48, veryUrgentHours: 12 })).toEqual({
      level: 'urgent',
      text: 'Urgent: arrives tomorrow',
    });
    expect(urgency('2026-03-01', '2026-02-27T15:00:00Z', { urgentHours: 48, veryUrgentHours: 12 })?.level).toBe(
      'urgent',
    );
    expect(urgencyWindow(at('2026-02-27T15:00:00Z'), DEFAULT_URGENCY_THRESHOLDS)).toEqual({
      todayKey: 20260228,
      veryUrgentUntilKey: 20260301,
      urgentUntilKey: 20260303,
    });
  });
});
