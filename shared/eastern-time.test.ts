import { describe, expect, it } from 'vitest';
import { easternDate, easternDateTime, easternLogTime, easternTime } from './eastern-time';

describe('US Eastern time formatting', () => {
  it('applies daylight saving time in summer and standard time in winter', () => {
    expect(easternDateTime('2025-07-04T16:05:09Z')).toBe('07/04/2025 12:05:09 PM');
    expect(easternDateTime('2025-01-15T03:00:00Z')).toBe('01/14/2025 10:00:00 PM');
  });

  it('writes midnight as 12 AM and logs on a 24-hour clock', () => {
    expect(easternTime('2025-01-15T05:00:07Z')).toBe('12:00:07 AM');
    expect(easternDate(new Date('2025-01-15T05:00:07Z'))).toBe('01/15/2025');
    expect(easternLogTime('2025-07-04T20:05:09Z')).toBe('2025-07-04 16:05:09');
  });
});
