/**
 * The entry's knowledge of addresses (staff-paths.ts) against the router's: an address main.tsx takes for an order's
 * is one the router shows the order page at, and the other way round.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchRoutes } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { staffRoutes } from './router';
import {
  firstScreenCode,
  firstScreenShowsTimes,
  isOrderPagePath,
  isStaffPath,
  loadOrderPage,
  loadQueuePage,
  ORDER_PAGE_ROUTE,
} from './staff-paths';
import { FOLDERS, folderDeclaration } from '../../../shared/folders';

const routes = staffRoutes(new QueryClient());
const routerShowsOrderPage = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.path === ORDER_PAGE_ROUTE;

describe('the order page address', () => {
  it.each([
    '/admin/view-order/MjQwMDAw',
    '/admin/view-order/MjQwMDAw/',
    '/admin/view-order/not-an-id',
    '/admin/view-order',
    '/admin/view-order/a/b',
    '/admin/view-process-logs/MjQwMDAw',
    '/admin/order-history',
    '/admin',
    '/view-order/MjQwMDAw',
  ])('%s: the entry and the router agree', (path) => {
    expect(isOrderPagePath(path)).toBe(routerShowsOrderPage(path));
    if (isOrderPagePath(path)) expect(isStaffPath(path)).toBe(true);
  });

  it('is recognised for an order', () => {
    expect(isOrderPagePath('/admin/view-order/MjQwMDAw')).toBe(true);
  });
});

describe('the screen code a first load asks for beside the staff app', () => {
  it("is the order page's at an order's address", () => {
    expect(firstScreenCode('/admin/view-order/MjQwMDAw')).toBe(loadOrderPage);
  });

  it.each(FOLDERS.filter((folder) => folderDeclaration(folder).screen !== 'future-months'))(
    "is the queue screen's at the %s queue's address, the screen the router shows there",
    (folder) => {
      const { path } = folderDeclaration(folder);
      expect(firstScreenCode(path)).toBe(loadQueuePage);
      expect(matchRoutes(routes, path)?.at(-1)?.route.handle).toEqual({ folder });
    },
  );

  it('is none for the sign-in and the public pages', () => {
    for (const path of ['/', '/track-order', '/get-new-order-details/MjQwMDAw', '/logout']) {
      expect(firstScreenCode(path)).toBeUndefined();
    }
  });
});

describe('a first screen that shows times, for which the entry starts the locale service', () => {
  // The unit project runs without a window: one whose media query answers as a phone's or a wider screen's.
  const onPhone = (phone: boolean) =>
    vi.stubGlobal('window', { matchMedia: (query: string) => ({ matches: phone, media: query }) });
  afterEach(() => vi.unstubAllGlobals());

  it('is an order, on a phone too', () => {
    onPhone(true);
    expect(firstScreenShowsTimes('/admin/view-order/MjQwMDAw')).toBe(true);
  });

  it('is a queue drawn as a table, not as the cards a phone shows, which have no times', () => {
    onPhone(false);
    expect(firstScreenShowsTimes('/admin/order-history')).toBe(true);
    onPhone(true);
    expect(firstScreenShowsTimes('/admin/order-history')).toBe(false);
  });
});
