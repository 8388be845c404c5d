/**
 * A local stand-in for Stripe's API (the tests point the official library at it with STRIPE_API_URL): it records
 * every request (method, path, headers, the form fields or the multipart parts) and answers as Stripe does: a file
 * object for `POST /v1/files`, the dispute for `POST /v1/disputes/{id}`. `refuseNext` makes the next dispute update
 * answer Stripe's error shape instead.
 */
import Stripe from 'stripe';
import { startRecordingServer, type RecordedRequest } from './recording-server';

export interface MockStripe {
  url: string;
  requests: RecordedRequest[];
  refuseNext(error: { status: number; code?: string; message: string; type?: string }): void;
  close(): Promise<void>;
}

export async function startMockStripe(): Promise<MockStripe> {
  let refusal: { status: number; code?: string; message: string; type?: string } | null = null;
  let files = 0;
  const server = await startRecordingServer((request, answer) => {
    const send = (status: number, json: unknown) =>
      answer(status, json, { 'request-id': `req_${server.requests.length}` });
    if (request.method === 'POST' && request.path === '/v1/files') {
      files += 1;
      const file = request.parts.find((p) => p.name === 'file');
      return send(200, {
        id: `file_mock${files}`,
        object: 'file',
        purpose: request.parts.find((p) => p.name === 'purpose')?.value,
        filename: file?.filename,
        size: file?.bytes?.length ?? 0,
      });
    }
    const dispute = /^\/v1\/disputes\/([^/?]+)$/.exec(request.path);
    if (request.method === 'POST' && dispute) {
      if (refusal) {
        const { status, ...error } = refusal;
        refusal = null;
        return send(status, { error: { type: 'invalid_request_error', ...error } });
      }
      const submit = request.form.submit !== 'false';
      return send(200, {
        id: dispute[1],
        object: 'dispute',
        status: submit ? 'under_review' : 'needs_response',
        evidence_details: { submission_count: submit ? 1 : 0, has_evidence: true, past_due: false, due_by: null },
      });
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: `No mock for ${request.method} ${request.path}` },
    });
  });
  return {
    ...server,
    refuseNext(error) {
      refusal = error;
    },
  };
}

export const TEST_WEBHOOK_SECRET = 'whsec_test_dispute_secret_0123456789';

/** A signed Stripe event body and its Stripe-Signature header, as Stripe sends them (the library's test helper). */
export function signedStripeEvent(
  event: Record<string, unknown>,
  options: { secret?: string; timestamp?: number } = {},
): { body: string; signature: string } {
  const body = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
  });
  return { body, signature };
}

/** A `charge.dispute.*` event as Stripe sends it (the fields this product reads, and Stripe's object shape). */
export function disputeEvent(
  type: string,
  dispute: {
    id: string;
    charge: string;
    paymentIntent?: string | null;
    status?: string;
    reason?: string;
    amount?: number;
    currency?: string;
    dueBy?: Date | null;
    submissionCount?: number;
  },
  options: { eventId?: string; created?: Date } = {},
): Record<string, unknown> {
  const created = Math.floor((options.created ?? new Date()).getTime() / 1000);
  return {
    id: options.eventId ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: dispute.id,
        object: 'dispute',
        amount: dispute.amount ?? 4900,
        currency: dispute.currency ?? 'usd',
        charge: dispute.charge,
        payment_intent: dispute.paymentIntent ?? null,
        created: created - 60,
        reason: dispute.reason ?? 'fraudulent',
        status: dispute.status ?? 'needs_response',
        is_charge_refundable: false,
        livemode: false,
        metadata: {},
        evidence: {},
        evidence_details: {
          due_by:
            dispute.dueBy === null
              ? null
              : Math.floor((dispute.dueBy ?? new Date(Date.now() + 7 * 86_400_000)).getTime() / 1000),
          has_evidence: false,
          past_due: false,
          submission_count: dispute.submissionCount ?? 0,
        },
      },
    },
  };
}
