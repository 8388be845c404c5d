/**
 * The API client (product: api.md#envelope): JSON to `/api/...`, the stored token as a
 * bearer header, `{status, message, data}` answers. A 401 on a request that
 * carried a token ends the session everywhere (product: screens.md#unauthorised).
 */
import { TWO_FACTOR_SETUP_REQUIRED } from '../../../shared/sign-in';
import { clearStoredLogin, readStoredLogin } from './auth-storage';
import { eventsThroughOf, noteStaffAnswer } from './live-events-through';
import { paths } from './paths';
import { ApiError, apiUrl, NETWORK_ERROR, parseEnvelope as parse, type ApiQuery, type Envelope } from './api-envelope';

export { ApiError, apiUrl, NETWORK_ERROR, type ApiQuery, type Envelope } from './api-envelope';

type UnauthorizedHandler = (message: string) => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;
/** The app registers what a 401 does (toast, clear the login, go to /). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

let onTwoFactorSetup: () => void = () => {
  if (window.location.pathname !== paths.twoFactorSetup) window.location.assign(paths.twoFactorSetup);
};
/**
 * The app registers how it goes to the two-factor set-up (its router, which knows whether it is there already); a
 * full page load until then.
 */
export function setTwoFactorSetupHandler(handler: () => void) {
  onTwoFactorSetup = handler;
}

/**
 * Takes the member to the two-factor set-up, unless already there: their session may do nothing else (an Admin
 * requires it and they have none), as a 403 or the end of the event stream says.
 */
export function goToTwoFactorSetup() {
  onTwoFactorSetup();
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
  if (response.status === 403) {
    const message = await response
      .clone()
      .json()
      .then((b: { message?: string }) => b.message)
      .catch(() => undefined);
    if (message === TWO_FACTOR_SETUP_REQUIRED) goToTwoFactorSetup();
  }
  return response;
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
