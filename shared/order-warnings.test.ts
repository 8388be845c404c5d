import { describe, expect, it } from 'vitest';
import { answerWarnings, type WarningInput } from './order-warnings';

const base: WarningInput = {
  has_japanese_passport: 'no',
  has_reentry_permission: 'no',
  date_of_arrival_in_japan: 31,
  month_of_arrival_in_japan: 8,
  year_of_arrival_in_japan: 2026,
  date_of_expiry: 1,
  month_of_expiry: 1,
  year_of_expiry: 2030,
  home_address_country_name: 'UK',
  postal_code_japan: '150-0001',
};
const codes = (order: Partial<WarningInput>, today = '2026-08-01') =>
  answerWarnings({ ...base, ...order }, today).map((w) => w.code);

describe('answerWarnings', () => {
  it('finds nothing wrong with a sound application (postal code with or without the hyphen)', () => {
    expect(codes({})).toEqual([]);
    expect(codes({ postal_code_japan: '1500001' })).toEqual([]);
  });

  it('checks the passport against the arrival date and the 6-month margin (end of month clamped)', () => {
    // Arrival 31 Aug 2026: six months later is 28 Feb 2027.
    expect(codes({ date_of_expiry: 30, month_of_expiry: 8, year_of_expiry: 2026 })).toEqual([
      'passport-expires-before-arrival',
    ]);
    expect(codes({ date_of_expiry: 31, month_of_expiry: 8, year_of_expiry: 2026 })).toEqual([
      'passport-expires-within-6-months',
    ]);
    expect(codes({ date_of_expiry: 27, month_of_expiry: 2, year_of_expiry: 2027 })).toEqual([
      'passport-expires-within-6-months',
    ]);
    expect(codes({ date_of_expiry: 28, month_of_expiry: 2, year_of_expiry: 2027 })).toEqual([]);
  });

  it('flags an arrival date in the past, not today', () => {
    expect(codes({}, '2026-08-31')).toEqual([]);
    expect(codes({}, '2026-09-01')).toEqual(['arrival-in-past']);
  });

  it('flags dates that do not exist', () => {
    expect(codes({ date_of_arrival_in_japan: 30, month_of_arrival_in_japan: 2 })).toEqual(['arrival-date-invalid']);
    expect(answerWarnings({ ...base, date_of_expiry: 31, month_of_expiry: 4 }, '2026-08-01')[0]!.message).toBe(
      'The passport expiry date 2030 / April / 31 does not exist.',
    );
  });

  it('needs a residence country only when both answers are no', () => {
    expect(codes({ home_address_country_name: null })).toEqual(['residence-country-missing']);
    expect(codes({ home_address_country_name: '  ' })).toEqual(['residence-country-missing']);
    expect(codes({ home_address_country_name: null, has_reentry_permission: 'yes' })).toEqual([]);
  });

  it('wants exactly 7 digits in the postal code', () => {
    for (const bad of ['15000', '15000011', '150-00011', 'ABC1234', ''])
      expect(codes({ postal_code_japan: bad }), bad).toEqual(['postal-code-not-7-digits']);
  });
});
