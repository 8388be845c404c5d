/**
 * Which live events the staff answers of this page reflect (issue 27; the header is LIVE_EVENTS_THROUGH_HEADER,
 * shared/live.ts). When the page's event stream opens, what changed between a screen's answers and the stream's
 * start was never sent: the screen's lists and counts were read again every time, and the queue dimmed for that
 * second read on every load. Now they are read again only when an answer is older than the stream's start.
 */
import { LIVE_EVENTS_THROUGH_HEADER } from '../../../shared/live';

/** The lowest id the answers so far reflect; null once an answer said nothing (none is known); undefined: no answer yet. */
let lowest: number | null | undefined;

/** Notes a staff answer that holds data (api.ts). */
export function noteStaffAnswer(response: Response) {
  if (lowest === null) return;
  const header = response.headers.get(LIVE_EVENTS_THROUGH_HEADER);
  const through = header && /^\d{1,15}$/.test(header) ? Number(header) : null;
  lowest = through === null ? null : Math.min(lowest ?? through, through);
}

/** Whether every staff answer so far reflects every change through event `eventId`. */
export const answersReflectEventsThrough = (eventId: number) =>
  lowest === undefined || (lowest !== null && lowest >= eventId);
