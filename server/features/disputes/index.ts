/**
 * The disputes feature's public entry (docs/decisions/0045): its routes, the staff calls and the providers'
 * webhooks; whether an order has a dispute (its page shows the Dispute section then).
 */
export { disputeRoutes } from './disputes.routes';
export { webhookRoutes } from './webhooks.routes';
export { orderHasDispute } from './disputes.store';
