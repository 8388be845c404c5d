/**
 * First-start seeding: reference data (landing sites, gateways) on an empty
 * database, the first Admin, and on a fresh demo database the demo staff and
 * DEMO_ORDERS orders. Runs under an advisory lock so parallel starts seed once.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { landingSites, paymentGateways, teamMembers } from '../db/schema';
import { hashPassword } from '../features/auth/auth.service';
import { ACTIVE_GATEWAY, DEMO_STAFF, LANDING_SITES, PAYMENT_GATEWAYS } from './reference-data';
import { keyRingFor } from '../lib/encryption/key-source';
import { loadDemoOrders } from './load-orders';
import { progressEvery } from './progress';

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
    await db
      .insert(paymentGateways)
      .values(PAYMENT_GATEWAYS.map((gatewayName) => ({ gatewayName, isActive: gatewayName === ACTIVE_GATEWAY })));
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

/** `say`: where progress of the demo orders goes (main.ts: the log), at most every few seconds. */
export function bootstrap(database: Database, config: Config, say?: (line: string) => void): Promise<BootstrapResult> {
  return withLock(database, async () => {
    const { db } = database;
    await seedReferenceData(db);
    const result: BootstrapResult = { demoOrders: 0 };
    if (!(await isEmpty(db, teamMembers))) return result;

    const email = config.ADMIN_EMAIL ?? 'admin@arrivalcard.example';
    const password = config.ADMIN_PASSWORD ?? generatedPassword();
    await db
      .insert(teamMembers)
      .values({ name: 'Admin', email, passwordHash: await hashPassword(password), type: 'Admin' });
    result.admin = { email, ...(config.ADMIN_PASSWORD ? {} : { password }) };

    if (config.DEMO_ORDERS > 0) {
      const staffPassword = generatedPassword();
      const passwordHash = await hashPassword(staffPassword);
      await db.insert(teamMembers).values(DEMO_STAFF.map((s) => ({ ...s, passwordHash })));
      result.demoStaff = { emails: DEMO_STAFF.map((s) => `${s.email} (${s.type})`), password: staffPassword };
      say?.(`First start: loading ${config.DEMO_ORDERS.toLocaleString('en-US')} demo orders`);
      result.demoOrders = await loadDemoOrders(database, {
        count: config.DEMO_ORDERS,
        ring: keyRingFor(config),
        ...(say ? { onProgress: progressEvery(3000, config.DEMO_ORDERS, 'demo orders loaded', say) } : {}),
      });
    }
    return result;
  });
}

/**
 * Tells the person starting the server how to sign in the first time. A generated password is shown only on an
 * interactive terminal; otherwise (a service manager, a container: stdout is the JSON log stream) the details go
 * to a file only the server's user can read, and the log says where, never what.
 */
export function announceFirstStart(
  result: BootstrapResult,
  options: {
    url: string;
    dataDir: string;
    interactive: boolean;
    print: (text: string) => void;
    log: (message: string) => void;
  },
): void {
  const banner = formatBootstrapBanner(result, options.url);
  if (!banner) return;
  const secret = !!result.admin?.password || !!result.demoStaff;
  if (options.interactive || !secret) {
    if (options.interactive) options.print(banner);
    else
      options.log(`First start: sign in at ${options.url} as ${result.admin!.email} with the ADMIN_PASSWORD you set.`);
    return;
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.resolve(options.dataDir, 'first-start-credentials.txt');
  writeFileSync(file, banner.trim() + '\n', { mode: 0o600 });
  options.log(
    `First start: the generated sign-in details are in ${file} (readable by this user only); delete it once read.`,
  );
}

/** The once-only sign-in banner, for an interactive terminal (announceFirstStart). */
export function formatBootstrapBanner(result: BootstrapResult, url: string): string | null {
  if (!result.admin) return null;
  const lines = [
    '',
    '================================================================',
    ` First start: sign in at ${url}`,
    ` Admin: ${result.admin.email}`,
    result.admin.password
      ? ` Password: ${result.admin.password}   (shown only this once)`
      : ' Password: the ADMIN_PASSWORD you set',
  ];
  if (result.demoStaff) {
    lines.push(` Demo staff, password ${result.demoStaff.password}:`, ...result.demoStaff.emails.map((e) => `   ${e}`));
    lines.push(` Demo orders loaded: ${result.demoOrders}`);
  }
  lines.push('================================================================', '');
  return lines.join('\n');
}
