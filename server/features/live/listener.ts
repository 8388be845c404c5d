/**
 * One LISTEN connection per process: PGlite's own `listen`, or on PostgreSQL one dedicated client
 * outside the pool (a pooled client goes back to other work between queries and would miss notifications). A
 * dropped connection is reopened with backoff; `onReconnect` then lets the hub read what it missed (the events
 * are rows, so nothing is lost while the listener is away).
 */
import pg from 'pg';
import type { Database } from '../../db/client';

export const LIVE_CHANNELS = ['live_events', 'live_presence'] as const;
export type LiveChannel = (typeof LIVE_CHANNELS)[number];
/** The listening connection's application_name (pg_stat_activity shows which connection it is). */
export const LISTENER_NAME = 'live-listener';

export interface Listener {
  close(): Promise<void>;
}

interface ListenOptions {
  onNotify(channel: LiveChannel, payload: string): void;
  /** Called after a lost connection is back (not on the first connect). */
  onReconnect(): void;
  onError(code: string): void;
}

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 10_000;

export async function listen(database: Database, options: ListenOptions): Promise<Listener> {
  if (database.raw.pglite) {
    const pglite = database.raw.pglite;
    const stops = await Promise.all(
      LIVE_CHANNELS.map((channel) => pglite.listen(channel, (payload) => options.onNotify(channel, payload))),
    );
    return {
      close: async () => {
        await Promise.all(stops.map((stop) => stop().catch(() => undefined)));
      },
    };
  }
  const pool = database.raw.pool!;
  const connectionString = (pool as unknown as { options: { connectionString: string } }).options.connectionString;
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      application_name: LISTENER_NAME,
    });
    next.on('notification', (message) => {
      if ((LIVE_CHANNELS as readonly string[]).includes(message.channel))
        options.onNotify(message.channel as LiveChannel, message.payload ?? '');
    });
    // 'error' then 'end' on a dropped connection: reconnect once, on 'end'.
    next.on('error', (error) => options.onError((error as { code?: string }).code ?? 'listener-error'));
    next.on('end', () => {
      if (client !== next || closed) return;
      client = null;
      schedule();
    });
    await next.connect();
    for (const channel of LIVE_CHANNELS) await next.query(`LISTEN ${channel}`);
    client = next;
  };
  const schedule = () => {
    timer = setTimeout(() => {
      connect().then(
        () => {
          retryMs = RETRY_FIRST_MS;
          options.onReconnect();
        },
        (error) => {
          options.onError((error as { code?: string }).code ?? 'listener-connect');
          retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
          if (!closed) schedule();
        },
      );
    }, retryMs);
    timer.unref();
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
