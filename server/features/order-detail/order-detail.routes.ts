import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addRemarkSchema,
  approvedMailPreviewSchema,
  orderDetailSchema,
  orderLocaleResultSchema,
  remarkEntrySchema,
  transactionDetailsResultSchema,
} from '../../../shared/schemas/order-detail';
import { orderLocaleSchema, transactionDetailsSchema } from '../../../shared/schemas/order-detail-forms';
import { envelope, ok, staffFailures } from '../../lib/envelope';
import { orderPathSchema } from '../../lib/route-params';
import {
  addRemark,
  approvedMailPreview,
  changeOrderLocale,
  getOrderDetail,
  updateTransactionDetails,
} from './order-detail.service';

export async function orderDetailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['order detail'], security: [{ bearer: [] }] };

  app.get(
    '/admin/get-orders-details/:orderId',
    {
      schema: {
        ...common,
        summary: 'One order in full, with its mail, document, download, remark and process-log histories',
        description: 'orderId is the number (100001) or its encoded form (MjAwMDAy). Unknown ids answer 404.',
        params: orderPathSchema,
        response: { 200: envelope(orderDetailSchema), ...staffFailures },
      },
    },
    async (request) => ok(await getOrderDetail(app.db, app.config, app.keyRing, request.staff, request.params.orderId)),
  );

  app.post(
    '/admin/add-new-remark',
    {
      schema: {
        ...common,
        summary: 'Add a Comment History line (the remarker is the signed-in member; flags are Y when ticked)',
        body: addRemarkSchema,
        response: { 200: envelope(remarkEntrySchema), ...staffFailures },
      },
    },
    async (request) => ok(await addRemark(app.db, request.staff, request.body), 'Remark added successfully.'),
  );

  app.post(
    '/admin/update-transaction-details',
    {
      schema: {
        ...common,
        summary: 'Save the transaction id and merchant name of an order',
        body: transactionDetailsSchema,
        response: {
          200: envelope(transactionDetailsResultSchema),
          ...staffFailures,
        },
      },
    },
    async (request) =>
      ok(
        await updateTransactionDetails(app.db, request.staff, request.body),
        'Transaction details saved successfully.',
      ),
  );

  app.put(
    '/admin/order-locale',
    {
      schema: {
        ...common,
        summary: "Change the customer's language: the next mail to the customer is written in it",
        description: 'Staff screens stay English; a "Customer language changed" process-log line when it changes.',
        body: orderLocaleSchema,
        response: { 200: envelope(orderLocaleResultSchema), ...staffFailures },
      },
    },
    async (request) => ok(await changeOrderLocale(app.db, request.staff, request.body), 'Customer language saved.'),
  );

  app.get(
    '/admin/approved-mail-preview/:orderId',
    {
      schema: {
        ...common,
        summary: 'The approved-order e-mail of an order as the customer receives it (nothing is sent)',
        params: orderPathSchema,
        response: { 200: envelope(approvedMailPreviewSchema), ...staffFailures },
      },
    },
    async (request) => ok(await approvedMailPreview(app.db, app.config, request.staff, request.params.orderId)),
  );
}
