/**
 * Staff calls about payment disputes (product: disputes.md): an order's disputes and the evidence that would be sent,
 * sending it (Save at provider, Submit to the bank), the ChargeBack queue's disputes, and the unmatched ones an Admin
 * links to an order.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  disputeListQuerySchema,
  disputeRowSchema,
  disputeSchema,
  disputesReportQuerySchema,
  disputesReportRowSchema,
  DISPUTE_MESSAGES,
  linkDisputeSchema,
  orderDisputesRequestSchema,
  orderDisputesSchema,
  sendEvidenceSchema,
} from '../../../shared/schemas/disputes';
import { envelope, failureSchema, ok, staffFailures } from '../../lib/envelope';
import {
  linkDispute,
  listChargeBackDisputes,
  listUnmatchedDisputes,
  maySendEvidence,
  orderDisputes,
  toDispute,
} from './disputes.service';
import { buildEvidence } from './evidence';
import { sendEvidence } from './send-evidence';
import { disputesReport } from './disputes-report';

export async function disputeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['disputes'], security: [{ bearer: [] }] };

  app.post(
    '/admin/order-disputes',
    {
      schema: {
        ...common,
        summary: "An order's payment disputes and the evidence that would be sent, field by field",
        body: orderDisputesRequestSchema,
        response: { 200: envelope(orderDisputesSchema), ...staffFailures },
      },
    },
    async (request) => {
      const rows = await orderDisputes(app.db, request.staff, request.body.orderId);
      const current = rows.find((r) => r.cover_letter !== null) ?? rows[0];
      const evidence = current
        ? await buildEvidence(app.db, request.body.orderId, current.gateway, current.cover_letter)
        : null;
      return ok({ disputes: rows.map(toDispute), evidence, can_send: maySendEvidence(request.staff) });
    },
  );

  app.post(
    '/admin/dispute-evidence',
    {
      schema: {
        ...common,
        summary:
          'Send the evidence to the provider: submit false stages it (Save at provider), true sends it to the bank, once',
        description:
          "409 when it was already submitted, is being submitted, is past its due date or the dispute is closed (nothing is sent); 422 with the provider's refusal in words; 503 when the provider cannot be reached or is not configured.",
        body: sendEvidenceSchema,
        response: { 200: envelope(disputeSchema), ...staffFailures, 422: failureSchema },
      },
    },
    async (request) => {
      const { dispute, message } = await sendEvidence({ db: app.db, config: app.config }, request.staff, request.body);
      return ok(dispute, message);
    },
  );

  app.get(
    '/admin/chargeback-disputes',
    {
      schema: {
        ...common,
        summary: 'The disputes of orders in ChargeBack, by evidence due date (default) or by when they were opened',
        querystring: disputeListQuerySchema,
        response: { 200: envelope(z.array(disputeRowSchema)), ...staffFailures },
      },
    },
    async (request) => ok(await listChargeBackDisputes(app.db, request.staff, request.query)),
  );

  app.get(
    '/admin/disputes-report',
    {
      schema: {
        ...common,
        summary:
          'Disputes by month opened and gateway: received, submitted in time, won, lost, amount recovered (Admin, Manager)',
        querystring: disputesReportQuerySchema,
        response: { 200: envelope(z.array(disputesReportRowSchema)), ...staffFailures },
      },
    },
    async (request) => ok(await disputesReport(app.db, request.staff, request.query)),
  );

  app.get(
    '/admin/unmatched-disputes',
    {
      schema: {
        ...common,
        summary: 'Disputes that matched no order by transaction id (Admin)',
        response: { 200: envelope(z.array(disputeSchema)), ...staffFailures },
      },
    },
    async (request) => ok(await listUnmatchedDisputes(app.db, request.staff)),
  );

  app.post(
    '/admin/link-dispute',
    {
      schema: {
        ...common,
        summary: 'Link an unmatched dispute to an order by hand (Admin): the order moves to ChargeBack',
        body: linkDisputeSchema,
        response: { 200: envelope(disputeSchema), ...staffFailures },
      },
    },
    async (request) => {
      const dispute = await linkDispute(app.db, request.staff, request.body);
      return ok(dispute, DISPUTE_MESSAGES.linked(request.body.orderId));
    },
  );
}
