/**
 * The app's Prometheus series (docs/operations.md says which to alert on). One registry per database
 * handle: the app, its mail worker and its retention job share the handle, while tests, which build many apps in
 * one process, each get their own registry (prom-client's global default registry would refuse a second series of
 * the same name). Labels hold route patterns, statuses and provider names only, never an id or a person.
 */
import { z } from 'zod';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { selectRows, type Database, type Executor } from '../../db/client';
import { perObject } from '../../lib/per-object';
import { withinMs } from '../../lib/time-limit';
import { DISPUTE_GATEWAYS } from '../../../shared/schemas/disputes';

/** A scrape must answer even while the database does not (its figures then say so: arrival_database_up 0). */
const SCRAPE_DATABASE_TIMEOUT_MS = 3000;

const mailQueueRowSchema = z.object({ status: z.string(), n: z.number(), oldest: z.number().nullable() });
const openDisputesRowSchema = z.object({ gateway: z.string(), n: z.number(), due: z.number() });
const openRequestsRowSchema = z.object({ n: z.number(), oldest: z.number().nullable() });

/** Mail statuses whose depth and age matter: a sent mail is history. */
const WAITING_STATUSES = ['queued', 'sending', 'failed'] as const;

export class AppMetrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'arrival_http_request_duration_seconds',
    help: 'Time from request to response, by route pattern (never the raw URL) and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly mailQueueDepth = new Gauge({
    name: 'arrival_mail_queue_depth',
    help: 'Mails not sent, by status (queued: waiting for the worker; sending: claimed; failed: given up, waiting for staff)',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });

  readonly mailOldestAge = new Gauge({
    name: 'arrival_mail_oldest_age_seconds',
    help: 'Age of the oldest mail in each status (0 when there is none)',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });

  readonly mailAttempts = new Counter({
    name: 'arrival_mail_attempts_total',
    help: 'Mails the worker tried to send, by provider (ses, smtp, outbox)',
    labelNames: ['provider'] as const,
    registers: [this.registry],
  });

  readonly mailFailures = new Counter({
    name: 'arrival_mail_failures_total',
    help: 'Failed send attempts by provider; outcome retry (back on the queue) or gave_up (left failed for staff)',
    labelNames: ['provider', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly signInFailures = new Counter({
    name: 'arrival_signin_failures_total',
    help: 'Sign-ins refused for a wrong password or code, by step (password, code)',
    labelNames: ['step'] as const,
    registers: [this.registry],
  });

  readonly signInLockouts = new Counter({
    name: 'arrival_signin_lockouts_total',
    help: 'Sign-in attempts refused because a limit was reached (429), by step (password, code)',
    labelNames: ['step'] as const,
    registers: [this.registry],
  });

  readonly poolSize = new Gauge({
    name: 'arrival_db_pool_size',
    help: 'Database connections the pool may open (PGlite: its one connection)',
    registers: [this.registry],
  });
  readonly poolInUse = new Gauge({
    name: 'arrival_db_pool_in_use',
    help: 'Connections checked out (PGlite: 1 while a transaction holds its one connection)',
    registers: [this.registry],
  });
  readonly poolWaiting = new Gauge({
    name: 'arrival_db_pool_waiting',
    help: 'Requests waiting for a connection (PostgreSQL pool only; PGlite queues inside itself and does not say)',
    registers: [this.registry],
  });
  readonly databaseUp = new Gauge({
    name: 'arrival_database_up',
    help: '1 when the scrape could read the mail queue from the database, else 0',
    registers: [this.registry],
  });

  readonly eventStreams = new Gauge({
    name: 'arrival_event_streams',
    help: 'Open live event-stream connections',
    registers: [this.registry],
  });

  readonly informationRequestsOpen = new Gauge({
    name: 'arrival_information_requests_open',
    help: "Requests for information waiting for the customer (open, link not run out); the oldest one's age is in _oldest_age_seconds",
    registers: [this.registry],
  });
  readonly informationRequestsOldestAge = new Gauge({
    name: 'arrival_information_requests_oldest_age_seconds',
    help: 'Age of the oldest request for information waiting for the customer (0 when there is none)',
    registers: [this.registry],
  });

  readonly disputesOpen = new Gauge({
    name: 'arrival_disputes_open',
    help: 'Payment disputes still taking evidence (needs evidence or saved at the provider), by gateway',
    labelNames: ['gateway'] as const,
    registers: [this.registry],
  });
  readonly disputesDueSoon = new Gauge({
    name: 'arrival_disputes_evidence_due_24h',
    help: 'Payment disputes still taking evidence whose due date is within the next 24 hours, by gateway',
    labelNames: ['gateway'] as const,
    registers: [this.registry],
  });

  readonly retentionRuns = new Counter({
    name: 'arrival_retention_runs_total',
    help: 'Retention job runs by outcome (done, yielded: another process held the lock, failed)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly retentionErased = new Counter({
    name: 'arrival_retention_orders_erased_total',
    help: 'Orders erased by the retention job, by stage (travel, evidence)',
    labelNames: ['stage'] as const,
    registers: [this.registry],
  });
  readonly retentionLastSuccess = new Gauge({
    name: 'arrival_retention_last_success_timestamp_seconds',
    help: 'When this process last finished a retention run that did not fail (Unix time)',
    registers: [this.registry],
  });

  constructor() {
    // Series that start at zero, so a rate() or an alert has a value before the first event.
    for (const status of WAITING_STATUSES) {
      this.mailQueueDepth.set({ status }, 0);
      this.mailOldestAge.set({ status }, 0);
    }
    for (const step of ['password', 'code']) {
      this.signInFailures.inc({ step }, 0);
      this.signInLockouts.inc({ step }, 0);
    }
    for (const gateway of DISPUTE_GATEWAYS) {
      this.disputesOpen.set({ gateway }, 0);
      this.disputesDueSoon.set({ gateway }, 0);
    }
    for (const outcome of ['done', 'yielded', 'failed']) this.retentionRuns.inc({ outcome }, 0);
    for (const stage of ['travel', 'evidence']) this.retentionErased.inc({ stage }, 0);
  }
}

/** The metrics of everything working on this database handle (the app, its mail worker, its retention job). */
export const metricsFor = perObject<Executor, AppMetrics>(() => new AppMetrics());

/**
 * Counts a live event-stream connection opening (+1) or closing (-1). Call it with the app's `db`
 * (`app.db`) from the stream's route.
 */
export function trackEventStream(db: Executor, delta: 1 | -1): void {
  metricsFor(db).eventStreams.inc(delta);
}

/** Process figures (CPU, memory, event-loop lag, open handles): the real server only (main.ts), not every test app. */
export function collectProcessMetrics(db: Executor): void {
  collectDefaultMetrics({ register: metricsFor(db).registry, prefix: 'arrival_process_' });
}

/** The onResponse hook (app.ts): one observation per answered request, labelled by its route's pattern. */
export function observeRequest(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  // A request no route matched has no pattern: its URL could hold anything, so it is counted as "unmatched".
  const route = request.routeOptions.url ?? 'unmatched';
  metricsFor(request.server.db).httpDuration.observe(
    { method: request.method, route, status_code: String(reply.statusCode) },
    reply.elapsedTime / 1000,
  );
  done();
}

/**
 * The figures read at scrape time: the mail queue (one grouped read of the unsent mails, found through
 * mails_delivered_idx: a mail gets `delivered_via` only once sent, so the sent history is never scanned) and
 * the pool's state.
 */
export async function refreshScrapeFigures(database: Database): Promise<void> {
  const metrics = metricsFor(database.db);
  const { pool, pglite } = database.raw;
  if (pool) {
    metrics.poolSize.set(pool.options.max ?? 10);
    metrics.poolInUse.set(pool.totalCount - pool.idleCount);
    metrics.poolWaiting.set(pool.waitingCount);
  } else if (pglite) {
    metrics.poolSize.set(1);
    metrics.poolInUse.set(!pglite.closed && pglite.isInTransaction() ? 1 : 0);
  }
  try {
    const rows = await withinMs(
      selectRows(
        database.db,
        mailQueueRowSchema,
        sql`
      select status, count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as oldest
      from mails where delivered_via is null and status <> 'sent' group by status`,
      ),
      SCRAPE_DATABASE_TIMEOUT_MS,
      'mail queue',
    );
    for (const status of WAITING_STATUSES) {
      const row = rows.find((r) => r.status === status);
      metrics.mailQueueDepth.set({ status }, row?.n ?? 0);
      metrics.mailOldestAge.set({ status }, Math.max(0, row?.oldest ?? 0));
    }
    // Requests for information waiting for the customer, read through their partial index of open requests.
    const [open] = await withinMs(
      selectRows(
        database.db,
        openRequestsRowSchema,
        sql`
      select count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as oldest
      from information_requests where state = 'open' and expires_at > now()`,
      ),
      SCRAPE_DATABASE_TIMEOUT_MS,
      'information requests',
    );
    metrics.informationRequestsOpen.set(open?.n ?? 0);
    metrics.informationRequestsOldestAge.set(Math.max(0, open?.oldest ?? 0));
    // Disputes still taking evidence (product: disputes.md#states): a few rows, read whole.
    const disputes = await withinMs(
      selectRows(
        database.db,
        openDisputesRowSchema,
        sql`
      select gateway, count(*)::int as n,
        (count(*) filter (where evidence_due_at > now() and evidence_due_at <= now() + interval '24 hours'))::int as due
      from disputes where state in ('needs_evidence', 'saved') group by gateway`,
      ),
      SCRAPE_DATABASE_TIMEOUT_MS,
      'disputes',
    );
    for (const gateway of DISPUTE_GATEWAYS) {
      const row = disputes.find((r) => r.gateway === gateway);
      metrics.disputesOpen.set({ gateway }, row?.n ?? 0);
      metrics.disputesDueSoon.set({ gateway }, row?.due ?? 0);
    }
    metrics.databaseUp.set(1);
  } catch {
    // The rest of the figures still answer; the queue's stay as last read.
    metrics.databaseUp.set(0);
  }
}
