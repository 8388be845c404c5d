/**
 * The stored login (product: screens.md#stored-login): local storage key `user` holding
 * `{accessToken}`; the decoded token's `user` gives the name and role.
 */
import { jwtDecode } from 'jwt-decode';
import type { Role } from '../../../shared/roles';

export const STORAGE_KEY = 'user';

export interface StoredLogin {
  accessToken: string;
}

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

export interface TokenUser {
  id: number;
  name: string;
  type: Role;
}

/** product: messages.md#token-errors: the message of a token that cannot be decoded (not a string, a missing part, bad base64 or JSON). */
export const INVALID_TOKEN_MESSAGE = 'Invalid token specified';

/**
 * True when a stored login exists but is damaged: its entry is not JSON, has no token, or the token does not
 * decode. (An expired token decodes: it is not damaged, only over.)
 */
export function storedLoginIsDamaged(): boolean {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (raw === null) return false;
    jwtDecode((JSON.parse(raw) as Partial<StoredLogin> | null)?.accessToken as string);
    return false;
  } catch {
    return true;
  }
}

export function saveStoredLogin(accessToken: string): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ accessToken }));
}

export function clearStoredLogin(): void {
  localStorage.removeItem(STORAGE_KEY);
}

/**
 * The device token a sign-in gives: it marks this browser as one the member has signed in from, so its
 * attempts are counted apart from strangers' (docs/decisions/0011). Kept across logouts, on purpose.
 */
const DEVICE_KEY = 'device';
export const readDeviceToken = (): string | undefined => localStorage.getItem(DEVICE_KEY) ?? undefined;
export const saveDeviceToken = (token: string) => localStorage.setItem(DEVICE_KEY, token);

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
