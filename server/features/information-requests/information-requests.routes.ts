/**
 * The request for information's calls (product: information-requests.md#api). Staff's under /admin (deny by
 * default: a live staff session; the service checks orders:work). The customer's under /front: the link's token
 * travels in the POST body, never in an address, so no log line, access log or Referer holds it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, failureSchema, ok, staffFailures } from '../../lib/envelope';
import { orderPathSchema } from '../../lib/route-params';
import {
  answerRequestSchema,
  askCustomerSchema,
  declineSchema,
  informationRequestSchema,
  openRequestSchema,
  publicRequestSchema,
  repliedOrdersSchema,
  requestIdParamsSchema,
} from '../../../shared/schemas/information-requests';
import { CUSTOMER_TEXTS, REQUEST_TEXTS } from '../../../shared/schemas/information-request-texts';
import { acceptReply, askCustomer, declineReply, orderRequests, repliedOrders } from './information-requests.service';
import { answerForCustomer, openForCustomer } from './answer.service';

const publicFailures = {
  400: failureSchema,
  404: failureSchema,
  409: failureSchema,
  429: failureSchema,
  503: failureSchema,
};

export async function informationRequestRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = { tags: ['information requests'], security: [{ bearer: [] }] };
  const deps = () => ({ db: app.db, config: app.config, ring: app.keyRing });

  app.post(
    '/admin/information-requests',
    {
      schema: {
        ...staff,
        summary: 'Ask the customer to check some answers: the order moves to Awaiting Response and a mail goes out',
        description:
          '`fields` are keys of the askable answers (shared/schemas/information-request-texts.ts). 409 when the order ' +
          'already has an open request, or is closed, deleted or erased.',
        body: askCustomerSchema,
        response: { 200: envelope(informationRequestSchema), ...staffFailures },
      },
    },
    async (request) => ok(await askCustomer(deps(), request.staff, request.body), REQUEST_TEXTS.sent),
  );

  app.get(
    '/admin/order-information-requests/:orderId',
    {
      schema: {
        ...staff,
        summary: "The order's requests for information, newest first, each with its change set",
        params: orderPathSchema,
        response: { 200: envelope(z.array(informationRequestSchema)), ...staffFailures },
      },
    },
    async (request) => ok(await orderRequests(deps(), request.staff, request.params.orderId)),
  );

  app.get(
    '/admin/information-requests/replied',
    {
      schema: {
        ...staff,
        summary: 'The orders marked "Customer replied": a reply waiting for its review',
        response: { 200: envelope(repliedOrdersSchema), ...staffFailures },
      },
    },
    async (request) => ok({ orderIds: await repliedOrders(deps(), request.staff) }),
  );

  app.post(
    '/admin/information-requests/:requestId/accept',
    {
      schema: {
        ...staff,
        summary: "Accept the customer's answers: the order takes them, with a process-log line",
        params: requestIdParamsSchema,
        response: { 200: envelope(informationRequestSchema), ...staffFailures },
      },
    },
    async (request) => ok(await acceptReply(deps(), request.staff, request.params.requestId), REQUEST_TEXTS.accepted),
  );

  app.post(
    '/admin/information-requests/:requestId/decline',
    {
      schema: {
        ...staff,
        summary: "Decline the customer's answers with a note: a new request asks again, with the note",
        params: requestIdParamsSchema,
        body: declineSchema,
        response: { 200: envelope(informationRequestSchema), ...staffFailures },
      },
    },
    async (request) =>
      ok(
        await declineReply(deps(), request.staff, request.params.requestId, request.body.note),
        REQUEST_TEXTS.declined,
      ),
  );

  app.post(
    '/front/information-request',
    {
      schema: {
        tags: ['public'],
        summary: "The answer page: the link's request (only the asked answers, as the order holds them) and its note",
        description:
          "The token of the mail's link, in the body. 404 for a token no link has; 409 for a request already " +
          'answered, closed or past its time. Limited per IP address and per link (429).',
        body: openRequestSchema,
        response: { 200: envelope(publicRequestSchema), ...publicFailures },
      },
    },
    async (request) => ok(await openForCustomer(deps(), request.body.token, request.ip)),
  );

  app.post(
    '/front/information-request/answer',
    {
      schema: {
        tags: ['public'],
        summary: "Send the customer's answers, once: checked by the intake schema, kept as a change set",
        description:
          '`answers` holds one value per asked column (intake names). 400 with a message under each answer intake ' +
          'would refuse; 409 once answered, closed or expired; nothing changes then.',
        body: answerRequestSchema,
        response: { 200: envelope(z.object({ orderId: z.number() })), ...publicFailures },
      },
    },
    async (request) =>
      ok(
        await answerForCustomer(deps(), request.body.token, request.body.answers, request.ip),
        CUSTOMER_TEXTS.submitted,
      ),
  );
}
