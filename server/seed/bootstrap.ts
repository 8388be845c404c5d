/**
 * First-start seeding: reference data (landing sites, gateways) on an empty
 * database, the first Admin, and on a fresh demo database the demo staff and
 * DEMO_ORDERS orders. Runs under an advisory lock so parallel starts seed once.
 */
import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { landingSites, paymentGateways, teamMembers } from '../db/schema';
import { hashPassword } from '../features/auth/auth.service';
import { ACTIVE_GATEWAY, DEMO_STAFF, LANDING_SITES, PAYMENT_GATEWAYS } from './reference-data';
import { loadDemoOrders } from './load-orders';

const BOOTSTRAP_LOCK = 727_002;

export interface BootstrapResult {
  admin?: { email: string; password?: string };
  demoStaff?: { emails: string[]; password: string };
  demoOrders: number;
}

const generatedPassword = () => randomBytes(12).toString('base64url');

async function isEmpty(db: Db, table: typeof teamMembers | typeof landingSites | typeof paymentGateways) {
  const [row] = await db.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
}

export async function seedReferenceData(db: Db): Promise<void> {
  if (await isEmpty(db, landingSites)) await db.insert(landingSites).values(LANDING_SITES);
  if (await isEmpty(db, paymentGateways)) {
    await db.insert(paymentGateways).values(PAYMENT_GATEWAYS.map((gatewayName) => ({ gatewayName, isActive: gatewayName === ACTIVE_GATEWAY })));
  }
}

async function withLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (!database.raw.pool) return work();
  const client = await database.raw.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [BOOTSTRAP_LOCK]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [BOOTSTRAP_LOCK]).catch(() => undefined);
    client.release();
  }
}

export function bootstrap(database: Database, config: Config): Promise<BootstrapResult> {
  return withLock(database, async () => {
    const { db } = database;
    await seedReferenceData(db);
    const result: BootstrapResult = { demoOrders: 0 };
    if (!(await isEmpty(db, teamMembers))) return result;

    const email = config.ADMIN_EMAIL ?? 'admin@arrivalcard.example';
    const password = config.ADMIN_PASSWORD ?? generatedPassword();
    await db.insert(teamMembers).values({ name: 'Admin', email, passwordHash: await hashPassword(password), type: 'Admin' });
    result.admin = { email, ...(config.ADMIN_PASSWORD ? {} : { password }) };

    if (config.DEMO_ORDERS > 0) {
      const staffPassword = generatedPassword();
      const passwordHash = await hashPassword(staffPassword);
      await db.insert(teamMembers).values(DEMO_STAFF.map((s) => ({ ...s, passwordHash })));
      result.demoStaff = { emails: DEMO_STAFF.map((s) => `${s.email} (${s.type})`), password: staffPassword };
      result.demoOrders = await loadDemoOrders(database, { count: config.DEMO_ORDERS });
    }
    return result;
  });
}

/** The once-only sign-in banner (plain stdout, not the JSON log, so it is never shipped to a log store). */
export function formatBootstrapBanner(result: BootstrapResult, url: string): string | null {
  if (!result.admin) return null;
  const lines = [
    '',
    '================================================================',
    ` First start: sign in at ${url}`,
    ` Admin: ${result.admin.email}`,
    result.admin.password ? ` Password: ${result.admin.password}   (shown only this once)` : ' Password: the ADMIN_PASSWORD you set',
  ];
  if (result.demoStaff) {
    lines.push(` Demo staff, password ${result.demoStaff.password}:`, ...result.demoStaff.emails.map((e) => `   ${e}`));
    lines.push(` Demo orders loaded: ${result.demoOrders}`);
  }
  lines.push('================================================================', '');
  return lines.join('\n');
}
