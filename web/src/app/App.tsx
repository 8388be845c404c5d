/**
 * The staff app drawn: its router and query cache (staff-app.ts) with the signed-in member, the handlers of answers
 * that end or limit the session, and the toasts.
 */
import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { toast } from 'react-toastify';
import { AuthProvider, useAuth } from '../lib/auth-context';
import { setTwoFactorSetupHandler, setUnauthorizedHandler } from '../lib/api';
import { paths } from '../lib/paths';
import type { StaffApp } from './staff-app';
import { Toasts } from './Toasts';

function RoutedApp({ queryClient, router }: StaffApp) {
  const { signOut, error } = useAuth();
  useEffect(() => {
    // A damaged stored login (product: messages.md#token-errors): its message, once; the guard has sent the user to /.
    if (error) toast.error(error, { toastId: 'invalid-token' });
  }, [error]);
  useEffect(() => {
    // product: screens.md#unauthorised: show the message, forget the login, go to /.
    setUnauthorizedHandler((message) => {
      toast.error(message, { toastId: 'unauthorized' });
      signOut({ keepDrafts: true });
      queryClient.clear();
      void router.navigate('/');
    });
    // The session may only set up two-factor sign-in now: what it read before leaves the cache with it. Judged by
    // where the router is going, not where it is: a link followed or Back pressed on the set-up page is refused
    // there, and must not land on the page it asked for.
    setTwoFactorSetupHandler(() => {
      const { navigation, location } = router.state;
      if ((navigation.location ?? location).pathname === paths.twoFactorSetup) return;
      queryClient.clear();
      void router.navigate(paths.twoFactorSetup);
    });
  }, [router, queryClient, signOut]);
  return (
    <QueryClientProvider client={queryClient}>
      {/* Router updates drawn as ordinary updates, in one pass, not as transitions React slices and may hold back:
          a screen's data and code are loaded before its update, so there is nothing to wait for (decision 0063). */}
      <RouterProvider router={router} useTransitions={false} />
    </QueryClientProvider>
  );
}

/** `notice`: a first toast, the sign-in's message when the sign-in app (app/SignInApp.tsx) starts this one. */
export function App({ notice, ...app }: StaffApp & { notice?: string | undefined }) {
  useEffect(() => {
    if (notice) toast.success(notice, { toastId: 'signed-in' });
  }, [notice]);
  return (
    <AuthProvider>
      <RoutedApp {...app} />
      <Toasts />
    </AuthProvider>
  );
}
