/**
 * Wakes every process's live hub after a change has committed (docs/decisions/0015). The event rows are written by
 * triggers inside the changing transaction, but the NOTIFY is sent here, in a statement of its own, once the request
 * has answered: a NOTIFY inside the transaction held PostgreSQL's database-wide notify lock through the commit's WAL
 * flush and made concurrent status moves commit one at a time. A transaction holding only a NOTIFY writes no WAL.
 * Requests that write within one tick share one NOTIFY. Changes made outside a request (the retention job, bulk
 * loads, psql) are found by the hubs' once-a-second read of the table.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { perObject } from '../../lib/per-object';
import { LIVE_EVENTS_THROUGH_HEADER } from '../../../shared/live';
import { startedLiveHubOf } from './live.hub';

const pendingFor = perObject<Executor, { scheduled: boolean }>(() => ({ scheduled: false }));

/** Sends one NOTIFY live_events soon (a burst of calls in one tick sends one). */
export function wakeLiveHubs(db: Executor): void {
  const pending = pendingFor(db);
  if (pending.scheduled) return;
  pending.scheduled = true;
  setImmediate(() => {
    pending.scheduled = false;
    // Through a promise, so that even a database closed meanwhile (shutdown) only rejects it.
    Promise.resolve()
      .then(() => db.execute(sql`select pg_notify('live_events', '')`))
      .catch(() => {
        /* the hubs' periodic read still finds the events */
      });
  });
}

/** onResponse hook for the feature routes: a request that may have written (not GET, not refused) wakes the hubs. */
export function wakeLiveHubsAfterWrites(getDb: () => Executor) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    wakeLiveHubs(getDb());
  };
}

/**
 * onRequest hook for the feature routes (after authentication): a staff answer says through which live event it
 * reflects every change, read before the route reads anything (LIVE_EVENTS_THROUGH_HEADER). A page whose answers
 * all reflect the events before its stream's start need not read them again when the stream opens (LiveProvider).
 */
export function markLiveEventsThrough(getDatabase: () => Database) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.staff) return;
    const hub = startedLiveHubOf(getDatabase());
    if (hub) reply.header(LIVE_EVENTS_THROUGH_HEADER, String(hub.settled));
  };
}
