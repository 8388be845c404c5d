/**
 * `npm run seed -- --orders N`: bulk-loads N generated orders (with remarks and
 * process-log lines) into the configured database, e.g. 1,000,000 into
 * PostgreSQL for benchmarks. Migrates and seeds reference data first.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { keyRingFor } from '../lib/encryption/key-source';
import { checkStoredKeys, registerCurrentKey } from '../lib/encryption/stored-keys';
import { announceFirstStart, bootstrap } from './bootstrap';
import { loadDemoOrders } from './load-orders';
import { progressEvery } from './progress';
import { DEMO_STAFF } from './reference-data';
import { teamMembers } from '../db/schema';
import { hashPassword } from '../features/auth/auth.service';
import { randomBytes } from 'node:crypto';
import { ne } from 'drizzle-orm';

const { values } = parseArgs({ options: { orders: { type: 'string', default: '1000' }, seed: { type: 'string' } } });
const count = Number(values.orders);
if (!Number.isInteger(count) || count < 0) {
  console.error('--orders must be a whole number, e.g. npm run seed -- --orders 1000000');
  process.exit(1);
}

if (process.env.NODE_ENV === 'production') {
  console.error('The seed loads generated orders and demo staff: it never runs with NODE_ENV=production.');
  process.exit(1);
}
const config = loadConfig({ ...process.env, DEMO_ORDERS: '0' });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 4 });
// The orders are sealed as the server seals them: with its keys, checked against the data's (a wrong key stops here).
const ring = keyRingFor(config);
await checkStoredKeys(database.db, ring);
await runMigrations(database);
await registerCurrentKey(database.db, ring);
const seeded = await bootstrap(database, config);
announceFirstStart(seeded, {
  url: config.PUBLIC_BASE_URL,
  dataDir: config.DATA_DIR,
  interactive: !!process.stdout.isTTY,
  print: (text) => console.log(text),
  log: (message) => console.log(message),
});
// Orders are assigned to staff; make sure some non-Admin staff exist.
const [anyStaff] = await database.db
  .select({ id: teamMembers.id })
  .from(teamMembers)
  .where(ne(teamMembers.type, 'Admin'))
  .limit(1);
if (!anyStaff) {
  const passwordHash = await hashPassword(randomBytes(12).toString('base64url'));
  await database.db
    .insert(teamMembers)
    .values(DEMO_STAFF.map((s) => ({ ...s, passwordHash })))
    .onConflictDoNothing();
}
const started = Date.now();
console.log(`Loading ${count.toLocaleString('en-US')} orders into ${database.kind}...`);
const loaded = await loadDemoOrders(database, {
  count,
  ring,
  ...(values.seed ? { seed: Number(values.seed) } : {}),
  onProgress: progressEvery(3000, count, 'orders loaded', (line) => console.log(line)),
  onPhase: (what) => console.log(`${what}...`),
});
console.log(
  `Done: ${loaded.toLocaleString('en-US')} orders in ${((Date.now() - started) / 1000).toFixed(1)} s on ${database.kind}.`,
);
await database.close();
