import { Suspense, useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { toast } from 'react-toastify';
import { AuthProvider, useAuth } from '../lib/auth-context';
import { ApiError, setUnauthorizedHandler } from '../lib/api';
import { routes } from './router';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading';
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

/** Builds the app's router from its routes: the browser's history in the app, a memory history in screen tests. */
export type RouterFactory = (routes: RouteObject[]) => ReturnType<typeof createBrowserRouter>;

function RoutedApp({ createRouter }: { createRouter: RouterFactory }) {
  const [router] = useState(() => createRouter(routes));
  const [queryClient] = useState(makeQueryClient);
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
  }, [router, queryClient, signOut]);
  return (
    <QueryClientProvider client={queryClient}>
      {/* While a screen's code downloads (router.tsx lazyScreen): the spinner on a first load, else the page that was. */}
      <Suspense fallback={<PageLoading />}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  );
}

/** `notice`: a first toast, the sign-in's message when the sign-in app (app/SignInApp.tsx) starts this one. */
export function App({
  notice,
  createRouter = createBrowserRouter,
}: {
  notice?: string | undefined;
  createRouter?: RouterFactory;
}) {
  useEffect(() => {
    if (notice) toast.success(notice, { toastId: 'signed-in' });
  }, [notice]);
  return (
    <AuthProvider>
      <RoutedApp createRouter={createRouter} />
      <Toasts />
    </AuthProvider>
  );
}
