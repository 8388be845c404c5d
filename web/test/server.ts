/**
 * The request mock every screen test shares (MSW): the API answers the staff frame asks for on any screen, so a
 * test adds only the answers its own screen is about (`server.use(...)`). Every answer is an envelope whose data a
 * shared schema has checked (answers.ts), so a screen is never tested against a shape the server cannot send.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { FOLDER_COUNT_FIELDS, type FolderCounts } from '../../shared/folders';
import { landingSiteOptionSchema } from '../../shared/schemas/order-list';
import { arrivalUrgencySchema } from '../../shared/schemas/work-next';
import { savedViewSchema } from '../../shared/schemas/saved-views';
import { ok, okChecked } from './answers';

export const folderCounts = (counts: Partial<FolderCounts> = {}): FolderCounts =>
  Object.fromEntries(FOLDER_COUNT_FIELDS.map((field) => [field, counts[field] ?? 0])) as FolderCounts;

/**
 * The staff event stream: `hello`, then open and silent until the page lets go of it. `lastEventId` 0 says every
 * answer the page read reflects the events so far.
 */
export function liveStream(memberId = 1) {
  return http.get('/api/admin/live/stream', ({ request }) => {
    const encoder = new TextEncoder();
    const hello = { memberId, heartbeatMs: 60_000, lastEventId: 0, presenceTtlMs: 60_000 };
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(`event: hello\ndata: ${JSON.stringify(hello)}\n\n`));
        request.signal.addEventListener('abort', () => controller.close());
      },
    });
    return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
  });
}

export const frameHandlers = [
  http.get('/api/admin/get-folder-count', () => ok(folderCounts())),
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
];

export const server = setupServer(...frameHandlers);
