/**
 * A route loader's part (app/router.tsx): the screen's queries in TanStack Query's cache before the screen shows, read
 * through the very query options the screen uses. An answer younger than its query's `staleTime` is taken as it is,
 * an older one is read again first, so the screen opens with data it does not read again as it mounts. A failure is
 * left to the screen, which shows it where it belongs (a queue's alert, the order page's "Order not found") instead of
 * the route's error page.
 */
import type { QueryClient, FetchQueryOptions } from '@tanstack/react-query';
import { can, type Permission } from '../../../shared/roles';
import { decodeTokenUser, readStoredLogin } from './auth-storage';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each query has its own data type
type AnyQuery = FetchQueryOptions<any, any, any, any>;

export async function loadQueries(
  queryClient: QueryClient,
  queries: AnyQuery[],
  /** The screen's permission: a member without it is shown the refusal and nothing is asked for. */
  permission?: Permission,
): Promise<void> {
  // Signed out (or a damaged or expired login): nothing to ask for, the admin frame sends the member to sign in.
  const member = decodeTokenUser(readStoredLogin()?.accessToken);
  if (!member || (permission && !can(member.type, permission))) return;
  await Promise.all(queries.map((query) => queryClient.fetchQuery(query).catch(() => undefined)));
}
