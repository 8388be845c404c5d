/**
 * Which live events the staff answers of this page reflect (docs/decisions/0037; the header is
 * LIVE_EVENTS_THROUGH_HEADER, shared/live.ts). A page's event stream sends only what happens after its start (its
 * hello's `lastEventId`), so a screen's answer older than that start misses what changed in between. Such answers
 * are noted here: those that came before the stream was up decide, at its hello, whether the lists and counts are
 * read again; one that comes later (a screen whose code or answer was still on its way) asks for it by itself.
 */
import { LIVE_EVENTS_THROUGH_HEADER } from '../../../shared/live';

/** The lowest id the answers so far reflect; null once an answer said nothing (none is known); undefined: no answer yet. */
let lowest: number | null | undefined;
/** The stream's start, once it is up, and what to do for an answer older than it. */
let stream: { startedAt: number; missed(): void } | null = null;

/** The live event through which an answer reflects every change, or null when it does not say. */
export function eventsThroughOf(response: Response): number | null {
  const header = response.headers.get(LIVE_EVENTS_THROUGH_HEADER);
  return header && /^\d{1,15}$/.test(header) ? Number(header) : null;
}

/** Notes a staff answer that holds data (api.ts). */
export function noteStaffAnswer(response: Response) {
  const through = eventsThroughOf(response);
  if (stream) {
    // Older than the stream's start: read again (its query is started afresh, features/live/read-lists-again.ts).
    // An answer that says nothing (a process whose hub has not started) is taken as it is: asking again would get
    // the same silence.
    if (through !== null && through < stream.startedAt) setTimeout(stream.missed, 0);
    return;
  }
  if (lowest === null) return;
  lowest = through === null ? null : Math.min(lowest ?? through, through);
}

/**
 * The stream is up from event `startedAt` on (its first hello): answers noted from now on that are older call
 * `missed`. Answers whether every answer noted before reflects every change through `startedAt`.
 */
export function streamStarted(startedAt: number, missed: () => void): boolean {
  stream = { startedAt, missed };
  return lowest === undefined || (lowest !== null && lowest >= startedAt);
}

/** The stream is no longer this page's (signed out, the frame left): later answers are no longer compared. */
export function streamStopped() {
  stream = null;
}
