/**
 * The staff app: one query cache and one router per page, built together because the routes' loaders fill the cache
 * the screens read (router.tsx). `createStaffApp` takes the router's history: the browser's in the app
 * (start-staff-app.tsx), a memory history in screen tests.
 */
import { useEffect } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { toast } from 'react-toastify';
import { AuthProvider, useAuth } from '../lib/auth-context';
import { ApiError, setTwoFactorSetupHandler, setUnauthorizedHandler } from '../lib/api';
import { paths } from '../lib/paths';
import { staffRoutes } from './router';
import { Toasts } from './Toasts';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        // 4xx answers are final; retry only network trouble and 5xx, once.
        retry: (count, error) =>
          count < 1 && !(error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500),
      },
    },
  });
}

export type StaffRouter = ReturnType<typeof createBrowserRouter>;

export interface StaffApp {
  queryClient: QueryClient;
  router: StaffRouter;
}

export function createStaffApp(
  createRouter: (routes: RouteObject[]) => StaffRouter = (routes) => createBrowserRouter(routes),
): StaffApp {
  const queryClient = makeQueryClient();
  return { queryClient, router: createRouter(staffRoutes(queryClient)) };
}

/** Settles once the router has loaded its first address's code and data (its first draw needs no spinner). */
export function firstAddressLoaded(router: StaffRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

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
      <RouterProvider router={router} />
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
