/**
 * GET /api/metrics: who may read it, and that the named series are there and move with what happens (a request,
 * a refused sign-in and a lockout, a mail queued, failed and sent, a retention run, an event stream).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, isPostgres, TEST_PASSWORD, type TestContext } from '../../test/helper';
import { insertOrder } from '../../test/order-factory';
import { multipart, pdfBytes } from '../../test/multipart';
import { storageFor } from '../../lib/storage';
import { MailWorker } from '../mail/mail.worker';
import type { Transport } from '../mail/transports';
import { RetentionJob } from '../erasure/retention.job';
import { METRICS_ADDRESS_REFUSED, METRICS_DISABLED, METRICS_TOKEN_NEEDED } from './metrics-access';
import { trackEventStream } from './metrics';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** The Prometheus text format, read into `name{labels}` -> value (HELP/TYPE lines checked separately). */
function parse(text: string): Map<string, number> {
  const series = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{.*\})? (\S+)$/.exec(line);
    expect(match, `not a sample line: ${line}`).not.toBeNull();
    series.set(`${match![1]}${match![2] ?? ''}`, Number(match![3]));
  }
  return series;
}

describe('who may read /api/metrics', () => {
  it('refuses everyone when neither a token nor an allow-list is configured', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 0, message: METRICS_DISABLED });
    } finally {
      await t.close();
    }
  });

  it('with METRICS_TOKEN: 401 without it or with another, 200 with it; no staff session needed', async () => {
    const t = await buildTestApp({ METRICS_TOKEN: TOKEN });
    try {
      const none = await t.app.inject({ url: '/api/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(none.json()).toEqual({ status: 401, message: METRICS_TOKEN_NEEDED });
      expect(
        (await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode,
      ).toBe(401);
      // A staff session is no metrics token.
      const admin = await t.loginAs('Admin');
      expect((await t.app.inject({ url: '/api/metrics', headers: admin.headers })).statusCode).toBe(401);
      const ok = await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toContain('text/plain');
      expect(ok.body).toContain('# TYPE arrival_http_request_duration_seconds histogram');
    } finally {
      await t.close();
    }
  });

  it('with METRICS_ALLOW: addresses and ranges in the list read it without a token, others get 403', async () => {
    const t = await buildTestApp({ METRICS_ALLOW: '10.0.0.0/8, 192.0.2.7, ::1' });
    try {
      for (const remoteAddress of ['10.20.30.40', '192.0.2.7', '::1']) {
        expect((await t.app.inject({ url: '/api/metrics', remoteAddress })).statusCode, remoteAddress).toBe(200);
      }
      const outside = await t.app.inject({ url: '/api/metrics', remoteAddress: '192.0.2.8' });
      expect(outside.statusCode).toBe(403);
      expect(outside.json()).toEqual({ status: 0, message: METRICS_ADDRESS_REFUSED });
    } finally {
      await t.close();
    }
  });

  it('refuses a METRICS_ALLOW entry that is not an address or range, naming it', async () => {
    await expect(buildTestApp({ METRICS_ALLOW: '10.0.0.0/33' })).rejects.toThrow(/METRICS_ALLOW: .*"10\.0\.0\.0\/33"/);
  });
});

describe('the series', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'metrics-test-'));
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN, DATA_DIR: dataDir, MAIL_RETRY_BASE_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const scrape = async () => {
    const res = await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return { text: res.body, series: parse(res.body) };
  };

  it('names every series with HELP and TYPE, and starts the counters at zero', async () => {
    const { text, series } = await scrape();
    for (const name of [
      'arrival_http_request_duration_seconds',
      'arrival_mail_queue_depth',
      'arrival_mail_oldest_age_seconds',
      'arrival_mail_attempts_total',
      'arrival_mail_failures_total',
      'arrival_signin_failures_total',
      'arrival_signin_lockouts_total',
      'arrival_db_pool_size',
      'arrival_db_pool_in_use',
      'arrival_db_pool_waiting',
      'arrival_database_up',
      'arrival_event_streams',
      'arrival_retention_runs_total',
      'arrival_retention_orders_erased_total',
      'arrival_retention_last_success_timestamp_seconds',
    ]) {
      expect(text, name).toMatch(new RegExp(`^# HELP ${name} `, 'm'));
      expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    }
    expect(series.get('arrival_signin_failures_total{step="password"}')).toBe(0);
    expect(series.get('arrival_mail_queue_depth{status="queued"}')).toBe(0);
    expect(series.get('arrival_database_up')).toBe(1);
    expect(series.get('arrival_db_pool_size')).toBe(t.database.kind === 'pglite' ? 1 : 8);
  });

  it('the dashboard (docs/grafana-dashboard.json) and the alerts (docs/operations.md) query only series that exist', async () => {
    const { text } = await scrape();
    const named = new Set([...text.matchAll(/^# TYPE (\w+) /gm)].map((m) => m[1]!));
    const dashboard = readFileSync(path.join(import.meta.dirname, '../../../docs/grafana-dashboard.json'), 'utf8');
    const operations = readFileSync(path.join(import.meta.dirname, '../../../docs/operations.md'), 'utf8');
    const alerts = operations.slice(
      operations.indexOf('### What to alert on'),
      operations.indexOf('## Backup and restore'),
    );
    const queried = [...`${dashboard}\n${alerts}`.matchAll(/\barrival_\w+/g)].map((m) =>
      m[0].replace(/_(bucket|count|sum)$/, ''),
    );
    expect(queried.length).toBeGreaterThan(15);
    expect(queried.filter((name) => !named.has(name))).toEqual([]);
  });

  it('counts a request under its route pattern and status, never its URL', async () => {
    const before = (await scrape()).series;
    const admin = await t.loginAs('Admin');
    const orderId = await insertOrder(t.database.db);
    expect(
      (await t.app.inject({ url: `/api/admin/get-orders-details/${orderId}`, headers: admin.headers })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/admin/get-orders-details/999999', headers: admin.headers })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/api/no-such-route/${orderId}` })).statusCode).toBe(404);
    const { series } = await scrape();
    const count = (labels: string) => series.get(`arrival_http_request_duration_seconds_count{${labels}}`) ?? 0;
    const route = 'method="GET",route="/api/admin/get-orders-details/:orderId"';
    expect(
      count(`${route},status_code="200"`) -
        (before.get(`arrival_http_request_duration_seconds_count{${route},status_code="200"}`) ?? 0),
    ).toBe(1);
    expect(count(`${route},status_code="404"`)).toBeGreaterThanOrEqual(1);
    expect(count('method="GET",route="unmatched",status_code="404"')).toBeGreaterThanOrEqual(1);
    const labels = [...series.keys()].join('\n');
    expect(labels).not.toContain(String(orderId));
    expect(labels).not.toContain('999999');
  });

  it('counts refused sign-ins and lockouts', async () => {
    const member = await t.loginAs('Team');
    const before = (await scrape()).series;
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/admin-login',
        payload: { email: member.member.email, password },
        remoteAddress: '198.51.100.9',
      });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong-password')).statusCode).toBe(401);
    expect((await attempt('wrong-password')).statusCode).toBe(429); // the sixth from one address: locked out
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(429); // even with the right password
    const after = (await scrape()).series;
    const moved = (name: string) => after.get(name)! - before.get(name)!;
    expect(moved('arrival_signin_failures_total{step="password"}')).toBe(5);
    expect(moved('arrival_signin_lockouts_total{step="password"}')).toBe(2);
    // A good sign-in from elsewhere counts nothing.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: member.member.email, password: TEST_PASSWORD },
      remoteAddress: '198.51.100.10',
    });
    expect(ok.statusCode).toBe(200);
    expect((await scrape()).series.get('arrival_signin_failures_total{step="password"}')).toBe(
      after.get('arrival_signin_failures_total{step="password"}'),
    );
  });

  it('shows a mail waiting, its failed attempt by provider, then its sending', async () => {
    const team = await t.loginAs('Team');
    const orderId = await insertOrder(t.database.db);
    const body = multipart({ orderId, email: 'mia@mail.example', mailServiceProvider: 'smtp' }, [
      { field: 'uploadVisaDoc', filename: 'c.pdf', contentType: 'application/pdf', data: pdfBytes() },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload-visa-document',
      payload: body.payload,
      headers: { ...team.headers, ...body.headers },
    });
    expect(upload.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // so the oldest mail has an age
    const queued = (await scrape()).series;
    expect(queued.get('arrival_mail_queue_depth{status="queued"}')).toBe(1);
    expect(queued.get('arrival_mail_oldest_age_seconds{status="queued"}')).toBeGreaterThanOrEqual(1);

    let fail = true;
    const smtp: Transport = {
      via: 'smtp',
      close() {},
      async send() {
        if (fail) throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
        return { messageId: 'ok-1' };
      },
    };
    const worker = new MailWorker({
      db: t.database.db,
      config: t.config,
      storage: storageFor(t.config),
      transports: { smtp, outbox: smtp },
    });
    expect(await worker.runOnce()).toMatchObject({ retried: 1 });
    const failed = (await scrape()).series;
    expect(failed.get('arrival_mail_attempts_total{provider="smtp"}')).toBe(1);
    expect(failed.get('arrival_mail_failures_total{provider="smtp",outcome="retry"}')).toBe(1);
    expect(failed.get('arrival_mail_queue_depth{status="queued"}')).toBe(1);

    fail = false;
    expect(await worker.drain()).toMatchObject({ sent: 1 });
    await worker.stop();
    const sent = (await scrape()).series;
    expect(sent.get('arrival_mail_attempts_total{provider="smtp"}')).toBe(2);
    expect(sent.get('arrival_mail_queue_depth{status="queued"}')).toBe(0);
    expect(sent.get('arrival_mail_oldest_age_seconds{status="queued"}')).toBe(0);
  });

  it('counts retention runs and event streams', async () => {
    const job = new RetentionJob(
      { db: t.database.db, storage: storageFor(t.config), log: { info() {}, warn() {}, error() {} } },
      t.config,
    );
    await job.runNow();
    trackEventStream(t.app.db, 1);
    trackEventStream(t.app.db, 1);
    trackEventStream(t.app.db, -1);
    const { series } = await scrape();
    expect(series.get('arrival_retention_runs_total{outcome="done"}')).toBe(1);
    expect(series.get('arrival_retention_last_success_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(series.get('arrival_event_streams')).toBe(1);
  });

  it.skipIf(!isPostgres())(
    "shows the pool's connections in use and requests waiting for one (PostgreSQL)",
    async () => {
      const pool = t.database.raw.pool!;
      const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
      const waiting = pool.connect(); // the pool is full: this one waits
      try {
        const { series } = await scrape();
        expect(series.get('arrival_db_pool_in_use')).toBe(pool.options.max);
        expect(series.get('arrival_db_pool_waiting')).toBe(1);
        expect(series.get('arrival_database_up')).toBe(0); // the scrape's own read found no connection in time
      } finally {
        for (const client of held) client.release();
        (await waiting).release();
      }
      const after = (await scrape()).series;
      expect(after.get('arrival_db_pool_waiting')).toBe(0);
      expect(after.get('arrival_database_up')).toBe(1);
    },
    20_000,
  );

  it('still answers while the database is away, saying so', async () => {
    const t2 = await buildTestApp({ METRICS_TOKEN: TOKEN });
    try {
      await t2.database.close();
      const res = await t2.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(parse(res.body).get('arrival_database_up')).toBe(0);
    } finally {
      await t2.app.close();
    }
  });
});
