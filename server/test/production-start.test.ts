/**
 * A production start on a fresh data folder: no demo staff and no demo orders, and the generated Admin password
 * never reaches stdout (the JSON log stream): it is in a file only the server's user can read.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { orders, teamMembers } from '../db/schema';
import { isPostgres } from './helper';
import { startServerProcess } from './server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'arrival-card-production-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = (env: Record<string, string>) =>
  startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_ORDERS: '',
    ADMIN_PASSWORD: '',
    ADMIN_EMAIL: '',
    WEB_DIST: dataDir,
    ...env,
  });

describe.skipIf(isPostgres())('a production start', () => {
  it('refuses to be asked for demo data', async () => {
    const server = run({ NODE_ENV: 'production', DEMO_ORDERS: '20' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      'DEMO_ORDERS: demo orders and demo staff are never loaded with NODE_ENV=production',
    );
  });

  it('creates the Admin only, and keeps the generated password out of the log', async () => {
    const server = run({ NODE_ENV: 'production' });
    const port = await server.ready;
    const file = path.join(dataDir, 'first-start-credentials.txt');
    await expect.poll(() => server.output()).toContain(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = /Password: (\S+)/.exec(readFileSync(file, 'utf8'))![1]!;
    expect(server.output()).not.toContain(password);
    expect(readFileSync(file, 'utf8')).not.toContain('Demo staff');
    const login = await fetch(`http://127.0.0.1:${port}/api/admin/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@arrivalcard.example', password }),
    });
    expect((await login.json()).status).toBe(1);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const database = await openDatabase({ dataDir });
    try {
      expect(await database.db.select({ n: count() }).from(teamMembers)).toEqual([{ n: 1 }]);
      expect(await database.db.select({ n: count() }).from(orders)).toEqual([{ n: 0 }]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
