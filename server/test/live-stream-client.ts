/**
 * A staff event stream read as the web app reads it (fetch + eventsource-parser), for the API tests and the bench:
 * every event kept with the time it arrived.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface ReceivedEvent {
  event: string;
  id: string | undefined;
  data: unknown;
  at: number;
}

export class StreamClient {
  readonly events: ReceivedEvent[] = [];
  status = 0;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  #abort = new AbortController();
  #waiters = new Set<() => void>();
  onEvent?: (event: ReceivedEvent) => void;

  private constructor(readonly response: Response) {
    this.status = response.status;
    const parser = createParser({
      onEvent: (message: EventSourceMessage) => {
        const received = {
          event: message.event ?? 'message',
          id: message.id,
          data: JSON.parse(message.data) as unknown,
          at: performance.now(),
        };
        this.events.push(received);
        this.onEvent?.(received);
        for (const wake of this.#waiters) wake();
      },
    });
    this.ended = (async () => {
      if (!response.body) return;
      const decoder = new TextDecoder();
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
          parser.feed(decoder.decode(chunk, { stream: true }));
      } catch {
        /* aborted or reset */
      }
      for (const wake of this.#waiters) wake();
    })();
  }

  static async open(baseUrl: string, headers: Record<string, string>, lastEventId?: string): Promise<StreamClient> {
    const abort = new AbortController();
    const response = await fetch(`${baseUrl}/api/admin/live/stream`, {
      headers: { accept: 'text/event-stream', ...headers, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      signal: abort.signal,
    });
    const client = new StreamClient(response);
    client.#abort = abort;
    return client;
  }

  /** The first event (from index `from` on) that `match` accepts; rejects after `timeoutMs`. */
  waitFor(match: (event: ReceivedEvent) => boolean, timeoutMs = 2000, from = 0): Promise<ReceivedEvent> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const check = () => {
        const found = this.events.slice(from).find(match);
        if (found && !settled) {
          settled = true;
          cleanup();
          resolve(found);
        }
      };
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        cleanup();
        reject(
          new Error(`no matching event within ${timeoutMs} ms; got ${this.events.map((e) => e.event).join(', ')}`),
        );
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.#waiters.delete(check);
      };
      this.#waiters.add(check);
      check();
    });
  }

  /** The id of the last event that carried one. */
  get lastEventId(): string | undefined {
    for (let i = this.events.length - 1; i >= 0; i--) if (this.events[i]!.id) return this.events[i]!.id;
    return undefined;
  }

  close() {
    this.#abort.abort();
  }
}
