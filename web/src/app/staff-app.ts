/**
 * The staff app's router and query cache, built together because the routes' loaders fill the cache the screens read
 * (router.tsx). Created as soon as this small module is here: main.tsx loads it beside the rest of the staff app, so
 * the router matches the address and its loaders ask for the first screen's data while React DOM, the frame and the
 * screen's code are still loading and being evaluated (docs/decisions/0061). `createStaffApp` takes the router's
 * history: the browser's in the app, a memory history in screen tests.
 */
import { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ApiError } from '../lib/api';
import { staffRoutes } from './router';

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
