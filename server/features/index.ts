/** Every feature's routes, mounted under /api. */
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes';
import { teamRoutes } from './team/team.routes';
import { countRoutes } from './orders/counts.routes';
import { listRoutes } from './orders/lists.routes';
import { actionRoutes } from './orders/actions.routes';
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

export async function registerFeatures(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(teamRoutes);
  await app.register(countRoutes);
  await app.register(listRoutes);
  await app.register(actionRoutes);
  await app.register(intakeRoutes);
  await app.register(orderDetailRoutes);
  await app.register(documentRoutes);
  await app.register(mailRoutes);
  await app.register(invoiceRoutes);
  await app.register(reportRoutes);
  await app.register(gatewayRoutes);
  await app.register(trackingRoutes);
  await app.register(defencePackRoutes);
}
