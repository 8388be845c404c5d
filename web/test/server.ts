/**
 * The request mock every screen test shares (MSW): the API answers the staff frame asks for on any screen, so a
 * test adds only the answers its own screen is about (`server.use(...)`). Every answer is an envelope whose data a
 * shared schema has checked (answers.ts), so a screen is never tested against a shape the server cannot send.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { FOLDER_COUNT_FIELDS, type FolderCounts } from '../../shared/folders';
import type { LiveEventName } from '../../shared/live';
import { folderCountsSchema, landingSiteOptionSchema } from '../../shared/schemas/order-list';
import { arrivalUrgencySchema } from '../../shared/schemas/work-next';
import { savedViewSchema } from '../../shared/schemas/saved-views';
import { disputeRowSchema, disputeSchema } from '../../shared/schemas/disputes';
import { repliedOrdersSchema } from '../../shared/schemas/information-requests';
import { exportSettingsSchema } from '../../shared/schemas/export-rights';
import { ok, okChecked } from './answers';

export const folderCounts = (counts: Partial<FolderCounts> = {}): FolderCounts =>
  Object.fromEntries(FOLDER_COUNT_FIELDS.map((field) => [field, counts[field] ?? 0])) as FolderCounts;

/** The staff event stream as a test drives it (liveStreamControl). */
export interface LiveStreamControl {
  /** The handler of GET admin/live/stream, for `server.use`. */
  handler: HttpHandler;
  /** Sends an event, numbered as the server numbers them (1, 2, ...), to every open stream. */
  send(event: LiveEventName, data: unknown): void;
  /** Cuts every open stream, as a restart or a network drop would; reconnections fail until `back()`. */
  drop(): void;
  /** Streams open again (each answers `hello` first). */
  back(): void;
  /** The `last-event-id` each stream request carried (null: none), in order: what a reconnection asks to replay. */
  readonly requests: (string | null)[];
}

/**
 * The staff event stream (GET admin/live/stream) a test drives: each stream says `hello` (its `lastEventId`, 0 by
 * default, says every answer the page read reflects the events so far), then carries what `send` sends until the page lets go
 * of it or `drop` cuts it.
 */
export function liveStreamControl(
  memberId = 1,
  /** The id of the last event the server had read as each stream opens (the page's answers older than it are read again). */
  { lastEventId = 0 }: { lastEventId?: number } = {},
): LiveStreamControl {
  const encoder = new TextEncoder();
  const open = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const requests: (string | null)[] = [];
  let away = false;
  let lastId = lastEventId;
  const write = (stream: ReadableStreamDefaultController<Uint8Array>, text: string) => {
    try {
      stream.enqueue(encoder.encode(text));
    } catch {
      open.delete(stream); // closed by the page meanwhile
    }
  };
  const end = (stream: ReadableStreamDefaultController<Uint8Array>) => {
    open.delete(stream);
    try {
      stream.close();
    } catch {
      // already closed
    }
  };
  const handler = http.get('/api/admin/live/stream', ({ request }) => {
    requests.push(request.headers.get('last-event-id'));
    if (away) return HttpResponse.error();
    const hello = { memberId, heartbeatMs: 60_000, lastEventId, presenceTtlMs: 60_000 };
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        open.add(stream);
        write(stream, `event: hello\ndata: ${JSON.stringify(hello)}\n\n`);
        request.signal.addEventListener('abort', () => end(stream));
      },
    });
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  return {
    handler,
    send(event, data) {
      lastId += 1;
      for (const stream of open) write(stream, `id: ${lastId}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    drop() {
      away = true;
      for (const stream of open) end(stream);
    },
    back() {
      away = false;
    },
    requests,
  };
}

/** The staff event stream: `hello`, then open and silent until the page lets go of it. */
export const liveStream = (memberId = 1) => liveStreamControl(memberId).handler;

export const frameHandlers = [
  http.get('/api/admin/get-folder-count', () => okChecked(folderCountsSchema, folderCounts())),
  liveStream(),
  http.post('/api/admin/live/presence', () => ok(null)),
  http.get('/api/admin/arrival-urgency', () =>
    okChecked(arrivalUrgencySchema, {
      urgentHours: 48,
      veryUrgentHours: 24,
      urgent: { newOrder: 0, priorityOrder: 0 },
    }),
  ),
  http.get('/api/admin/landing-sites', () =>
    okChecked(landingSiteOptionSchema.array(), [{ siteKey: 'visit-japan-card', name: 'Visit Japan Card' }]),
  ),
  http.get('/api/admin/saved-views', () => okChecked(savedViewSchema.array(), [])),
  http.post('/api/admin/logout', () => ok(null)),
  // The ChargeBack queue's disputes (features/disputes): none unless a test serves some.
  http.get('/api/admin/chargeback-disputes', () => okChecked(disputeRowSchema.array(), [])),
  http.get('/api/admin/unmatched-disputes', () => okChecked(disputeSchema.array(), [])),
  // Who may export (components/export/export-rights.ts, asked by the roles the table does not give it to): no grant.
  http.get('/api/admin/export-settings', () =>
    okChecked(exportSettingsSchema, { grantedRoles: [], exportRoles: ['Admin', 'Manager'] }),
  ),
  // The queues' "Customer replied" marks (features/information-requests): none unless a test serves some.
  http.get('/api/admin/information-requests/replied', () => okChecked(repliedOrdersSchema, { orderIds: [] })),
];

export const server = setupServer(...frameHandlers);
