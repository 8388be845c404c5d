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
import type { Role } from '../../shared/roles';
import { loadDemoOrders, RECENT_SPAN_DAYS } from '../seed/load-orders';

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
  loginAs(role: Role, overrides?: { name?: string; email?: string }): Promise<{ member: { id: number; name: string; email: string; type: Role }; headers: { authorization: string } }>;
  /** Demo orders over the last 120 days: as on a live service, mostly closed, a couple of days' intake New. */
  seedOrders(count: number): Promise<void>;
  /** Demo orders of the last four days: queues full of work (about half New, a sixth in progress). */
  seedRecentOrders(count: number): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;

export async function buildTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const config = loadConfig({ DEMO_ORDERS: '0', LOG_LEVEL: 'silent', ...env });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, jwtSecret: 'test-secret-'.padEnd(40, 'x') });
  await app.ready();
  return {
    app, database, config,
    async loginAs(role, overrides = {}) {
      passwordHash ??= hashPassword(TEST_PASSWORD);
      counter += 1;
      const name = overrides.name ?? `${role} Member ${counter}`;
      const email = overrides.email ?? `${role.replace(/\s/g, '').toLowerCase()}${counter}.${randomBytes(3).toString('hex')}@staff.example`;
      const [member] = await database.db.insert(teamMembers)
        .values({ name, email, type: role, passwordHash: await passwordHash })
        .returning({ id: teamMembers.id, name: teamMembers.name, email: teamMembers.email });
      const token = app.jwt.sign({ user: { id: member!.id, name, type: role }, ver: 0 });
      return { member: { ...member!, type: role }, headers: { authorization: `Bearer ${token}` } };
    },
    async seedOrders(count) {
      await loadDemoOrders(database, { count, seed: 42 });
    },
    async seedRecentOrders(count) {
      await loadDemoOrders(database, { count, seed: 42, spanDays: RECENT_SPAN_DAYS });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
