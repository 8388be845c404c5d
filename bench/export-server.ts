/**
 * The export bench's server process (started by bench/exports.ts): the real app as in production, plus, on a second
 * port, the process's memory: `POST /baseline` (the memory before an export, which the export adds to) and
 * `GET /peak` (the highest RSS and heap sampled every 20 ms since the baseline). Prints one JSON line with a token.
 */
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { teamMembers } from '../server/db/schema';
import { sessionToken } from '../server/features/auth/sessions.service';
import { hashPassword } from '../server/features/auth/auth.service';
import { announceReady } from './child-ready';
import { BENCH_ENCRYPTION_KEYS } from './keys';

const databaseUrl = process.env.BENCH_DATABASE_URL!;
const config = loadConfig({
  DATABASE_URL: databaseUrl,
  DEMO_ORDERS: '0',
  LOG_LEVEL: 'info',
  ENCRYPTION_KEYS: BENCH_ENCRYPTION_KEYS,
  DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
  EXPORT_MAX_ROWS: process.env.EXPORT_MAX_ROWS ?? '5000000',
  RETENTION_INTERVAL: 'off',
});
const database = await openDatabase({ databaseUrl, poolSize: config.DATABASE_POOL_SIZE });

const BENCH_EMAIL = 'bench.export@arrivalcard.example';
let [member] = await database.db.select().from(teamMembers).where(eq(teamMembers.email, BENCH_EMAIL));
if (!member) {
  [member] = await database.db
    .insert(teamMembers)
    .values({
      name: 'Bench Export',
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
const token = await sessionToken(database.db, app.jwt, member!, { seconds: 3600 * 4, ip: '127.0.0.1' });

let baseline = process.memoryUsage();
let peak = { rss: baseline.rss, heapUsed: baseline.heapUsed };
setInterval(() => {
  const now = process.memoryUsage();
  peak = { rss: Math.max(peak.rss, now.rss), heapUsed: Math.max(peak.heapUsed, now.heapUsed) };
}, 20).unref();

const side = Fastify({ logger: false });
// The memory before an export, after a short pause, as a server has it: no collection is forced (node --expose-gc's
// gc()). After a forced one V8 collected the old generation about ten times a second through the next XLSX export,
// for the memory its buffers use outside the heap, and the export took a third longer; an idle server's own
// collections leave no such trace.
side.post('/baseline', async () => {
  await new Promise((r) => setTimeout(r, 200));
  baseline = process.memoryUsage();
  peak = { rss: baseline.rss, heapUsed: baseline.heapUsed };
  return { rss: baseline.rss, heapUsed: baseline.heapUsed };
});
side.get('/peak', async () => ({ baseline: { rss: baseline.rss, heapUsed: baseline.heapUsed }, peak }));
await side.listen({ port: 0, host: '127.0.0.1' });

announceReady(app, { name: 'sidePort', server: side }, database, { token });
