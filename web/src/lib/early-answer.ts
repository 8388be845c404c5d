/**
 * The first staff screen's data, asked for by the entry beside the screen's code (issue 27, docs/decisions/0035). On
 * a cold load a screen's code is most of a second away on a phone's network, and only once it has run would the
 * screen ask for its rows: the answer now travels with the code. api.ts takes it when the screen asks for the same
 * address with the same session, once and only soon after; otherwise the screen asks as it always did.
 */
import { readStoredLogin } from './stored-login';

/** Longer than any first screen takes to ask; an answer older than this is not given out (it may be out of date). */
const KEPT_MS = 10_000;

const waiting = new Map<string, { authorization: string; at: number; response: Promise<Response> }>();

/** Asks for `url` (an API address, as api.ts writes it) with the stored staff session, if there is one. */
export function askEarly(url: string): void {
  const token = readStoredLogin()?.accessToken;
  if (!token) return;
  const authorization = `Bearer ${token}`;
  const response = fetch(url, { headers: { accept: 'application/json', authorization } });
  // Never taken (the screen asked differently, or not at all): its failure is nobody's error.
  response.catch(() => undefined);
  waiting.set(url, { authorization, at: performance.now(), response });
}

/** The early answer to `url` asked with `authorization`, if one is waiting and fresh: given out once. */
export function takeEarlyAnswer(url: string, authorization: string | undefined): Promise<Response> | undefined {
  const early = waiting.get(url);
  if (!early) return undefined;
  waiting.delete(url);
  const fresh = performance.now() - early.at < KEPT_MS;
  return fresh && early.authorization === authorization ? early.response : undefined;
}
