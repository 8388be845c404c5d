/**
 * A route's loader (app/router.tsx): the screen's queries in TanStack Query's cache before the screen shows, read
 * through the very query options the screen uses. An answer younger than its query's `staleTime` is taken as it is,
 * an older one is read again first, so the screen opens with data it does not read again as it mounts. A failure is
 * left to the screen, which shows it where it belongs (a queue's alert, the order page's "Order not found") instead of
 * the route's error page.
 */
import type { QueryClient, FetchQueryOptions } from '@tanstack/react-query';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';
import { can, type Permission } from '../../../shared/roles';
import { decodeTokenUser, readStoredLogin } from './auth-storage';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each query has its own data type
type AnyQuery = FetchQueryOptions<any, any, any, any>;

/**
 * The loader of a screen that opens with `queriesOf(the address)`. `permission`: the screen's own; a member without it
 * is shown the refusal and nothing is asked for.
 */
export function queriesLoader(
  queryClient: QueryClient,
  queriesOf: (args: LoaderFunctionArgs) => AnyQuery[],
  permission?: Permission,
): LoaderFunction {
  return async (args) => {
    // Signed out (or a damaged or expired login): nothing to ask for, the admin frame sends the member to sign in.
    const member = decodeTokenUser(readStoredLogin()?.accessToken);
    if (!member || (permission && !can(member.type, permission))) return null;
    await Promise.all(queriesOf(args).map((query) => queryClient.fetchQuery(query).catch(() => undefined)));
    return null;
  };
}

/**
 * The loader of a screen drawn to show its own loading in place (the order page: its heading where it will stay, then
 * the order): it asks for `queriesOf(the address)` through the same query options and lets the screen show at once,
 * without waiting for the answers. A first load then paints as soon as the screen's code has run, and a link followed
 * before its answer is here opens the screen straight away; an answer already in the cache is drawn in the first
 * render as with `queriesLoader`.
 */
export function startQueriesLoader(
  queryClient: QueryClient,
  queriesOf: (args: LoaderFunctionArgs) => AnyQuery[],
): LoaderFunction {
  return (args) => {
    if (!decodeTokenUser(readStoredLogin()?.accessToken)) return null;
    for (const query of queriesOf(args)) void queryClient.prefetchQuery(query);
    return null;
  };
}

/** The address's query string, as a screen reads it. */
export const searchOf = ({ request }: LoaderFunctionArgs) => new URL(request.url).searchParams;
