/**
 * The real entry point on the embedded database: SIGTERM lets a request in
 * flight finish, the process exits 0, and the data folder opens again with
 * everything in it (never left corrupt).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isPostgres } from './helper';
import { startServerProcess } from './server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'arrival-card-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = () =>
  startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_ORDERS: '3',
    ADMIN_PASSWORD: 'shutdown-pass',
    WEB_DIST: dataDir,
  });

describe.skipIf(isPostgres())('SIGTERM on the embedded database', () => {
  it('finishes the request in flight, exits 0 and leaves a data folder that opens with its data', async () => {
    const first = start();
    const port = await first.ready;
    const login = await fetch(`http://127.0.0.1:${port}/api/admin/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@arrivalcard.example', password: 'shutdown-pass' }),
    });
    const token = ((await login.json()) as { jwtToken: string }).jwtToken;
    // Argon2 makes this request take a moment: SIGTERM arrives while it runs.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/admin/add-team-member`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: 'Late Arrival',
        email: 'late@staff.example',
        password: 'late-pass-1',
        type: 'Team',
      }),
    });
    // Signal only once the server has the request (it answers 503 to requests arriving after).
    while (!first.output().includes('"url":"/api/admin/add-team-member"')) await new Promise((r) => setTimeout(r, 5));
    const exit = first.exited;
    first.child.kill('SIGTERM');
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await exit, first.output().slice(-3000)).toBe(0);
    expect(first.output()).toContain('shutting down');

    // Same folder again: no re-seed banner, and the member added during shutdown is there.
    const second = start();
    const secondPort = await second.ready;
    const relogin = await fetch(`http://127.0.0.1:${secondPort}/api/admin/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'late@staff.example', password: 'late-pass-1' }),
    });
    expect(relogin.status).toBe(200);
    const token2 = ((await relogin.json()) as { jwtToken: string }).jwtToken;
    const counts = await fetch(`http://127.0.0.1:${secondPort}/api/admin/get-folder-count`, {
      headers: { authorization: `Bearer ${token2}` },
    });
    const { data } = (await counts.json()) as { data: { allOrdersCount: number; deletedOrdersCount: number } };
    // The three demo orders of the first start are all still there.
    expect(data.allOrdersCount + data.deletedOrdersCount).toBe(3);
    expect(second.output()).not.toContain('First start');
    const exit2 = second.exited;
    second.child.kill('SIGTERM');
    expect(await exit2).toBe(0);
  }, 120_000);
});
