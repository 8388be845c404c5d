/** Every feature's routes, mounted under /api. Authentication is not theirs to add: lib/auth.ts denyByDefault covers them all. */
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes';
import { securityRoutes } from './auth/security.routes';
import { teamRoutes } from './team/team.routes';
import { countRoutes } from './orders/counts.routes';
import { listRoutes } from './orders/lists.routes';
import { actionRoutes } from './orders/actions.routes';
import { workNextRoutes } from './orders/work-next.routes';
import { bulkOrderRoutes } from './bulk-orders/bulk-orders.routes';
import { intakeRoutes } from './intake/intake.routes';
import { healthRoutes } from './health/health.routes';
import { orderDetailRoutes } from './order-detail/order-detail.routes';
import { documentRoutes } from './documents/documents.routes';
import { mailRoutes } from './mail/mail.routes';
import { invoiceRoutes } from './invoices/invoices.routes';
import { reportRoutes } from './reports/reports.routes';
import { gatewayRoutes } from './gateways/gateways.routes';
import { trackingRoutes } from './tracking/tracking.routes';
import { defencePackRoutes } from './defence-packs/defence-packs.routes';
import { liveRoutes } from './live/live.routes';
import { markLiveEventsThrough, wakeLiveHubsAfterWrites } from './live/notify';
import { metricsRoutes } from './metrics/metrics.routes';
import { savedViewRoutes } from './saved-views/saved-views.routes';
import { exportRoutes } from './exports/exports.routes';
import { disputeRoutes, webhookRoutes } from './disputes';
import { informationRequestRoutes } from './information-requests/information-requests.routes';

export async function registerFeatures(app: FastifyInstance) {
  // After a change has committed, colleagues' event streams are woken (features/live/notify.ts).
  app.addHook(
    'onResponse',
    wakeLiveHubsAfterWrites(() => app.db),
  );
  // A staff answer says which live events it reflects, so an opening stream need not have the page read it again.
  app.addHook(
    'onRequest',
    markLiveEventsThrough(() => app.database),
  );
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(securityRoutes);
  await app.register(teamRoutes);
  await app.register(countRoutes);
  await app.register(listRoutes);
  await app.register(actionRoutes);
  await app.register(workNextRoutes);
  await app.register(bulkOrderRoutes);
  await app.register(intakeRoutes);
  await app.register(orderDetailRoutes);
  await app.register(documentRoutes);
  await app.register(mailRoutes);
  await app.register(invoiceRoutes);
  await app.register(reportRoutes);
  await app.register(gatewayRoutes);
  await app.register(trackingRoutes);
  await app.register(defencePackRoutes);
  await app.register(liveRoutes);
  await app.register(metricsRoutes);
  await app.register(savedViewRoutes);
  await app.register(exportRoutes);
  await app.register(disputeRoutes);
  await app.register(webhookRoutes);
  await app.register(informationRequestRoutes);
}
