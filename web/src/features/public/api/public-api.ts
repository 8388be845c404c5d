/**
 * The customer's client for the public pages' calls (`/api/front/...`): JSON in, the envelope out, the order's own
 * access token when a call needs it. Never the staff login kept in this browser: a staff member who opens a public
 * page is a customer there, and the staff client's session handling and live bookkeeping stay out of these pages.
 */
import { ApiError, apiUrl, NETWORK_ERROR, parseEnvelope, type Envelope } from '../../../lib/api-envelope';

interface PublicRequestOptions {
  query?: Record<string, string | undefined>;
  /** The order's access token (customer-access.ts), for the calls about one order. */
  headers?: Record<string, string>;
}

async function request<T>(method: string, path: string, body: unknown, options: PublicRequestOptions = {}) {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  return parseEnvelope<T>(response);
}

export const publicApi = {
  get: <T>(path: string, options?: PublicRequestOptions): Promise<Envelope<T>> =>
    request<T>('GET', path, undefined, options),
  post: <T>(path: string, body: unknown, options?: PublicRequestOptions): Promise<Envelope<T>> =>
    request<T>('POST', path, body, options),
};
