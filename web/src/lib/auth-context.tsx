/**
 * Auth state (spec section 3 "Auth state"): the stored login and its decoded
 * user. `isAuth` is true while a stored login with a valid token exists.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { clearStoredLogin, decodeTokenUser, readStoredLogin, saveStoredLogin, type TokenUser } from './auth-storage';

interface AuthState {
  user: TokenUser | null;
  isAuth: boolean;
  signIn(accessToken: string): void;
  signOut(): void;
}

const AuthContext = createContext<AuthState | null>(null);

function currentUser(): TokenUser | null {
  return decodeTokenUser(readStoredLogin()?.accessToken);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<TokenUser | null>(currentUser);
  const signIn = useCallback((accessToken: string) => {
    saveStoredLogin(accessToken);
    setUser(decodeTokenUser(accessToken));
  }, []);
  const signOut = useCallback(() => {
    clearStoredLogin();
    setUser(null);
  }, []);
  const value = useMemo(() => ({ user, isAuth: !!user, signIn, signOut }), [user, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside AuthProvider');
  return state;
}
