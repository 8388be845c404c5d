import { describe, expect, it } from 'vitest';
import { currentMonth, matches, rangeLabel } from './report-helpers';

describe('report helpers', () => {
  it('defaults to the current UTC month, whatever its length', () => {
    expect(currentMonth(new Date('2028-02-10T12:00:00Z'))).toEqual({ fromDate: '2028-02-01', toDate: '2028-02-29' });
    expect(currentMonth(new Date('2027-12-31T23:59:59Z'))).toEqual({ fromDate: '2027-12-01', toDate: '2027-12-31' });
  });

  it('filters case-insensitively and labels ranges', () => {
    expect(matches('United Kingdom', ' KING')).toBe(true);
    expect(matches('France', 'kin')).toBe(false);
    expect(rangeLabel('2026-03-01', '2026-03-31')).toBe('2026-03-01 – 2026-03-31 (UTC days)');
    expect(rangeLabel('2026-10-07', '')).toBe('from 2026-10-07 (UTC days)');
    expect(rangeLabel('', '')).toBe('all time');
  });
});
