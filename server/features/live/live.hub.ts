/**
 * The live hub of one app (docs/decisions/0015): one LISTEN connection, one reader of `live_events`, and
 * every open staff stream of this process. A NOTIFY (sent after a request that wrote: notify.ts), or the read once a
 * second, wakes the reader, which reads the rows after the last id it
 * saw (plus ids it skipped: a sequence hands out ids in order but transactions commit in any order, so a lower id
 * can appear after a higher one; it waits GAP_WAIT_MS for such an id before giving up on it, as rolled back),
 * serializes each event once and writes it to every stream. It also renews this process's counts snapshot (other
 * processes' changes show in the counts at once, not after 250 ms), checks the streams' sessions, sends
 * heartbeats, expires presence and deletes old events.
 */
import { z } from 'zod';
import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { selectRows, type Database } from '../../db/client';
import { folderCountsChanged } from '../queue-engine';
import {
  primaryFolder,
  utcDay,
  type HelloEvent,
  type LiveEventName,
  type OrderActivityEvent,
  type OrderChangedEvent,
  type OrderPlace,
  type PresenceEvent,
} from '../../../shared/live';
import { TWO_FACTOR_SETUP_REQUIRED } from '../../../shared/sign-in';
import { setupPendingSql } from '../../lib/auth';
import { listen, type LiveChannel, type Listener } from './listener';
import { sweepPresence, viewersOf } from './presence.service';

/** A reconnecting stream is sent at most this many missed events; further behind, it is told to resync. */
export const REPLAY_MAX = 1000;
/** Events are kept this long for reconnecting streams, then deleted (the hub prunes every PRUNE_EVERY_MS). */
export const EVENTS_KEPT_MINUTES = 60;
const PRUNE_EVERY_MS = 10 * 60_000;
const READ_BATCH = 500;
/** How often the hub reads the table without being woken (notify.ts wakes it after every request that wrote). */
const POLL_EVERY_MS = 1000;
const GAP_WAIT_MS = 10_000;
/** A stream whose client reads too slowly (this much unsent) is closed; the browser reconnects and catches up. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** A live_events row as eventColumns reads it. */
const eventRowSchema = z.object({
  id: z.number(),
  kind: z.string(),
  order_id: z.number().nullable(),
  old_status: z.string().nullable(),
  new_status: z.string().nullable(),
  old_mode: z.string().nullable(),
  new_mode: z.string().nullable(),
  old_processing_date: z.string().nullable(),
  new_processing_date: z.string().nullable(),
  old_assignee: z.number().nullable(),
  new_assignee: z.number().nullable(),
  actor_id: z.number().nullable(),
  step: z.string().nullable(),
  assignee_name: z.string().nullable(),
  actor_name: z.string().nullable(),
});
type EventRow = z.infer<typeof eventRowSchema>;
const lastIdSchema = z.object({ last: z.number() });
const oldestIdSchema = z.object({ id: z.number().nullable() });
const sessionVersionSchema = z.object({ id: z.string(), ver: z.number(), setup_pending: z.boolean() });

export interface StreamOwner {
  memberId: number;
  sessionId: string;
  tokenVersion: number;
  /** ms since the epoch: the token's own expiry. */
  tokenExpiresAt: number;
}

