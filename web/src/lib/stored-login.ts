/**
 * Reading the stored login (product: screens.md#stored-login), apart from auth-storage.ts and its token decoder so the
 * entry can read it to ask for the first screen's data early (early-answer.ts) without loading jwt-decode on every
 * page.
 */

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
