import { describe, expect, it } from 'vitest';
import {
  formatRemaining,
  msUntilNextPhase,
  SESSION_WARNING_LEAD_MS,
  sessionPhase,
  tokenExpiresAt,
} from './session-timing';

const tokenWith = (payload: object) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;
const end = Date.UTC(2026, 10, 25, 17, 0, 0);

describe('session timing', () => {
  it('reads the token exp as milliseconds, and null for a token without one or a damaged one', () => {
    expect(tokenExpiresAt(tokenWith({ exp: end / 1000 }))).toBe(end);
    expect(tokenExpiresAt(tokenWith({ user: { id: 1 } }))).toBeNull();
    expect(tokenExpiresAt('not-a-token')).toBeNull();
    expect(tokenExpiresAt(undefined)).toBeNull();
  });

  it('warns from the lead time before the end, and says ended from the end on', () => {
    expect(SESSION_WARNING_LEAD_MS).toBe(5 * 60_000);
    expect(sessionPhase(end, end - SESSION_WARNING_LEAD_MS - 1)).toBe('active');
    expect(sessionPhase(end, end - SESSION_WARNING_LEAD_MS)).toBe('ending');
    expect(sessionPhase(end, end - 1)).toBe('ending');
    expect(sessionPhase(end, end)).toBe('ended');
    expect(sessionPhase(null, end)).toBe('active');
    expect(sessionPhase(end, end - 90_000, 60_000)).toBe('active');
  });

  it('times the next change: the warning, then the end, then nothing', () => {
    expect(msUntilNextPhase(end, end - 8 * 3600_000)).toBe(8 * 3600_000 - SESSION_WARNING_LEAD_MS);
    expect(msUntilNextPhase(end, end - 60_000)).toBe(60_000);
    expect(msUntilNextPhase(end, end)).toBeNull();
    expect(msUntilNextPhase(null, end)).toBeNull();
  });

  it('shows the time left as minutes and seconds, rounded up', () => {
    expect(formatRemaining(245_000)).toBe('4:05');
    expect(formatRemaining(59_001)).toBe('1:00');
    expect(formatRemaining(-5)).toBe('0:00');
  });
});
