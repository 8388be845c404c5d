/**
 * The live bench's server process (started by bench/live.ts): the real app as in production, plus, on a second
 * port, `/memory` (this process's memory after a full garbage collection, its CPU time and open streams) so the
 * cost of open streams can be read from outside. Signs in BENCH_LIVE_SESSIONS sessions (one per stream, as staff would) and prints one JSON line.
 */
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { teamMembers } from '../server/db/schema';
import { sessionToken } from '../server/features/auth/sessions.service';
import { hashPassword } from '../server/features/auth/auth.service';
import { liveHubOf } from '../server/features/live/live.hub';
import { announceReady } from './child-ready';
import { BENCH_ENCRYPTION_KEYS } from './keys';

const databaseUrl = process.env.BENCH_DATABASE_URL!;
const sessions = Number(process.env.BENCH_LIVE_SESSIONS ?? 1000);
const config = loadConfig({
  DATABASE_URL: databaseUrl,
  DEMO_ORDERS: '0',
  LOG_LEVEL: 'info',
  ENCRYPTION_KEYS: BENCH_ENCRYPTION_KEYS,
  DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
});
const database = await openDatabase({ databaseUrl, poolSize: config.DATABASE_POOL_SIZE });

const BENCH_EMAIL = 'bench.live@arrivalcard.example';
let [member] = await database.db.select().from(teamMembers).where(eq(teamMembers.email, BENCH_EMAIL));
if (!member) {
  [member] = await database.db
    .insert(teamMembers)
    .values({
      name: 'Bench Live',
      email: BENCH_EMAIL,
      type: 'Manager',
      passwordHash: await hashPassword('bench-only-password'),
    })
    .returning();
}
const app = await buildApp({
  config,
  database,
  jwtSecret: 'bench-secret-'.padEnd(48, 'x'),
  logger: { level: 'info', file: '/dev/null' },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const tokens: string[] = [];
for (let i = 0; i < sessions; i++)
  tokens.push(await sessionToken(database.db, app.jwt, member!, { seconds: 3600, ip: '127.0.0.1' }));

const gc = (globalThis as { gc?: () => void }).gc;
const side = Fastify({ logger: false });
side.get('/memory', async () => {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 50));
  }
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  const hub = await liveHubOf(database, config, app.log);
  const { user, system } = process.cpuUsage();
  return { rss, heapUsed, external, arrayBuffers, streams: hub.streams.size, gc: !!gc, cpuMs: (user + system) / 1000 };
});
await side.listen({ port: 0, host: '127.0.0.1' });

announceReady(app, { name: 'sidePort', server: side }, database, { tokens });
