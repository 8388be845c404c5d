import { describe, expect, it } from 'vitest';
import { arrivalDate, calendarDate, estimatedCount, telephone } from './format';

describe('queue formatting', () => {
  it('writes arrival dates DD/MM/YYYY zero padded', () => {
    expect(arrivalDate(4, 7, 2031)).toBe('04/07/2031');
    expect(arrivalDate(25, 12, 2030)).toBe('25/12/2030');
  });
  it('writes calendar dates DD/MM/YYYY (moments: lib/time.tsx)', () => {
    expect(calendarDate('2026-01-31')).toBe('31/01/2026');
  });
  it('writes the telephone as +code number', () => {
    expect(telephone('81', '9012345678')).toBe('+81 9012345678');
  });
  it('writes an estimated total to two figures, never below the rows already shown', () => {
    expect(estimatedCount(9039)).toBe('9,000');
    expect(estimatedCount(1751)).toBe('1,800');
    expect(estimatedCount(61)).toBe('61');
    expect(estimatedCount(1049, 1041)).toBe('1,049');
  });
});
