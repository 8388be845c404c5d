/**
 * The sign-in page as its own small app: React and the form, none of the staff app's libraries. main.tsx
 * starts it for `/`. After a completed sign-in it starts the staff app in the same page at the destination (the
 * staff app's code is fetched while the member types), with the answer's message as its first toast. A browser
 * already signed in goes straight to the staff app; a damaged stored login is removed with its message.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  INVALID_TOKEN_MESSAGE,
  clearStoredLogin,
  decodeTokenUser,
  readStoredLogin,
  saveDeviceToken,
  saveStoredLogin,
  storedLoginIsDamaged,
} from '../lib/auth-storage';
import { paths } from '../lib/paths';
import { SignInForm, type CompletedSignIn } from '../features/auth/SignInForm';
import { loadAdminLayout } from './staff-paths';

const loadStaffApp = () => import('./start-staff-app');
const loadToasts = () => import('./sign-in-toasts');
/** The staff app and its frame (the usual destination), fetched while the member types. */
const prefetchStaffApp = () => {
  void loadStaffApp().catch(() => undefined);
  void loadAdminLayout().catch(() => undefined);
};

/** The staff app at `destination`; the sign-in form stays until the staff app can draw in its place. */
async function startStaffAppAt(
  element: HTMLElement,
  destination: string,
  notice?: string,
  beforeFirstDraw?: () => Promise<void>,
) {
  const { startStaffApp } = await loadStaffApp();
  window.history.replaceState(null, '', destination);
  await startStaffApp(element, { ...(notice ? { notice } : {}), ...(beforeFirstDraw ? { beforeFirstDraw } : {}) });
}

export function startSignInApp(element: HTMLElement) {
  if (decodeTokenUser(readStoredLogin()?.accessToken)) return startStaffAppAt(element, paths.admin.home);
  const root = createRoot(element);
  let toasts: ReturnType<typeof loadToasts> | null = null;
  const showError = (message: string) => {
    toasts ??= loadToasts();
    void toasts.then((m) => m.showSignInError(message)).catch(() => window.alert(message));
  };
  const onSignedIn = (done: CompletedSignIn) => {
    saveDeviceToken(done.deviceToken);
    saveStoredLogin(done.jwtToken);
    void startStaffAppAt(element, done.destination, done.message, async () => {
      root.unmount();
      if (toasts) (await toasts.catch(() => null))?.removeSignInToasts();
    }).catch(() => window.location.assign(done.destination)); // the staff app's code could not load: a full page load
  };
  // A damaged stored login (product: messages.md#token-errors): removed, and its message shown, as the staff app's AuthProvider does.
  if (storedLoginIsDamaged()) {
    clearStoredLogin();
    showError(INVALID_TOKEN_MESSAGE);
  }
  root.render(
    <StrictMode>
      <SignInForm showError={showError} onSignedIn={onSignedIn} onFirstInput={prefetchStaffApp} />
    </StrictMode>,
  );
  return Promise.resolve();
}
