/**
 * API test helpers: a fresh database per test file (a copy of the migrated
 * template), the real app, and staff members signed in by role.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { teamMembers } from '../db/schema';
import { hashPassword } from '../features/auth/auth.service';
import { sessionToken } from '../features/auth/sessions.service';
import type { Role } from '../../shared/roles';
import { loadDemoOrders, RECENT_SPAN_DAYS } from '../seed/load-orders';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';
import { keyRingFor } from '../lib/encryption/key-source';
import { registerCurrentKey } from '../lib/encryption/stored-keys';
import { TEST_ENCRYPTION_KEYS, TEST_KEY_RING } from './test-keys';

export const TEST_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;

export const isPostgres = () => process.env.TEST_DB === 'postgres';

/** A fresh, migrated database with the reference data (landing sites, gateways). */
export async function createTestDatabase(): Promise<Database> {
  if (!isPostgres()) {
    const template = inject('pgliteTemplate');
    return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(template)]) });
  }
  return createPostgresDatabase(inject('postgresTemplate'));
}

/**
 * A new database on the TEST_DATABASE_URL server, a copy of `template` or else empty (no migrations),
 * dropped when closed.
 */
export async function createPostgresDatabase(template?: string): Promise<Database> {
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const name = `arrival_card_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 8 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Creates a member (password TEST_PASSWORD) and returns it with a bearer header. */
  loginAs(
    role: Role,
    overrides?: { name?: string; email?: string },
  ): Promise<{ member: { id: number; name: string; email: string; type: Role }; headers: { authorization: string } }>;
  /** Demo orders over the last 120 days: as on a live service, mostly closed, a couple of days' intake New. */
  seedOrders(count: number): Promise<void>;
  /** Demo orders of the last four days: queues full of work (about half New, a sixth in progress). */
  seedRecentOrders(count: number): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;

export interface TestAppOptions {
  /** Where the app's log lines go (every level); without it the app logs nothing. */
  logStream?: { write(line: string): void };
  /** A built web app to serve (the delivery test's folder). */
  webDist?: string;
}

export async function buildTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestContext> {
  const config = loadConfig({ DEMO_ORDERS: '0', LOG_LEVEL: 'silent', ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS, ...env });
  const database = await createTestDatabase();
  const keyRing = keyRingFor(config);
  await registerCurrentKey(database.db, keyRing); // as a start does
  const app = await buildApp({
    config,
    database,
    jwtSecret: 'test-secret-'.padEnd(40, 'x'),
    keyRing,
    ...(options.logStream ? { logger: { level: 'trace', stream: options.logStream } } : {}),
    ...(options.webDist ? { webDist: options.webDist } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async loginAs(role, overrides = {}) {
      passwordHash ??= hashPassword(TEST_PASSWORD);
      counter += 1;
      const name = overrides.name ?? `${role} Member ${counter}`;
      const email =
        overrides.email ??
        `${role.replace(/\s/g, '').toLowerCase()}${counter}.${randomBytes(3).toString('hex')}@staff.example`;
      const [member] = await database.db
        .insert(teamMembers)
        .values({ name, email, type: role, passwordHash: await passwordHash })
        .returning({ id: teamMembers.id, name: teamMembers.name, email: teamMembers.email });
      const token = await sessionToken(
        database.db,
        app.jwt,
        { ...member!, type: role, tokenVersion: 0 },
        { seconds: 8 * 3600, ip: '127.0.0.1' },
      );
      return { member: { ...member!, type: role }, headers: { authorization: `Bearer ${token}` } };
    },
    async seedOrders(count) {
      await loadDemoOrders(database, { count, seed: 42, ring: keyRing });
    },
    async seedRecentOrders(count) {
      await loadDemoOrders(database, { count, seed: 42, spanDays: RECENT_SPAN_DAYS, ring: keyRing });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * PostgreSQL only: a fresh test database (`direct`, reached as usual) and an app whose own pool reaches it through a
 * TCP relay (`proxy`: stop, start, freeze), to play the database server going away. `close()` ends all of them.
 */
export async function appBehindProxy(jwtSecret: string): Promise<{
  direct: Database;
  proxy: TcpProxy;
  database: Database;
  app: FastifyInstance;
  close(): Promise<void>;
}> {
  const direct = await createTestDatabase();
  const url = new URL(
    (direct.raw.pool as unknown as { options: { connectionString: string } }).options.connectionString,
  );
  const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${proxy.port}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  const app = await buildApp({
    config: loadConfig({ DEMO_ORDERS: '0', LOG_LEVEL: 'silent', ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS }),
    database,
    jwtSecret: jwtSecret.padEnd(40, 'x'),
    keyRing: TEST_KEY_RING,
  });
  const close = async () => {
    await app.close();
    await database.close();
    await proxy.stop();
    await direct.close();
  };
  return { direct, proxy, database, app, close };
}
