import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sqlStateOf } from '../../db/connection-errors';
import { selectRows } from '../../db/client';
import { MIGRATIONS_FOLDER } from '../../db/migrate';
import { ServiceUnavailableError } from '../../lib/errors';
import { storageFor } from '../../lib/storage';
import { TimeLimitError, withinMs } from '../../lib/time-limit';

/**
 * Longest wait for the database's answer. A server that vanished without closing its connections never
 * answers; a load balancer must hear "down" well before its own check times out.
 */
export const HEALTH_DATABASE_TIMEOUT_MS = 3000;

/** The newest migration's time (a bigint of milliseconds), or null before the first. */
const journalSchema = z.object({ last: z.number().nullable() });

/** A key no service writes: reading it (an answer "no such object" is fine) proves the storage answers. */
export const STORAGE_PROBE_KEY = 'health/readiness-probe';

/** The newest migration this code ships, read once: a database whose journal is behind it is not ready. */
let newestMigration: { count: number; folderMillis: number } | undefined;
function shippedMigrations() {
  if (!newestMigration) {
    const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
    newestMigration = { count: files.length, folderMillis: files.at(-1)?.folderMillis ?? 0 };
  }
  return newestMigration;
}

const check = z.enum(['up', 'down']);
const readiness = z.object({
  shuttingDown: z.boolean(),
  database: check,
  migrations: z.enum(['done', 'pending', 'unknown']),
  storage: check,
});
type Readiness = z.infer<typeof readiness>;

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const storage = storageFor(app.config);

  app.get(
    '/health/live',
    {
      schema: {
        tags: ['health'],
        operationId: 'getLiveness',
        summary: 'Liveness: the process answers (asks nothing of the database or storage)',
        response: { 200: z.object({ status: z.literal(1), message: z.string() }) },
      },
    },
    async () => ({ status: 1 as const, message: 'alive' }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        operationId: 'getReadiness',
        summary: 'Readiness: database reachable, migrations applied, storage reachable, not shutting down (else 503)',
        response: {
          200: z.object({ status: z.literal(1), message: z.string(), data: readiness }),
          503: z.object({ status: z.literal(0), message: z.string(), data: readiness }),
        },
      },
    },
    async (_request, reply) => {
      const data: Readiness = {
        shuttingDown: app.lifecycle.shuttingDown,
        database: 'down',
        migrations: 'unknown',
        storage: 'down',
      };
      // The three probes run side by side, each within the health time limit.
      await Promise.all([
        (async () => {
          try {
            const [journal] = await withinMs(
              selectRows(app.db, journalSchema, sql`select max(created_at) as last from drizzle.__drizzle_migrations`),
              HEALTH_DATABASE_TIMEOUT_MS,
              'database',
            );
            data.database = 'up';
            data.migrations = Number(journal?.last ?? 0) >= shippedMigrations().folderMillis ? 'done' : 'pending';
          } catch (error) {
            // No journal table: the database answers but was never migrated.
            if (sqlStateOf(error) === '42P01') Object.assign(data, { database: 'up', migrations: 'pending' });
          }
        })(),
        (async () => {
          try {
            await withinMs(storage.get(STORAGE_PROBE_KEY), HEALTH_DATABASE_TIMEOUT_MS, 'storage');
            data.storage = 'up';
          } catch (error) {
            // An outage (unreachable, 5xx, a failing mount) or no answer in time is down; any other refusal means
            // the storage answered (the probe key is one no role needs to read).
            data.storage = error instanceof ServiceUnavailableError || error instanceof TimeLimitError ? 'down' : 'up';
          }
        })(),
      ]);
      const ready = !data.shuttingDown && data.database === 'up' && data.migrations === 'done' && data.storage === 'up';
      if (ready) return { status: 1 as const, message: 'ready', data };
      const reason = data.shuttingDown ? 'Shutting down' : 'Not ready';
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ status: 0 as const, message: reason, data });
    },
  );

  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability (503 while the database is unreachable)',
        response: {
          200: z.object({
            status: z.literal(1),
            message: z.string(),
            data: z.object({ database: z.literal('up'), kind: z.string() }),
          }),
          503: z.object({
            status: z.literal(0),
            message: z.string(),
            data: z.object({ database: z.literal('down'), kind: z.string() }),
          }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await withinMs(app.db.execute(sql`select 1`), HEALTH_DATABASE_TIMEOUT_MS, 'database');
        return { status: 1 as const, message: 'ok', data: { database: 'up' as const, kind: app.database.kind } };
      } catch {
        return reply.status(503).send({
          status: 0 as const,
          message: 'Database unreachable',
          data: { database: 'down' as const, kind: app.database.kind },
        });
      }
    },
  );
}
