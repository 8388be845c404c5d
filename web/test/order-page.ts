/**
 * The answers an order page asks for (the order and its mails), served from a state a test may change, as the
 * server's would change after a move or an upload: the page's next read shows it. Handlers a test adds later with
 * `server.use` take precedence over these.
 */
import { http } from 'msw';
import { emailHistorySchema, type EmailHistory } from '../../shared/schemas/mail';
import { orderDetailSchema, type OrderDetail } from '../../shared/schemas/order-detail';
import { orderDisputesSchema } from '../../shared/schemas/disputes';
import { informationRequestSchema } from '../../shared/schemas/information-requests';
import type { z } from 'zod';
import { ok, okChecked, refused } from './answers';
import { emailHistory } from './fixtures/order-detail';
import { server } from './server';

export interface OrderPageState {
  order: OrderDetail;
  emails: EmailHistory;
}

/** Serves `order` (and `emails`) until the test changes `state`; any other order id is not found. */
export function serveOrderPage(order: OrderDetail, emails: EmailHistory = emailHistory()): OrderPageState {
  const state: OrderPageState = { order, emails };
  server.use(
    http.get('/api/admin/get-orders-details/:orderId', ({ params }) =>
      Number(params.orderId) === state.order.order_id
        ? okChecked(orderDetailSchema, state.order)
        : refused(404, 'Order not found.'),
    ),
    http.get('/api/admin/get-email-history/:orderId', () => okChecked(emailHistorySchema, state.emails)),
    // An order in ChargeBack, or with a dispute, asks for its disputes: none unless a test serves some.
    http.post('/api/admin/order-disputes', () =>
      okChecked(orderDisputesSchema, { disputes: [], evidence: null, can_send: false }),
    ),
    // Its requests for information: none unless a test serves some.
    http.get('/api/admin/order-information-requests/:orderId', () => okChecked(informationRequestSchema.array(), [])),
  );
  return state;
}

/** An answer whose data `schema` has checked, with the server's message for it (what the page's toast says). */
export function okSaying<S extends z.ZodType>(message: string, schema: S, data: z.input<S>) {
  return ok(schema.parse(data), {}, message);
}
