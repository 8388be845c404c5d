/**
 * Signing in again from the session warning (docs/decisions/0022): the same calls as the sign-in page (admin-login,
 * then verify-otp when two-factor sign-in is on), sent without the stored token, so that a wrong password (401)
 * does not count as "the session ended" and sign the tab out (lib/api.ts does that for calls carrying the token).
 */
import { ApiError, type Envelope } from '../../lib/api';
import { readDeviceToken } from '../../lib/auth-storage';

export type ReauthAnswer =
  | { kind: 'signed-in'; jwtToken: string; deviceToken: string; message: string }
  | { kind: 'code-needed'; otpToken: string };

async function postPublic(path: string, body: unknown): Promise<Envelope<unknown>> {
  let response: Response;
  try {
    response = await fetch(`/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'Failed to fetch data');
  }
  const answer = (await response.json().catch(() => null)) as Envelope<unknown> | null;
  if (!response.ok || !answer)
    throw new ApiError(response.status, answer?.message ?? 'Sign-in failed. Please try again.');
  return answer;
}

const toAnswer = (answer: Envelope<unknown>): ReauthAnswer =>
  answer.status === 2
    ? { kind: 'code-needed', otpToken: String((answer.data as { otpToken: string }).otpToken) }
    : {
        kind: 'signed-in',
        jwtToken: String(answer.jwtToken),
        deviceToken: String(answer.deviceToken),
        message: answer.message,
      };

export const submitPassword = async (email: string, password: string) =>
  toAnswer(await postPublic('admin/admin-login', { email, password, deviceToken: readDeviceToken() }));

export const submitCode = async (otpToken: string, code: string) =>
  toAnswer(await postPublic('admin/verify-otp', { otpToken, code, deviceToken: readDeviceToken() }));

/** Ends the replaced session on the server (its row and its event stream); a 401 means it had already ended. */
export function endReplacedSession(oldToken: string): void {
  void fetch('/api/admin/logout', {
    method: 'POST',
    headers: { authorization: `Bearer ${oldToken}` },
    keepalive: true,
  }).catch(() => undefined);
}
