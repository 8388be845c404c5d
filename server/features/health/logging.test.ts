/** Logs are JSON lines with a request id, and never carry passwords, tokens or passport numbers. */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { buildApp } from '../../app';
import { LOG_REDACT } from '../../lib/log-safety';
import { loadConfig } from '../../config';
import { createTestDatabase, TEST_PASSWORD } from '../../test/helper';
import type { Database } from '../../db/client';
import { teamMembers } from '../../db/schema';
import { hashPassword } from '../auth/auth.service';

let database: Database;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('request logs', () => {
  it('carry a request id and none of the secrets that passed through', async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const config = loadConfig({ DEMO_ORDERS: '0', LOG_LEVEL: 'info' });
    const app = await buildApp({
      config,
      database,
      jwtSecret: 'log-test-secret'.padEnd(40, 'x'),
      logger: { level: 'info', stream: sink }, // buildApp adds the redaction and serializers of lib/log-safety.ts
    });
    await database.db.insert(teamMembers).values({
      name: 'Logan',
      email: 'logan@staff.example',
      type: 'Admin',
      passwordHash: await hashPassword(TEST_PASSWORD),
    });

    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: 'logan@staff.example', password: TEST_PASSWORD },
    });
    const token = login.json().jwtToken as string;
    const bad = await app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'req-abc-123' },
      payload: { newPassword: 'secret-new-password' },
    });
    expect(bad.headers['x-request-id']).toBe('req-abc-123');
    const missing = await app.inject({ url: '/api/no-such-call', headers: { 'x-request-id': 'req-404' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('req-404');
    await app.close();

    expect(lines.length).toBeGreaterThan(2);
    const parsed = lines.map((l) => JSON.parse(l) as { reqId?: string });
    expect(parsed.some((l) => l.reqId === 'req-abc-123')).toBe(true);
    // One line per request, with what an operator looks for.
    const completed = (parsed as { msg?: string }[]).filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(3);
    expect(completed[1]).toMatchObject({
      reqId: 'req-abc-123',
      req: { method: 'POST', url: '/api/admin/change-password' },
      res: { statusCode: bad.statusCode },
      responseTime: expect.any(Number),
    });
    const all = lines.join('\n');
    for (const secret of [TEST_PASSWORD, 'secret-new-password', token, token.split('.')[2]!]) {
      expect(all).not.toContain(secret);
    }
  });

  it('redacts secrets even when code logs a whole body or header set', () => {
    const out: string[] = [];
    const logger = pino(
      { redact: { paths: LOG_REDACT, censor: '[redacted]' } },
      {
        write: (s: string) => {
          out.push(s);
        },
      },
    );
    logger.info(
      {
        req: { headers: { authorization: 'Bearer abc.def.ghi' } },
        body: { password: 'p4ss', passport_number: 'TR1234567', newPassword: 'n3w' },
      },
      'x',
    );
    const text = out.join('');
    expect(text).not.toMatch(/abc\.def\.ghi|p4ss|TR1234567|n3w/);
    expect(text).toContain('[redacted]');
  });
});
