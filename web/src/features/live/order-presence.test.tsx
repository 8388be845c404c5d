/**
 * The order page's live part as a member sees it through the event stream: the server is told this tab has the
 * order open (and when a remark is being written, and when the member leaves it), colleagues who have it open are
 * named with what they do, and a colleague's change to it is announced with a button that loads it.
 */
import { within } from '@testing-library/react';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { presenceBodySchema, type PresenceBody } from '../../../../shared/schemas/live';
import { orderListRowSchema } from '../../../../shared/schemas/order-list';
import { fill } from '../../../test/fill';
import { ok, okChecked } from '../../../test/answers';
import { activity, ASHA, presence } from '../../../test/fixtures/live';
import { orderDetail, orderPagePath } from '../../../test/fixtures/order-detail';
import { serveOrderPage } from '../../../test/order-page';
import { MEMBERS, renderStaffApp, screen } from '../../../test/render-app';
import { liveStreamControl, server } from '../../../test/server';
import { openOnce } from '../../../test/open-once';
import { openQueueOnce } from '../../../test/fixtures/queues';

const ORDER_ID = 200_451;

// The queue too: the first test leaves the order for New Orders.
beforeAll(async () => {
  await openQueueOnce();
  await openOnce(orderPagePath(ORDER_ID), 'Comment History', () => serveOrderPage(orderDetail({ order_id: ORDER_ID })));
}, 120_000);

/** The order page of ORDER_ID open as a Team member, its stream driven by the test, the presence requests kept. */
async function openOrderLive() {
  const live = liveStreamControl(MEMBERS.Team.id);
  const presenceBodies: PresenceBody[] = [];
  server.use(
    live.handler,
    http.post('/api/admin/live/presence', async ({ request }) => {
      presenceBodies.push(presenceBodySchema.parse(await request.json()));
      return ok(null);
    }),
  );
  const state = serveOrderPage(orderDetail({ order_id: ORDER_ID, process_status: 'Awaiting Customer' }));
  const app = await renderStaffApp(orderPagePath(ORDER_ID), { as: 'Team', user: { delay: null } });
  await screen.findByRole('region', { name: 'Comment History' });
  await screen.findByText('Live');
  return { ...app, live, state, presenceBodies };
}

const statusBadge = () => screen.getByTestId('order-status');

describe('who has an order open', () => {
  it('tells the server this tab has the order open, that a remark is being written, and that it left', async () => {
    server.use(
      http.get('/api/admin/get-orders-list/newOrder', () =>
        okChecked(orderListRowSchema.array(), [], { totalRecords: 0 }),
      ),
    );
    const { user, presenceBodies } = await openOrderLive();
    await expect.poll(() => presenceBodies.at(-1)).toMatchObject({ orderId: ORDER_ID, state: 'viewing', left: false });

    await fill(user, screen.getByLabelText('Remark'), 'Calling the customer now');
    await expect.poll(() => presenceBodies.at(-1)).toMatchObject({ orderId: ORDER_ID, state: 'writing' });

    // The member goes to a queue: the order is let go of.
    await user.click(screen.getByRole('link', { name: /New Orders/ }));
    await screen.findByRole('heading', { name: 'New Order' });
    await expect.poll(() => presenceBodies.at(-1)).toMatchObject({ orderId: ORDER_ID, left: true });
    // One tab, one id: every request of this page carried the same.
    expect(new Set(presenceBodies.map((body) => body.clientId)).size).toBe(1);
  });

  it('names the colleagues who have it open and what they do, never the member', async () => {
    const { live } = await openOrderLive();
    live.send(
      'presence',
      presence(ORDER_ID, [
        { ...ASHA, state: 'viewing' },
        { memberId: MEMBERS.Team.id, name: MEMBERS.Team.name, state: 'viewing' },
      ]),
    );
    const shown = await screen.findByText('Also open by:');
    const line = shown.parentElement!;
    expect(within(line).getByText('Asha Assigner · viewing')).toBeInTheDocument();
    expect(within(line).queryByText(new RegExp(MEMBERS.Team.name))).not.toBeInTheDocument();

    live.send('presence', presence(ORDER_ID, [{ ...ASHA, state: 'writing' }]));
    expect(await screen.findByText('Asha Assigner · writing a remark')).toBeInTheDocument();

    // Another order's viewers are not this page's.
    live.send('presence', presence(ORDER_ID + 1, [{ memberId: 9, name: 'Ben Watcher', state: 'viewing' }]));
    live.send('presence', presence(ORDER_ID, []));
    await expect.poll(() => screen.queryByText('Also open by:')).toBeNull();
    expect(screen.queryByText(/Ben Watcher/)).not.toBeInTheDocument();
  });

  it("announces a colleague's change to the order, and loads it when asked", async () => {
    const { user, live, state } = await openOrderLive();
    expect(statusBadge()).toHaveTextContent('Awaiting Customer');

    // The server has the change; the page shows it only when the member asks.
    state.order = { ...state.order, process_status: 'Pending' };
    live.send('activity', activity(ORDER_ID, 'Status changed to Pending'));
    const notice = await screen.findByText(/changed this order while you were reading it/);
    expect(notice).toHaveTextContent(
      'Asha Assigner changed this order while you were reading it (Status changed to Pending).',
    );
    expect(statusBadge()).toHaveTextContent('Awaiting Customer');

    await user.click(screen.getByRole('button', { name: 'Show the change' }));
    await expect.poll(() => statusBadge().textContent).toBe('Pending');
    expect(screen.queryByText(/changed this order while you were reading it/)).not.toBeInTheDocument();
  });

  it("says nothing of the member's own change, nor of another order's", async () => {
    const { live } = await openOrderLive();
    live.send('activity', activity(ORDER_ID, 'Remark added', { memberId: MEMBERS.Team.id, name: MEMBERS.Team.name }));
    live.send('activity', activity(ORDER_ID + 1, 'Status changed to Pending'));
    // A later event on the same stream is shown, so the two before it were read and passed over.
    live.send('presence', presence(ORDER_ID, [{ ...ASHA, state: 'viewing' }]));
    await screen.findByText('Asha Assigner · viewing');
    expect(screen.queryByText(/changed this order while you were reading it/)).not.toBeInTheDocument();
  });
});
