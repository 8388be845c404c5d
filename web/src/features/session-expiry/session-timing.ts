/**
 * When to warn that the staff session is about to end (docs/decisions/0022). The staff token's
 * `exp` is when the server stops accepting it (JWT_EXPIRES_IN, 8 hours by default; its staff_sessions row expires
 * with it), so the warning is timed from it alone.
 */
import { jwtDecode } from 'jwt-decode';

/** How long before the session ends the warning opens. */
export const SESSION_WARNING_LEAD_MS = 5 * 60_000;

/** The token's end as epoch milliseconds, or null when there is no readable `exp`. */
export function tokenExpiresAt(token: string | null | undefined): number | null {
  if (!token) return null;
  try {
    const { exp } = jwtDecode<{ exp?: number }>(token);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export type SessionPhase = 'active' | 'ending' | 'ended';

/** 'ending' from `leadMs` before the end, 'ended' from the end on. */
export function sessionPhase(expiresAt: number | null, now: number, leadMs = SESSION_WARNING_LEAD_MS): SessionPhase {
  if (expiresAt === null) return 'active';
  if (now >= expiresAt) return 'ended';
  return now >= expiresAt - leadMs ? 'ending' : 'active';
}

/** Milliseconds until the phase next changes (the warning opens, or the session ends); null when it never will. */
export function msUntilNextPhase(
  expiresAt: number | null,
  now: number,
  leadMs = SESSION_WARNING_LEAD_MS,
): number | null {
  if (expiresAt === null || now >= expiresAt) return null;
  const warnAt = expiresAt - leadMs;
  return now < warnAt ? warnAt - now : expiresAt - now;
}

/** "4:05" left, for the warning's countdown. */
export function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
