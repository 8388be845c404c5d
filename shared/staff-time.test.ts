import { describe, expect, it } from 'vitest';
import { formatStaffTime, isTimeZone, relativeTime, zoneAbbreviation, zoneHeading } from './staff-time';

const NY = 'America/New_York';

describe('staff time: one zone, one shape, a true label', () => {
  it('writes US Eastern winter times as EST and summer times as EDT', () => {
    expect(formatStaffTime('2026-01-15T17:05:09Z', NY)).toBe('2026-01-15 12:05 EST');
    expect(formatStaffTime('2026-07-15T17:05:09Z', NY, { seconds: true })).toBe('2026-07-15 13:05:09 EDT');
  });

  it('follows the 2026 DST boundaries of US Eastern (8 March 2:00 and 1 November 2:00 local)', () => {
    // Spring forward: 06:59:59Z is 01:59:59 EST, the next second is 03:00:00 EDT.
    expect(formatStaffTime('2026-03-08T06:59:59Z', NY, { seconds: true })).toBe('2026-03-08 01:59:59 EST');
    expect(formatStaffTime('2026-03-08T07:00:00Z', NY, { seconds: true })).toBe('2026-03-08 03:00:00 EDT');
    // Fall back: 01:30 happens twice, once EDT and once EST; the label tells them apart.
    expect(formatStaffTime('2026-11-01T05:30:00Z', NY)).toBe('2026-11-01 01:30 EDT');
    expect(formatStaffTime('2026-11-01T06:30:00Z', NY)).toBe('2026-11-01 01:30 EST');
  });

  it('leaves out the label a column header already says, and only that one', () => {
    const heading = zoneHeading(NY);
    expect(heading).toBe('EST');
    expect(formatStaffTime('2026-01-15T17:05:09Z', NY, { heading })).toBe('2026-01-15 12:05');
    expect(formatStaffTime('2026-07-15T17:05:09Z', NY, { heading })).toBe('2026-07-15 13:05 EDT');
  });

  it('names other zones by their standard time, in both hemispheres', () => {
    expect(zoneHeading('UTC')).toBe('UTC');
    expect(zoneHeading('Asia/Tokyo')).toBe('GMT+9');
    expect(zoneHeading('Europe/London')).toBe('GMT');
    expect(zoneHeading('Australia/Sydney')).toBe('GMT+10'); // July is Sydney's winter
    expect(zoneAbbreviation('Australia/Sydney', new Date('2026-01-10T00:00:00Z'))).toBe('GMT+11');
    expect(formatStaffTime('2026-11-25T23:30:00Z', 'Asia/Tokyo')).toBe('2026-11-26 08:30 GMT+9');
  });

  it('writes a dash for a missing or broken value', () => {
    expect(formatStaffTime(null, NY)).toBe('-');
    expect(formatStaffTime('not a date', NY)).toBe('-');
  });

  it('knows a zone name from a typo', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Europe/Parris')).toBe(false);
  });

  it('says how long ago a moment was', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(relativeTime('2026-11-25T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-25T11:59:30Z', now)).toBe('30 seconds ago');
    expect(relativeTime('2026-11-24T10:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-27T12:00:00Z', now)).toBe('in 2 days');
    expect(relativeTime('2026-08-25T12:00:00Z', now)).toBe('3 months ago');
  });
});
