/**
 * The real entry point: readiness turns 503 the moment SIGTERM arrives, while the process keeps serving for
 * READINESS_DRAIN_MS (so a load balancer takes it out of rotation), then drains and exits 0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isPostgres } from '../../test/helper';
import { startServerProcess } from '../../test/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'arrival-card-readiness-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(isPostgres())('readiness during shutdown (embedded database; the PostgreSQL suite skips it)', () => {
  it('answers 503 "Shutting down" right after SIGTERM while live and other routes still answer, then exits 0', async () => {
    const server = startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_ORDERS: '0',
      ADMIN_PASSWORD: 'readiness-pass',
      WEB_DIST: dataDir,
      READINESS_DRAIN_MS: '4000',
      RETENTION_INTERVAL: 'off',
    });
    const port = await server.ready;
    const get = async (url: string) => {
      const res = await fetch(`http://127.0.0.1:${port}${url}`);
      return { status: res.status, body: (await res.json()) as { message: string; data?: { shuttingDown: boolean } } };
    };
    expect((await get('/api/health/ready')).status).toBe(200);

    const exit = server.exited;
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    // Poll: the signal arrives asynchronously; the flag is set before anything else happens.
    let ready = await get('/api/health/ready');
    while (ready.status === 200 && Date.now() - signalledAt < 2000) ready = await get('/api/health/ready');
    expect(ready).toMatchObject({ status: 503, body: { message: 'Shutting down', data: { shuttingDown: true } } });
    expect(Date.now() - signalledAt).toBeLessThan(2000);
    // Still serving during the drain: liveness and an ordinary call.
    expect((await get('/api/health/live')).status).toBe(200);
    expect((await get('/api/health')).status).toBe(200);

    expect(await exit, server.output().slice(-3000)).toBe(0);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(4000);
  }, 90_000);
});
