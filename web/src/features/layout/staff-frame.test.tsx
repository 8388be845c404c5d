/**
 * The staff frame as each role sees it: the links a role may follow (and those it may not see), the counts the
 * server answers beside them, and the menu toggle that opens the sidebar on a narrow screen and closes on a move.
 */
import { waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/answers';
import { renderStaffApp, screen } from '../../../test/render-app';
import { folderCounts, server } from '../../../test/server';
import { answerQueue } from '../../../test/fixtures/queues';
import { orderRow } from '../../../test/fixtures/orders';
import { orderDetail } from '../../../test/fixtures/order-detail';
import { serveOrderPage } from '../../../test/order-page';

const anyQueue = http.get('/api/admin/get-orders-list/:folder', () => ok([], { totalRecords: 0 }));
const linkNamed = (name: string) => screen.queryByRole('link', { name: new RegExp(`^${name}\\b`) });

describe('the staff frame', () => {
  it("shows a Team member their links with the server's counts, and none of the leaders' screens", async () => {
    server.use(
      anyQueue,
      http.get('/api/admin/get-folder-count', () =>
        ok(folderCounts({ myOrdersCount: 2, newOrdersCount: 57, awaitingOrdersCount: 4, allOrdersCount: 1234 })),
      ),
    );
    await renderStaffApp('/admin', { as: 'Team' });
    expect(await screen.findByRole('button', { name: 'Welcome Tia Team' })).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(sidebar).findByRole('link', { name: /^Order History\s*1,234$/ })).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: /^Awaiting Customer\s*4$/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^2\s*My Orders/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^57\s*New Orders/ })).toBeInTheDocument();
    for (const allowed of ['Change Password', 'Sign-in & Security', 'Logout'])
      expect(linkNamed(allowed)).not.toBeNull();
    for (const refused of ['Manage Team', 'Gateway Setting', 'Order Processed', 'Order Processing Logs', 'Mail Outbox'])
      expect(linkNamed(refused)).toBeNull();
  });

  it('gives Night Staff no Change Password', async () => {
    server.use(anyQueue);
    await renderStaffApp('/admin', { as: 'Night Staff' });
    expect(await screen.findByRole('button', { name: 'Welcome Nia Night' })).toBeInTheDocument();
    expect(linkNamed('Sign-in & Security')).not.toBeNull();
    expect(linkNamed('Change Password')).toBeNull();
    expect(linkNamed('Manage Team')).toBeNull();
  });

  it('opens the sidebar from the menu toggle and closes it when a link is followed', async () => {
    server.use(anyQueue);
    const { user, location } = await renderStaffApp('/admin', { as: 'Manager' });
    // The home queue drawn first: a click while its screen still loads would draw the frame around a suspended screen.
    expect(await screen.findByRole('heading', { name: 'New Order' })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const link = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
      name: 'Change Password',
    });
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Update Password' })).toBeInTheDocument();
    expect(location()).toBe('/admin/change-password');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('a link followed on intent', () => {
  it("asks for the link's screen data as the pointer rests on it, before any click, and the click then opens it", async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/admin/get-orders-list/:folder', ({ params }) => {
        asked.push(String(params.folder));
        return ok([], { totalRecords: 0 });
      }),
    );
    const { user, location } = await renderStaffApp('/admin/recent-order', { as: 'Manager' });
    await screen.findByText('No records found');
    const history = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
      name: /^Order History/,
    });
    await user.hover(history);
    await waitFor(() => expect(asked).toContain('orderHistory'));
    expect(location()).toBe('/admin/recent-order');
    await user.click(history);
    expect(await screen.findByRole('heading', { name: 'Order History' })).toBeInTheDocument();
  });

  it("asks for everything an order's first screen draws as the pointer rests on a row's View: the order, its mails and its requests to the customer", async () => {
    const row = orderRow();
    answerQueue('newOrder', [row]);
    serveOrderPage(orderDetail({ order_id: row.order_id }));
    const asked: string[] = [];
    const record = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
    server.events.on('request:start', record);
    try {
      const { user } = await renderStaffApp('/admin/recent-order', { as: 'Team' });
      const view = await screen.findByRole('link', { name: 'View' });
      await user.hover(view);
      const orderRequests = [
        `/api/admin/get-orders-details/${row.order_id}`,
        `/api/admin/get-email-history/${row.order_id}`,
        `/api/admin/order-information-requests/${row.order_id}`,
      ];
      await waitFor(() => expect(asked).toEqual(expect.arrayContaining(orderRequests)));
      // The click opens the page with them: none is asked for again.
      await user.click(view);
      expect(await screen.findByText('No request waiting for the customer.')).toBeInTheDocument();
      expect(asked.filter((p) => orderRequests.includes(p)).sort()).toEqual([...orderRequests].sort());
    } finally {
      server.events.removeListener('request:start', record);
    }
  });
});

describe('a link clicked with a modifier', () => {
  it('is left to the browser (a new tab): the app stays where it is', async () => {
    server.use(anyQueue);
    const { user, location } = await renderStaffApp('/admin', { as: 'Manager' });
    expect(await screen.findByRole('heading', { name: 'New Order' })).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    await user.keyboard('{Control>}');
    await user.click(within(sidebar).getByRole('link', { name: /^Order History/ }));
    await user.keyboard('{/Control}');
    expect(location()).toBe('/admin');
    expect(screen.getByRole('heading', { name: 'New Order' })).toBeInTheDocument();
  });
});

describe('a screen whose answer is slow', () => {
  it('keeps the screen that was, with a bar saying the page loads, until the followed link has its answer', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/admin/get-orders-list/:folder', async ({ params }) => {
        if (params.folder === 'orderHistory') await answered;
        return ok([], { totalRecords: 0 });
      }),
    );
    const { user, location } = await renderStaffApp('/admin', { as: 'Manager' });
    expect(await screen.findByRole('heading', { name: 'New Order' })).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(sidebar).getByRole('link', { name: /^Order History/ }));
    expect(await screen.findByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New Order' })).toBeInTheDocument();
    expect(location()).toBe('/admin');
    answer();
    expect(await screen.findByRole('heading', { name: 'Order History' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading the page' })).not.toBeInTheDocument();
  });
});
