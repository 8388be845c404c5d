/**
 * A local stand-in for PayPal's REST API (the tests point the client at it with PAYPAL_API_URL): it records every
 * request (method, path, headers, the JSON body or the multipart parts) and answers as PayPal does: a token for
 * client credentials, SUCCESS from verify-webhook-signature for the signature it was told is PayPal's, a dispute
 * with or without its provide-evidence link, and the evidence taken (or refused, as `refuseNext` says).
 */
import { startRecordingServer, type RecordedRequest } from './recording-server';

export interface MockPayPal {
  url: string;
  requests: RecordedRequest[];
  /** The transmission signature verify-webhook-signature calls PayPal's (any other is FAILURE). */
  validSignature: string;
  /** Disputes whose provide-evidence step is closed (their links lack it). */
  closedForEvidence: Set<string>;
  refuseNext(error: { status: number; name: string; issue: string; description: string }): void;
  close(): Promise<void>;
}

export const PAYPAL_CLIENT_ID = 'paypal-client-id-test';
export const PAYPAL_CLIENT_SECRET = 'paypal-client-secret-test';
export const PAYPAL_WEBHOOK_ID = 'WH-TEST-0123456789';

export async function startMockPayPal(): Promise<MockPayPal> {
  let refusal: { status: number; name: string; issue: string; description: string } | null = null;
  const mock = {
    validSignature: 'paypal-signed-this',
    closedForEvidence: new Set<string>(),
  };
  const basic = `Basic ${Buffer.from(`${PAYPAL_CLIENT_ID}:${PAYPAL_CLIENT_SECRET}`).toString('base64')}`;
  const server = await startRecordingServer((request, send) => {
    if (request.path === '/v1/oauth2/token') {
      if (request.headers.authorization !== basic) return send(401, { error: 'invalid_client' });
      return send(200, { access_token: 'A21-test-token', token_type: 'Bearer', expires_in: 32400 });
    }
    if (request.headers.authorization !== 'Bearer A21-test-token')
      return send(401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed' });
    if (request.path === '/v1/notifications/verify-webhook-signature') {
      const ask = request.json as { transmission_sig: string; webhook_id: string };
      const ok = ask.transmission_sig === mock.validSignature && ask.webhook_id === PAYPAL_WEBHOOK_ID;
      return send(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    const dispute = /^\/v1\/customer\/disputes\/([^/]+)(\/provide-evidence)?$/.exec(request.path);
    if (dispute && request.method === 'GET') {
      const id = decodeURIComponent(dispute[1]!);
      return send(200, {
        dispute_id: id,
        status: 'WAITING_FOR_SELLER_RESPONSE',
        links: [
          { href: `/v1/customer/disputes/${id}`, rel: 'self', method: 'GET' },
          ...(mock.closedForEvidence.has(id)
            ? []
            : [{ href: `/v1/customer/disputes/${id}/provide-evidence`, rel: 'provide_evidence', method: 'POST' }]),
        ],
      });
    }
    if (dispute?.[2] && request.method === 'POST') {
      if (refusal) {
        const { status, name, issue, description } = refusal;
        refusal = null;
        return send(status, { name, message: 'The request failed.', details: [{ issue, description }] });
      }
      return send(200, { links: [{ href: `/v1/customer/disputes/${dispute[1]}`, rel: 'self', method: 'GET' }] });
    }
    return send(404, { name: 'RESOURCE_NOT_FOUND', message: `No mock for ${request.method} ${request.path}` });
  });
  return Object.assign(mock, server, {
    refuseNext(error: { status: number; name: string; issue: string; description: string }) {
      refusal = error;
    },
  });
}

/** A `CUSTOMER.DISPUTE.*` event as PayPal sends it (the fields this product reads). */
export function paypalDisputeEvent(
  type: string,
  dispute: {
    id: string;
    sellerTransactionId: string;
    status?: string;
    outcome?: string;
    reason?: string;
    value?: string;
    currency?: string;
    due?: Date;
    updated?: Date;
  },
  eventId = `WH-${Math.random().toString(36).slice(2)}`,
): Record<string, unknown> {
  const updated = dispute.updated ?? new Date();
  return {
    id: eventId,
    event_version: '1.0',
    create_time: updated.toISOString(),
    resource_type: 'dispute',
    event_type: type,
    summary: 'A new dispute opened',
    resource: {
      dispute_id: dispute.id,
      create_time: new Date(updated.getTime() - 60_000).toISOString(),
      update_time: updated.toISOString(),
      disputed_transactions: [{ seller_transaction_id: dispute.sellerTransactionId, buyer_transaction_id: 'BUYER-1' }],
      reason: dispute.reason ?? 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
      status: dispute.status ?? 'WAITING_FOR_SELLER_RESPONSE',
      dispute_amount: { currency_code: dispute.currency ?? 'USD', value: dispute.value ?? '49.00' },
      seller_response_due_date: (dispute.due ?? new Date(Date.now() + 10 * 86_400_000)).toISOString(),
      ...(dispute.outcome ? { dispute_outcome: { outcome_code: dispute.outcome } } : {}),
    },
  };
}
