import { useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { Slide, ToastContainer, toast } from 'react-toastify';
import { AuthProvider, useAuth } from '../lib/auth-context';
import { ApiError, setUnauthorizedHandler } from '../lib/api';
import { createRouter } from './router';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        // 4xx answers are final; retry only network trouble and 5xx, once.
        retry: (count, error) => count < 1 && !(error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500),
      },
    },
  });
}

function RoutedApp() {
  const [router] = useState(createRouter);
  const [queryClient] = useState(makeQueryClient);
  const { signOut } = useAuth();
  useEffect(() => {
    // Spec "Unauthorised handling": show the message, forget the login, go to /.
    setUnauthorizedHandler((message) => {
      toast.error(message, { toastId: 'unauthorized' });
      signOut();
      queryClient.clear();
      void router.navigate('/');
    });
  }, [router, queryClient, signOut]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

export function App() {
  return (
    <AuthProvider>
      <RoutedApp />
      {/* Spec section 9 / DECISIONS section 7: top-right, light, drag at 80 %, auto-close 5 s. */}
      <ToastContainer position="top-right" theme="light" autoClose={5000} draggable draggablePercent={80} transition={Slide} newestOnTop />
    </AuthProvider>
  );
}
