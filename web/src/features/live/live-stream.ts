/**
 * Reads the staff event stream (GET /api/admin/live/stream) with fetch() and eventsource-parser rather than
 * EventSource, which cannot send the Authorization header (and a token in the URL would land in logs):
 * docs/decisions/0015. Reconnects with backoff (1 s doubling to 30 s, with jitter), sending the last event id so the
 * server replays what was missed. A stream silent for longer than 2.5 heartbeats is taken as dead and reopened.
 */
import { createParser } from 'eventsource-parser';
import type { HelloEvent, LiveEventName } from '../../../../shared/live';
import { api, ApiError } from '../../lib/api';
import { readStoredLogin } from '../../lib/auth-storage';

export interface LiveMessage {
  event: LiveEventName;
  id: number | null;
  data: unknown;
}

export interface StreamHandlers {
  onMessage(message: LiveMessage): void;
  /** true once a stream is open (after `hello`), false while it is away. */
  onConnected(connected: boolean): void;
}

const BACKOFF_FIRST_MS = 1000;
const BACKOFF_MAX_MS = 30_000;
const RECENT_IDS = 500;

export function connectLiveStream(handlers: StreamHandlers, startAfter: number | null = null): () => void {
  let stopped = false;
  let lastEventId: number | null = startAfter;
  let controller: AbortController | null = null;
  let backoff = BACKOFF_FIRST_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  // A replay may repeat an event the live stream already gave (docs/decisions/0015): each is handled once.
  const recent = new Set<number>();

  // True when the stream's session ended because the member signed in again in its place (the session warning,
  // docs/decisions/0022): the stream reopens at once with the new stored token instead of stopping.
  let replaced = false;

  const readOnce = async () => {
    const token = readStoredLogin()?.accessToken;
    replaced = false;
    controller = new AbortController();
    const abort = controller;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    let silenceMs = 40_000;
    const alive = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => abort.abort(), silenceMs);
    };
    try {
      // api.raw: the stored token as a bearer header, and a 401 signs out like every other call.
      const response = await api.raw('GET', 'admin/live/stream', {
        signal: abort.signal,
        headers: {
          accept: 'text/event-stream',
          ...(lastEventId !== null ? { 'last-event-id': String(lastEventId) } : {}),
        },
      });
      if (!response.body) return;
      alive();
      const parser = createParser({
        onEvent: (message) => {
          const id = message.id && /^\d+$/.test(message.id) ? Number(message.id) : null;
          if (id !== null) {
            if (recent.has(id)) return;
            recent.add(id);
            if (recent.size > RECENT_IDS) recent.delete(recent.values().next().value!);
            lastEventId = Math.max(lastEventId ?? 0, id);
          }
          const data = JSON.parse(message.data) as unknown;
          const event = (message.event ?? 'message') as LiveEventName;
          if (event === 'end') {
            const current = readStoredLogin()?.accessToken;
            if (current && current !== token) {
              replaced = true;
              return;
            }
          }
          if (event === 'hello') {
            const hello = data as HelloEvent;
            silenceMs = Math.max(10_000, hello.heartbeatMs * 2.5);
            lastEventId ??= hello.lastEventId;
            backoff = BACKOFF_FIRST_MS;
            handlers.onConnected(true);
          }
          handlers.onMessage({ event, id, data });
          if (event === 'end') stopped = true; // the session ended (LiveProvider signs the tab out)
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        alive();
        parser.feed(value);
      }
    } catch (error) {
      // Signed out (401: api.ts already signed the tab out) or refused (403: two-factor set-up first): no retry.
      if (error instanceof ApiError && (error.httpStatus === 401 || error.httpStatus === 403)) stopped = true;
    } finally {
      clearTimeout(watchdog);
    }
  };

  const loop = async () => {
    while (!stopped) {
      await readOnce();
      handlers.onConnected(false);
      if (stopped) break;
      if (replaced) continue;
      const wait = backoff * (0.75 + Math.random() / 2);
      backoff = Math.min(BACKOFF_MAX_MS, backoff * 2);
      await new Promise<void>((resolve) => {
        retryTimer = setTimeout(resolve, wait);
      });
    }
  };
  void loop();

  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    controller?.abort();
  };
}
