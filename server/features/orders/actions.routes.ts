import type { FastifyInstance } from 'fastify';
import { storageFor } from '../../lib/storage';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assignOrderSchema,
  assignResultSchema,
  changeOrderStatusSchema,
  moveOrderStatusSchema,
  moveToCompleteRefundSchema,
  moveResultSchema,
  ordersBodySchema,
  refundResultSchema,
  releaseResultSchema,
} from '../../../shared/schemas/order-actions';
import { envelope, ok, staffFailures } from '../../lib/envelope';
import {
  assignToMe,
  deleteOrders,
  markRefunded,
  moveOrderStatus,
  moveToCompleteWithRefundMail,
  moveToOriginalFolder,
} from './actions.service';

const moveResult = envelope(moveResultSchema);
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export async function actionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['orders'], security: [{ bearer: [] }] };

  app.put(
    '/admin/change-order-status',
    {
      schema: {
        ...common,
        summary: 'Delete orders (soft; permanentDeletedFlag: Admin only, blanks the personal data)',
        body: changeOrderStatusSchema,
        response: { 200: moveResult, ...staffFailures },
      },
    },
    async (request) => {
      const { orderId, permanentDeletedFlag } = request.body;
      const result = await deleteOrders(app.db, request.staff, orderId, permanentDeletedFlag, {
        storage: storageFor(app.config),
        log: request.log,
      });
      return ok(result, 'Order has been deleted successfully');
    },
  );

  app.put(
    '/admin/assign-order-status',
    {
      schema: {
        ...common,
        summary: 'Assign to me (409 when another member already holds an order; then nothing is assigned)',
        body: assignOrderSchema,
        response: { 200: envelope(assignResultSchema), ...staffFailures },
      },
    },
    async (request) =>
      ok(await assignToMe(app.db, request.staff, request.body.orderId), 'Order has been assigned successfully'),
  );

  app.put(
    '/admin/move-to-original-folder',
    {
      schema: {
        ...common,
        summary: "Move to Original Folder: clear the assignee (own orders; Admin and Manager: anyone's)",
        body: ordersBodySchema,
        response: { 200: envelope(releaseResultSchema), ...staffFailures },
      },
    },
    async (request) => {
      const result = await moveToOriginalFolder(app.db, request.staff, request.body.orderId);
      return ok(
        result,
        `${plural(result.released.length, 'Order has', 'Orders have')} been moved to new orders successfully`,
      );
    },
  );

  app.put(
    '/admin/mark-refunded',
    {
      schema: {
        ...common,
        summary: 'Refunded it: stamp the refund date on Refunds orders',
        body: ordersBodySchema,
        response: { 200: envelope(refundResultSchema), ...staffFailures },
      },
    },
    async (request) => {
      const result = await markRefunded(app.db, request.staff, request.body.orderId);
      return ok(result, `${plural(request.body.orderId.length, 'Order has', 'Orders have')} been marked as refunded`);
    },
  );

  app.put(
    '/admin/move-to-complete-refund',
    {
      schema: {
        ...common,
        summary: 'Move Refunds orders to Completed and queue the refund confirmation mail',
        body: moveToCompleteRefundSchema,
        response: { 200: moveResult, ...staffFailures },
      },
    },
    async (request) => {
      const { orderId, mailServiceProvider } = request.body;
      const result = await moveToCompleteWithRefundMail(
        app.db,
        app.config,
        request.staff,
        orderId,
        mailServiceProvider,
      );
      return ok(
        result,
        `${plural(orderId.length, 'Order has', 'Orders have')} been moved to Completed and the refund mail queued`,
      );
    },
  );

  app.put(
    '/admin/move-order-status',
    {
      schema: {
        ...common,
        summary: 'Move orders to another status (not Deleted: use change-order-status)',
        body: moveOrderStatusSchema,
        response: { 200: moveResult, ...staffFailures },
      },
    },
    async (request) => {
      const { orderId, updatingStatus } = request.body;
      const result = await moveOrderStatus(app.db, request.staff, orderId, updatingStatus);
      return ok(result, `${plural(orderId.length, 'Order has', 'Orders have')} been moved successfully`);
    },
  );
}
