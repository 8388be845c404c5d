import { describe, expect, it } from 'vitest';
import { csvField, currentMonth, matches, rangeLabel, toCsv } from './report-helpers';

describe('report helpers', () => {
  it('defaults to the current UTC month, whatever its length', () => {
    expect(currentMonth(new Date('2028-02-10T12:00:00Z'))).toEqual({ fromDate: '2028-02-01', toDate: '2028-02-29' });
    expect(currentMonth(new Date('2027-12-31T23:59:59Z'))).toEqual({ fromDate: '2027-12-01', toDate: '2027-12-31' });
  });

  it('writes CSV that spreadsheets read back as the same cells', () => {
    expect(toCsv(['S. No', 'State/Territory'], [[1, 'Korea, Republic of'], [2, 'Côte d\'Ivoire "CI"']]))
      .toBe('S. No,State/Territory\r\n1,"Korea, Republic of"\r\n2,"Côte d\'Ivoire ""CI"""\r\n');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField(-3)).toBe('-3');
  });

  it('filters case-insensitively and labels ranges', () => {
    expect(matches('United Kingdom', ' KING')).toBe(true);
    expect(matches('France', 'kin')).toBe(false);
    expect(rangeLabel('2026-03-01', '2026-03-31')).toBe('01 Mar 2026 – 31 Mar 2026');
    expect(rangeLabel('2026-10-07', '')).toBe('from 07 Oct 2026');
    expect(rangeLabel('', '')).toBe('all time');
  });
});
