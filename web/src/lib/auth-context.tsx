/**
 * Auth state (product: screens.md#stored-login): the stored login and its decoded
 * user. `isAuth` is true while a stored login with a valid token exists.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import {
  INVALID_TOKEN_MESSAGE,
  clearStoredLogin,
  decodeTokenUser,
  readStoredLogin,
  saveStoredLogin,
  storedLoginIsDamaged,
  type TokenUser,
} from './auth-storage';
import { clearDrafts } from './drafts';

interface AuthState {
  user: TokenUser | null;
  isAuth: boolean;
  /** product: screens.md#stored-login: why there is no login, when the stored one was damaged ('Invalid token specified'). */
  error: string | null;
  signIn(accessToken: string): void;
  /** `keepDrafts`: the session ended on its own (a 401), not by the member: their unsent drafts stay. */
  signOut(options?: { keepDrafts?: boolean }): void;
}

const AuthContext = createContext<AuthState | null>(null);

function currentUser(): TokenUser | null {
  return decodeTokenUser(readStoredLogin()?.accessToken);
}

/** A damaged stored login is removed at start, and its message kept for the app to show (product: messages.md#token-errors). */
function startError(): string | null {
  if (!storedLoginIsDamaged()) return null;
  clearStoredLogin();
  return INVALID_TOKEN_MESSAGE;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [error] = useState(startError);
  const [user, setUser] = useState<TokenUser | null>(currentUser);
  const signIn = useCallback((accessToken: string) => {
    saveStoredLogin(accessToken);
    setUser(decodeTokenUser(accessToken));
  }, []);
  const signOut = useCallback((options?: { keepDrafts?: boolean }) => {
    // Ends the session on the server too (the token stops working everywhere), then forgets it here. A plain
    // fetch: a session that has already ended (after a password change) answers 401, which is no news.
    const token = readStoredLogin()?.accessToken;
    if (token)
      void fetch('/api/admin/logout', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        keepalive: true,
      }).catch(() => undefined);
    clearStoredLogin();
    if (!options?.keepDrafts) clearDrafts();
    setUser(null);
  }, []);
  const value = useMemo(() => ({ user, isAuth: !!user, error, signIn, signOut }), [user, error, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside AuthProvider');
  return state;
}
