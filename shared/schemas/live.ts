/** Requests of the live feature: a tab's presence on an order. */
import { z } from 'zod';
import { PRESENCE_STATES } from '../live';
import { orderIdField } from './order-id';

export const presenceBodySchema = z.object({
  /** A random id per browser tab (a member may have the same order open in two tabs). */
  clientId: z.string().regex(/^[\w-]{8,64}$/, 'clientId must be 8-64 letters, digits, _ or -.'),
  /** The order the tab shows; null: the tab shows no order now. */
  orderId: orderIdField.nullable(),
  state: z.enum(PRESENCE_STATES, { error: 'state must be viewing or writing.' }).default('viewing'),
  /**
   * The tab left `orderId`: forgotten only if the tab is still on that order (a page's leave may reach the server
   * after the next page's first heartbeat).
   */
  left: z.boolean().default(false),
});
export type PresenceBody = z.input<typeof presenceBodySchema>;
