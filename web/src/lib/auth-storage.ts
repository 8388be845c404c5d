/**
 * The stored login (spec section 3): local storage key `user` holding
 * `{accessToken}`; the decoded token's `user` gives the name and role.
 */
import { jwtDecode } from 'jwt-decode';
import type { Role } from '../../../shared/roles';

export const STORAGE_KEY = 'user';

export interface StoredLogin { accessToken: string }
export interface TokenUser { id: number; name: string; type: Role }

export function readStoredLogin(): StoredLogin | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredLogin>;
    return typeof parsed.accessToken === 'string' ? { accessToken: parsed.accessToken } : null;
  } catch {
    return null;
  }
}

export function saveStoredLogin(accessToken: string): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ accessToken }));
}

export function clearStoredLogin(): void {
  localStorage.removeItem(STORAGE_KEY);
}

/** The token's user, or null when the token is missing, malformed or expired. */
export function decodeTokenUser(token: string | undefined | null): TokenUser | null {
  if (!token) return null;
  try {
    const payload = jwtDecode<{ user?: TokenUser; exp?: number }>(token);
    if (!payload.user || (payload.exp && payload.exp * 1000 < Date.now())) return null;
    return payload.user;
  } catch {
    return null; // jwt-decode throws 'Invalid token specified: ...'
  }
}
