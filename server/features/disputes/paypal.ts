/**
 * PayPal through a small typed client of its REST API (docs/decisions/0049): an OAuth token by client credentials
 * (kept until a minute before it expires), the webhook's signature checked by PayPal's own
 * `POST /v1/notifications/verify-webhook-signature`, a dispute read (`GET /v1/customer/disputes/{id}`, whose links say
 * whether it takes evidence now) and the evidence sent by `POST /v1/customer/disputes/{id}/provide-evidence` as
 * multipart (an `input` JSON part and the files). PAYPAL_API_URL points it elsewhere (a local mock in the tests). The
 * client id and secret go in the token request's Authorization header only.
 */
import type { Config } from '../../config';
import { perObject } from '../../lib/per-object';
import type { ProviderDisputeEvent } from './disputes.service';
import { paypalPhase } from './dispute-state';

/** The dispute events applied; others are acknowledged and ignored. */
export const PAYPAL_DISPUTE_EVENTS = new Set([
  'CUSTOMER.DISPUTE.CREATED',
  'CUSTOMER.DISPUTE.UPDATED',
  'CUSTOMER.DISPUTE.RESOLVED',
]);

/** How old a transmission may be: as Stripe's tolerance, a replayed delivery is refused. */
export const PAYPAL_TOLERANCE_MS = 5 * 60_000;

export interface PayPalDispute {
  dispute_id: string;
  create_time?: string;
  update_time?: string;
  reason?: string;
  status: string;
  dispute_amount?: { currency_code: string; value: string };
  seller_response_due_date?: string;
  disputed_transactions?: { seller_transaction_id?: string; buyer_transaction_id?: string }[];
  dispute_outcome?: { outcome_code?: string };
  links?: { href: string; rel: string; method?: string }[];
}

export interface PayPalEvent {
  id: string;
  event_type: string;
  create_time: string;
  resource: PayPalDispute;
}

export interface TransmissionHeaders {
  transmissionId: string;
  transmissionTime: string;
  transmissionSig: string;
  certUrl: string;
  authAlgo: string;
}

/** PayPal answered with an error: its HTTP status, its `name` and the first detail's `issue` when given. */
export class PayPalError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    readonly issue: string | null,
    message: string,
  ) {
    super(message);
  }
}

export class PayPalClient {
  private token: { value: string; until: number } | null = null;

  constructor(
    private readonly base: string,
    private readonly clientId: string,
    private readonly secret: string,
  ) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const res = await fetch(`${this.base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${this.clientId}:${this.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await this.read(res)) as { access_token: string; expires_in: number };
    this.token = { value: body.access_token, until: Date.now() + Math.max(0, body.expires_in - 60) * 1000 };
    return body.access_token;
  }

  private async read(res: Response): Promise<unknown> {
    const body = (await res.json().catch(() => null)) as {
      name?: string;
      message?: string;
      error?: string;
      error_description?: string;
      details?: { issue?: string; description?: string }[];
    } | null;
    if (res.ok) return body;
    const detail = body?.details?.[0];
    throw new PayPalError(
      res.status,
      body?.name ?? body?.error ?? 'ERROR',
      detail?.issue ?? null,
      detail?.description ?? body?.message ?? body?.error_description ?? `PayPal answered ${res.status}`,
    );
  }

  private async call(method: string, path: string, body?: string | FormData): Promise<unknown> {
    const headers: Record<string, string> = { authorization: `Bearer ${await this.accessToken()}` };
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    return this.read(res);
  }

  /** Whether PayPal says it sent this event to this webhook (its signature, certificate and our webhook id). */
  async verifyWebhookSignature(webhookId: string, headers: TransmissionHeaders, event: unknown): Promise<boolean> {
    const answer = (await this.call(
      'POST',
      '/v1/notifications/verify-webhook-signature',
      JSON.stringify({
        auth_algo: headers.authAlgo,
        cert_url: headers.certUrl,
        transmission_id: headers.transmissionId,
        transmission_sig: headers.transmissionSig,
        transmission_time: headers.transmissionTime,
        webhook_id: webhookId,
        webhook_event: event,
      }),
    )) as { verification_status?: string };
    return answer.verification_status === 'SUCCESS';
  }

  getDispute(disputeId: string): Promise<PayPalDispute> {
    return this.call('GET', `/v1/customer/disputes/${encodeURIComponent(disputeId)}`) as Promise<PayPalDispute>;
  }

  /** The evidence and its files, as one multipart request. */
  async provideEvidence(
    disputeId: string,
    input: { evidences: { evidence_type: string; notes: string; documents: { name: string }[] }[] },
    files: { name: string; bytes: Buffer; type: string }[],
  ): Promise<unknown> {
    const form = new FormData();
    form.append('input', new Blob([JSON.stringify(input)], { type: 'application/json' }), 'input.json');
    files.forEach((f, i) => form.append(`file${i + 1}`, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name));
    return this.call('POST', `/v1/customer/disputes/${encodeURIComponent(disputeId)}/provide-evidence`, form);
  }
}

/** The client, one per configuration; null when PayPal is not configured. */
export const paypalClient = perObject((config: Config): { client: PayPalClient | null } => ({
  client:
    config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET
      ? new PayPalClient(
          config.PAYPAL_API_URL.replace(/\/+$/, ''),
          config.PAYPAL_CLIENT_ID,
          config.PAYPAL_CLIENT_SECRET,
        )
      : null,
}));

/** A dispute event in the common shape, or null for an event that is not about a dispute. */
export function paypalDisputeEvent(event: PayPalEvent): ProviderDisputeEvent | null {
  if (!PAYPAL_DISPUTE_EVENTS.has(event.event_type)) return null;
  const d = event.resource;
  if (!d || typeof d.dispute_id !== 'string' || typeof d.status !== 'string') return null;
  const outcome = d.dispute_outcome?.outcome_code ?? null;
  const at = (v: string | undefined) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v) : null);
  return {
    gateway: 'paypal',
    eventId: event.id,
    eventType: event.event_type,
    eventAt: at(d.update_time) ?? at(event.create_time) ?? new Date(),
    providerDisputeId: d.dispute_id,
    paymentReferences: (d.disputed_transactions ?? [])
      .map((t) => t.seller_transaction_id)
      .filter((v): v is string => !!v),
    reason: d.reason ?? '',
    amount: d.dispute_amount?.value ?? null,
    currency: d.dispute_amount?.currency_code?.toUpperCase() ?? null,
    providerStatus: outcome ? `${d.status} (${outcome})` : d.status,
    phase: paypalPhase(d.status, outcome),
    submittedAtProvider: false,
    evidenceDueAt: at(d.seller_response_due_date),
    openedAt: at(d.create_time) ?? at(event.create_time) ?? new Date(),
  };
}
