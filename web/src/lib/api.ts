/**
 * The API client (product: api.md#envelope): JSON to `/api/...`, the stored token as a
 * bearer header, `{status, message, data}` answers. A 401 on a request that
 * carried a token ends the session everywhere (product: screens.md#unauthorised).
 */
import { TWO_FACTOR_SETUP_REQUIRED } from '../../../shared/sign-in';
import { clearStoredLogin, readStoredLogin } from './auth-storage';
import { eventsThroughOf, noteStaffAnswer } from './live-events-through';
import { paths } from './paths';

/** Query values; undefined, null and '' are left out. */
export type ApiQuery = Record<string, string | number | boolean | undefined | null>;

/** An API address as every call writes it: `/api/<path>?<query>`. */
function apiUrl(path: string, query?: ApiQuery): string {
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

type UnauthorizedHandler = (message: string) => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;
/** The app registers what a 401 does (toast, clear the login, go to /). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

export interface RequestOptions {
  body?: unknown;
  query?: ApiQuery;
  signal?: AbortSignal;
  /** Extra headers, e.g. a customer's order token on public pages. */
  headers?: Record<string, string>;
}

/**
 * `keepsData`: the answer is data a screen keeps (JSON), whose live events are noted (live-events-through.ts); not a
 * file or the event stream itself.
 */
async function send(method: string, path: string, options: RequestOptions = {}, keepsData = true): Promise<Response> {
  const token = readStoredLogin()?.accessToken;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (token && !headers.authorization) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), { method, headers, body, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR);
  }
  const withStoredToken = !!token && headers.authorization === `Bearer ${token}`;
  if (keepsData && response.ok && withStoredToken) noteStaffAnswer(response);
  // Only a request that carried the stored staff token can end the staff session.
  if (response.status === 401 && withStoredToken) {
    const message = await response
      .clone()
      .json()
      .then((b: { message?: string }) => b.message)
      .catch(() => undefined);
    clearStoredLogin();
    onUnauthorized(message ?? 'Your session has ended. Please sign in again.');
  }
  // A session whose member must set up two-factor sign-in first (an Admin requires it) goes there.
  if (response.status === 403 && window.location.pathname !== paths.twoFactorSetup) {
    const message = await response
      .clone()
      .json()
      .then((b: { message?: string }) => b.message)
      .catch(() => undefined);
    if (message === TWO_FACTOR_SETUP_REQUIRED) window.location.assign(paths.twoFactorSetup);
  }
  return response;
}

async function parse<T>(response: Response): Promise<Envelope<T>> {
  const body = (await response.json().catch(() => null)) as (Envelope<T> & { errors?: Record<string, string> }) | null;
  // status 2: the call worked and asks for a further step (sign-in's second factor).
  if (!response.ok || !body || (body.status !== 1 && body.status !== 2)) {
    throw new ApiError(response.status, body?.message ?? `Request failed (${response.status})`, body?.errors, body);
  }
  return body;
}

export const api = {
  request: async <T>(method: string, path: string, options?: RequestOptions): Promise<Envelope<T>> => {
    const response = await send(method, path, options);
    return { ...(await parse<T>(response)), eventsThrough: eventsThroughOf(response) };
  },
  get: <T>(path: string, options?: RequestOptions) => api.request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    api.request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => api.request<T>('PUT', path, { ...options, body }),
  /** For binary answers (PDFs, documents): the raw response after the same auth handling. */
  raw: async (method: string, path: string, options?: RequestOptions) => {
    const response = await send(method, path, options, false);
    if (!response.ok) await parse(response);
    return response;
  },
};

/** The text to show for a failed call: the server's message, or a general one (a network failure, a bug). */
export const errorMessage = (error: unknown, fallback = 'Something went wrong. Please try again.') =>
  error instanceof ApiError ? error.message : fallback;
