import { describe, expect, it } from 'vitest';
import { arrivalDate, calendarDate, dateTime, telephone } from './format';

describe('queue formatting', () => {
  it('writes arrival dates DD/MM/YYYY zero padded', () => {
    expect(arrivalDate(4, 7, 2031)).toBe('04/07/2031');
    expect(arrivalDate(25, 12, 2030)).toBe('25/12/2030');
  });
  it('writes date and time in UTC', () => {
    expect(dateTime('2025-03-09T23:05:00.000Z')).toBe('09/03/2025 23:05');
    expect(dateTime(null)).toBe('-');
    expect(calendarDate('2026-01-31')).toBe('31/01/2026');
  });
  it('writes the telephone as +code number', () => {
    expect(telephone('81', '9012345678')).toBe('+81 9012345678');
  });
});