/** One SSE frame. `data` is JSON on one line, so no line of it can end the frame early. */
export const frame = (event: LiveEventName, data: unknown, id?: number) =>
  `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

class LiveStream {
  constructor(
    readonly raw: ServerResponse,
    readonly owner: StreamOwner,
  ) {}

  get open() {
    return !this.raw.writableEnded && !this.raw.destroyed;
  }

  write(text: string) {
    if (!this.open) return;
    if (this.raw.writableLength > MAX_BUFFERED_BYTES) {
      this.raw.destroy();
      return;
    }
    this.raw.write(text);
  }

  end(text?: string) {
    if (!this.open) return;
    this.raw.end(text);
  }
}

const place = (
  status: string | null,
  mode: string | null,
  processingDate: string | null,
  assigneeId: number | null,
): OrderPlace | null =>
  status === null
    ? null
    : {
        status,
        mode: mode ?? 'standard',
        processingDate: processingDate ? String(processingDate).slice(0, 10) : null,
        assigneeId,
      };

/** The stream frame of one event row. */
export function eventFrame(row: EventRow): string {
  const id = Number(row.id);
  if (row.kind === 'activity') {
    const activity: OrderActivityEvent = {
      orderId: Number(row.order_id),
      actorId: row.actor_id,
      actorName: row.actor_name,
      step: row.step ?? '',
    };
    return frame('activity', activity, id);
  }
  if (row.kind === 'order') {
    const from = place(row.old_status, row.old_mode, row.old_processing_date, row.old_assignee);
    const to = place(row.new_status, row.new_mode, row.new_processing_date, row.new_assignee);
    const today = utcDay();
    const changed: OrderChangedEvent = {
      orderId: Number(row.order_id),
      from,
      to,
      fromFolder: primaryFolder(from, today),
      toFolder: primaryFolder(to, today),
      assigneeId: row.new_assignee,
      assigneeName: row.assignee_name,
    };
    return frame('order', changed, id);
  }
  return frame('resync', {}, id);
}

const eventColumns = sql`e.id, e.kind, e.order_id, e.old_status, e.new_status, e.old_mode, e.new_mode,
  e.old_processing_date::text as old_processing_date, e.new_processing_date::text as new_processing_date,
  e.old_assignee, e.new_assignee, e.actor_id, e.step, a.name as assignee_name, c.name as actor_name`;
const eventJoins = sql`left join team_members a on a.id = e.new_assignee left join team_members c on c.id = e.actor_id`;

export class LiveHub {
  readonly streams = new Set<LiveStream>();
  /** The highest event id read so far. */
  last = 0;
  /** Ids below `last` not seen yet (a transaction that has not committed), with when they were first missed. */
  readonly gaps = new Map<number, number>();

  /**
   * The highest id through which every event was read (or given up as rolled back): a read of the database started
   * now sees every change of those events. `last` unless an id below it is still missing.
   */
  get settled(): number {
    let settled = this.last;
    for (const id of this.gaps.keys()) settled = Math.min(settled, id - 1);
    return settled;
  }
  #listener: Listener | null = null;
  #timers: NodeJS.Timeout[] = [];
  /** Reads and stream openings run one at a time, in order: a replay never interleaves with live events. */
  #queue: Promise<unknown> = Promise.resolve();
  #readAgain = false;
  #reading = false;
  #presenceOrders = new Set<number>();
  #stopped = false;

  constructor(
    private readonly database: Database,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {}

  private get db() {
    return this.database.db;
  }

  async start(): Promise<void> {
    const [row] = await selectRows(
      this.db,
      lastIdSchema,
      sql`select coalesce(max(id), 0)::bigint as last from live_events`,
    );
    this.last = Number(row?.last ?? 0);
    this.#listener = await listen(this.database, {
      onNotify: (channel, payload) => this.#onNotify(channel, payload),
      onReconnect: () => {
        this.read();
        this.#presenceOrders.add(-1);
        this.#flushPresence();
      },
      onError: (code) => this.log.warn({ dbCode: code }, 'live: listener connection lost'),
    });
    const every = (ms: number, work: () => Promise<unknown>) => {
      const timer = setInterval(() => {
        work().catch((error) => this.#failed(error));
      }, ms);
      timer.unref();
      this.#timers.push(timer);
    };
    every(this.config.LIVE_HEARTBEAT_MS, async () => {
      for (const stream of this.streams) stream.write(': ping\n\n');
    });
    // Changes made outside a request (the retention job, bulk loads, psql) send no NOTIFY: read them anyway.
    every(POLL_EVERY_MS, async () => {
      if (this.streams.size) this.read();
    });
    every(this.config.LIVE_SESSION_CHECK_MS, () => this.checkSessions());
    every(Math.min(5000, Math.max(250, Math.floor(this.config.LIVE_PRESENCE_TTL_MS / 3))), () =>
      sweepPresence(this.db),
    );
    every(PRUNE_EVERY_MS, () =>
      this.db.execute(sql`
      delete from live_events where created_at < now() - make_interval(mins => ${EVENTS_KEPT_MINUTES})`),
    );
  }

  #failed(error: unknown) {
    if (this.#stopped) return;
    this.log.warn({ err: error }, 'live: background step failed');
  }

  #onNotify(channel: LiveChannel, payload: string) {
    if (channel === 'live_events') {
      this.read();
      return;
    }
    for (const part of payload.split(',')) if (/^\d+$/.test(part)) this.#presenceOrders.add(Number(part));
    this.#flushPresence();
  }

  #serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** Reads new events and sends them to every stream; calls that arrive while a read runs fold into one more read. */
  read(): void {
    if (this.#reading) {
      this.#readAgain = true;
      return;
    }
    this.#reading = true;
    void this.#serially(async () => {
      try {
        do {
          this.#readAgain = false;
          while (await this.#readBatch()) {
            /* a full batch: there may be more */
          }
        } while (this.#readAgain && !this.#stopped);
      } catch (error) {
        this.#failed(error);
      } finally {
        this.#reading = false;
      }
    });
  }

  async #readBatch(): Promise<boolean> {
    const now = Date.now();
    for (const [id, since] of this.gaps) if (now - since > GAP_WAIT_MS) this.gaps.delete(id);
    const gapList = [...this.gaps.keys()];
    const orGaps = gapList.length ? sql`or e.id = any(${`{${gapList.join(',')}}`}::bigint[])` : sql``;
    const rows = await selectRows(
      this.db,
      eventRowSchema,
      sql`
      select ${eventColumns} from live_events e ${eventJoins}
      where e.id > ${this.last} ${orGaps} order by e.id limit ${READ_BATCH}`,
    );
    if (!rows.length) return false;
    let countsChanged = false;
    const frames: string[] = [];
    for (const row of rows) {
      const id = Number(row.id);
      if (id > this.last) {
        // Ids skipped between the last one and this one may still commit (bounded: a huge jump is not tracked).
        if (id - this.last <= 1000)
          for (let missing = this.last + 1; missing < id; missing++) this.gaps.set(missing, now);
        this.last = id;
      } else {
        this.gaps.delete(id);
      }
      if (row.kind !== 'activity') countsChanged = true;
      frames.push(eventFrame(row));
    }
    if (countsChanged) {
      folderCountsChanged(this.db);
      frames.push(frame('counts', {}));
    }
    const text = frames.join('');
    for (const stream of this.streams) stream.write(text);
    return rows.length === READ_BATCH;
  }

  #flushingPresence = false;
  #flushPresence() {
    if (this.#flushingPresence) return;
    this.#flushingPresence = true;
    // A tick later, so a burst of notifications (a sweep, a reconnect) becomes one query.
    setTimeout(() => {
      const ids = [...this.#presenceOrders];
      this.#presenceOrders.clear();
      this.#flushingPresence = false;
      if (!ids.length || this.#stopped) return;
      const all = ids.includes(-1);
      viewersOf(this.db, all ? null : ids).then(
        (viewers) => {
          const event: PresenceEvent = { orders: [...viewers].map(([orderId, list]) => ({ orderId, viewers: list })) };
          const text = frame('presence', { ...event, ...(all ? { complete: true } : {}) });
          for (const stream of this.streams) stream.write(text);
        },
        (error) => this.#failed(error),
      );
    }, 10).unref();
  }

  /**
   * Starts a stream: `hello`, the presence of every open order, then (with `lastEventId`) the events it missed, or
   * `resync` when they are no longer kept or too many; from then on every live event.
   */
  open(raw: ServerResponse, owner: StreamOwner, lastEventId: number | null): Promise<void> {
    return this.#serially(async () => {
      const stream = new LiveStream(raw, owner);
      const hello: HelloEvent = {
        memberId: owner.memberId,
        heartbeatMs: this.config.LIVE_HEARTBEAT_MS,
        lastEventId: this.last,
        presenceTtlMs: this.config.LIVE_PRESENCE_TTL_MS,
      };
      let text = frame('hello', hello);
      const viewers = await viewersOf(this.db, null);
      text += frame('presence', {
        orders: [...viewers].map(([orderId, list]) => ({ orderId, viewers: list })),
        complete: true,
      });
      if (lastEventId !== null && lastEventId < this.last) {
        const rows = await selectRows(
          this.db,
          eventRowSchema,
          sql`
          select ${eventColumns} from live_events e ${eventJoins}
          where e.id > ${lastEventId} and e.id <= ${this.last} order by e.id limit ${REPLAY_MAX + 1}`,
        );
        const [oldest] = await selectRows(this.db, oldestIdSchema, sql`select min(id) as id from live_events`);
        // Events after the client's last one were deleted already (kept EVENTS_KEPT_MINUTES): it cannot catch up.
        const pruned = oldest?.id == null || Number(oldest.id) > lastEventId + 1;
        if (rows.length > REPLAY_MAX || pruned) {
          text += frame('resync', {}, this.last);
        } else {
          text += rows.map(eventFrame).join('');
          if (rows.some((r) => r.kind !== 'activity')) text += frame('counts', {});
        }
      } else if (lastEventId !== null && lastEventId > this.last) {
        text += frame('resync', {}, this.last); // an id this database never gave (restored, or another database)
      }
      stream.write(text);
      if (!stream.open) return;
      this.streams.add(stream);
      raw.on('close', () => this.streams.delete(stream));
    });
  }

  /**
   * Ends the streams whose session ended (logout, an Admin, expiry) or whose token was revoked, and those of sessions
   * that must now set up two-factor sign-in (an Admin required it): such a session reaches nothing else.
   */
  async checkSessions(): Promise<void> {
    if (!this.streams.size) return;
    const now = Date.now();
    const ids = [...new Set([...this.streams].map((s) => s.owner.sessionId))];
    const rows = await selectRows(
      this.db,
      sessionVersionSchema,
      sql`
      select s.id, m.token_version as ver, ${setupPendingSql(sql`m`)} as setup_pending
      from staff_sessions s join team_members m on m.id = s.member_id
      where s.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and s.ended_at is null and s.expires_at > now()`,
    );
    const live = new Map(rows.map((r) => [String(r.id), Number(r.ver)]));
    const setupFirst = new Set(rows.filter((r) => r.setup_pending).map((r) => String(r.id)));
    for (const stream of this.streams) {
      const { sessionId, tokenVersion, tokenExpiresAt } = stream.owner;
      const ended = live.get(sessionId) !== tokenVersion || tokenExpiresAt <= now;
      if (ended || setupFirst.has(sessionId)) {
        const message = ended ? 'Your session has ended. Please sign in again.' : TWO_FACTOR_SETUP_REQUIRED;
        stream.end(frame('end', { message }));
        this.streams.delete(stream);
      }
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#timers) clearInterval(timer);
    for (const stream of this.streams) stream.end();
    this.streams.clear();
    await this.#listener?.close();
    await this.#queue;
  }
}

/** The hub of each database handle (one per app), started by the first stream: apps that never stream hold no LISTEN connection. */
const hubs = new WeakMap<Database, Promise<LiveHub>>();
/** The same hubs once started, for a look that must not wait (notify.ts markLiveEventsThrough). */
const startedHubs = new WeakMap<Database, LiveHub>();

/** The started hub of this database handle, if a stream has started it. */
export const startedLiveHubOf = (database: Database): LiveHub | undefined => startedHubs.get(database);

export function liveHubOf(database: Database, config: Config, log: FastifyBaseLogger): Promise<LiveHub> {
  let hub = hubs.get(database);
  if (!hub) {
    hub = (async () => {
      const started = new LiveHub(database, config, log);
      await started.start();
      startedHubs.set(database, started);
      return started;
    })();
    hubs.set(database, hub);
    hub.catch(() => hubs.delete(database));
  }
  return hub;
}

/** Ends every stream and the listener (the app is closing). */
export async function stopLiveHub(database: Database): Promise<void> {
  const hub = hubs.get(database);
  if (!hub) return;
  hubs.delete(database);
  startedHubs.delete(database);
  await (await hub.catch(() => null))?.stop();
}
