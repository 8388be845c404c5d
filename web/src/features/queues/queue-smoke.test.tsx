import { http } from 'msw';
import { expect, it } from 'vitest';
import { ok } from '../../../test/answers';
import { orderRows } from '../../../test/fixtures/orders';
import { renderStaffApp, screen } from '../../../test/render-app';
import { server } from '../../../test/server';

it('a queue lists its orders', async () => {
  const rows = orderRows(3);
  server.use(http.get('/api/admin/get-orders-list/newOrder', () => ok(rows, { totalRecords: 3 })));
  await renderStaffApp('/admin/recent-order');
  expect(await screen.findByText(rows[0]!.email)).toBeInTheDocument();
  expect(screen.getByText('Showing 1 to 3 of 3 entries')).toBeInTheDocument();
});
