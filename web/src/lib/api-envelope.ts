/**
 * The API's answer as every client reads it (product: api.md#envelope): addresses under `/api/`, `{status, message,
 * data}` answers, and the error a failed call throws. Shared by the staff client (api.ts) and the public pages' own
 * client, which must not carry the staff client's stored login and live bookkeeping.
 */

/** Query values; undefined, null and '' are left out. */
export type ApiQuery = Record<string, string | number | boolean | undefined | null>;

/** An API address as every call writes it: `/api/<path>?<query>`. */
export function apiUrl(path: string, query?: ApiQuery): string {
  const url = `/api/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export interface Envelope<T> {
  status: number;
  message: string;
  data: T;
  /** The live event through which the answer reflects every change (its header), null when it does not say. */
  eventsThrough?: number | null;
  [extra: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR = 'Failed to fetch data';

/** The answer's envelope, or an ApiError with the server's message (and its field errors). */
export async function parseEnvelope<T>(response: Response): Promise<Envelope<T>> {
  const body = (await response.json().catch(() => null)) as (Envelope<T> & { errors?: Record<string, string> }) | null;
  // status 2: the call worked and asks for a further step (sign-in's second factor).
  if (!response.ok || !body || (body.status !== 1 && body.status !== 2)) {
    throw new ApiError(response.status, body?.message ?? `Request failed (${response.status})`, body?.errors, body);
  }
  return body;
}
