/**
 * The benchmark's server process (started by bench/run.ts): the real app on one
 * port and, on another, "bare" routes that run the same SQL through the same
 * framework with no validation, auth, serializer schemas or logging, so the real
 * routes' overhead shows as a ratio. Prints one JSON line when ready.
 */
import { setUpOrderDetailBare } from './order-detail';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { teamMembers } from '../server/db/schema';
import { sessionToken } from '../server/features/auth/sessions.service';
import { hashPassword } from '../server/features/auth/auth.service';
import { currentFolderCounts, readQueuePage } from '../server/features/queue-engine';
import type { Staff } from '../server/lib/auth';
import type { Folder } from '../shared/orders';
import { setUpReportBench } from './reports';
import { announceReady } from './child-ready';
import { BENCH_ENCRYPTION_KEYS } from './keys';

// PostgreSQL (BENCH_DATABASE_URL) or, with BENCH_DATA_DIR instead, the embedded PGlite in that folder (issue 27).
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const dataDir = process.env.BENCH_DATA_DIR;
const config = loadConfig({
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
  DEMO_ORDERS: '0',
  LOG_LEVEL: 'info',
  ENCRYPTION_KEYS: BENCH_ENCRYPTION_KEYS,
  DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
});
// One pool for both apps (they are measured one after the other), sized as the server's (DATABASE_POOL_SIZE).
const database = await openDatabase({ databaseUrl, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });

const BENCH_EMAIL = 'bench.team@arrivalcard.example';
let [member] = await database.db.select().from(teamMembers).where(eq(teamMembers.email, BENCH_EMAIL));
if (!member) {
  [member] = await database.db
    .insert(teamMembers)
    .values({
      name: 'Bench Team',
      email: BENCH_EMAIL,
      type: 'Team',
      passwordHash: await hashPassword('bench-only-password'),
    })
    .returning();
}
const staff: Staff = { id: member!.id, name: member!.name, email: member!.email, type: 'Team' };

// The real app, logging as in production (info level; buildApp adds lib/log-safety.ts's rules), to /dev/null, serving
// a built web app for the browser phases (bench/browser.ts) when given one.
const realApp = (webDist: string | undefined) =>
  buildApp({
    config,
    database,
    jwtSecret: 'bench-secret-'.padEnd(48, 'x'),
    logger: { level: 'info', file: '/dev/null' },
    ...(webDist ? { webDist } : {}),
  });
const app = await realApp(process.env.BENCH_WEB_DIST);
// BENCH_WEB_DIST_BASELINE: another build of the web app (the browser phases' A/B), served by a second app on a port
// of its own from this process: the same API code, warmed alike, on the same pool and database as the first.
const baseline = process.env.BENCH_WEB_DIST_BASELINE ? await realApp(process.env.BENCH_WEB_DIST_BASELINE) : null;
if (baseline) app.addHook('onClose', () => baseline.close());
await app.listen({ port: 0, host: '127.0.0.1' });
await baseline?.listen({ port: 0, host: '127.0.0.1' });
const token = await sessionToken(database.db, app.jwt, member!, { seconds: 24 * 3600, ip: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/bare/get-folder-count', async () => ({
  status: 1,
  message: 'Success',
  data: await currentFolderCounts(database.db, staff.id),
}));
bare.get<{ Params: { folder: string }; Querystring: { page?: string; limit?: string } }>(
  '/bare/get-orders-list/:folder',
  async (request) => {
    const limit = Number(request.query.limit ?? 10);
    const page = Number(request.query.page ?? 1);
    const result = await readQueuePage(database.db, staff, {
      folder: request.params.folder as Folder,
      offset: (page - 1) * limit,
      limit,
    });
    return {
      status: 1,
      message: 'Success',
      data: result.rows,
      totalRecords: result.totalRecords,
      totalCapped: result.totalCapped,
    };
  },
);
bare.post<{ Body: { start: number; end: number; searchVal: string; folderName: string } }>(
  '/bare/search-order',
  async (request) => {
    const { start, end, searchVal, folderName } = request.body;
    const result = await readQueuePage(database.db, staff, {
      folder: folderName as Folder,
      offset: start,
      limit: end - start,
      search: searchVal,
    });
    return {
      status: 1,
      message: 'Success',
      data: result.rows,
      totalRecords: result.totalRecords,
      totalCapped: result.totalCapped,
    };
  },
);
setUpOrderDetailBare(bare, database); // the order page's read and its bare twin (bench/order-detail.ts)
const reports = await setUpReportBench(app, bare, database); // issue 6: report routes and their bare twins
await bare.listen({ port: 0, host: '127.0.0.1' });

const baselineAddress = baseline?.server.address();
announceReady(app, { name: 'barePort', server: bare }, database, {
  token,
  staffId: staff.id,
  ...reports,
  ...(typeof baselineAddress === 'object' && baselineAddress ? { baselinePort: baselineAddress.port } : {}),
});
