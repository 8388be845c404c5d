/**
 * What a log line may carry (lib/log-safety.ts): a failing write is logged by its SQLSTATE code and statement, never
 * by the values it was given; a request line holds no client address and no query value about a person.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp, GENERIC_ERROR } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/helper';
import { errorForLog, urlForLog } from './log-safety';

const PASSPORT = 'ZX9081726';
const EMAIL = 'hidden.person@mail.example';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$c2VjcmV0aGFzaHZhbHVl';

let database: Database;
let app: FastifyInstance;
const lines: string[] = [];
const linesOf = (reqId: string) =>
  lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.reqId === reqId);

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: loadConfig({ DEMO_ORDERS: '0', LOG_LEVEL: 'info' }),
    database,
    jwtSecret: 'log-safety-secret'.padEnd(40, 'x'),
    logger: {
      level: 'info',
      stream: {
        write: (line: string) => {
          lines.push(line);
        },
      },
    },
  });
  // Routes that fail the way real writes fail, with personal data in their parameters (outside /api, which needs a
  // staff session: the error handler and the log rules are the whole app's).
  app.get('/test/nul-in-text', async () => {
    await database.db.execute(
      sql`insert into team_members (name, email, password_hash, type) values (${`Hidden\u0000 ${PASSPORT}`}, ${EMAIL}, ${HASH}, 'Admin')`,
    );
  });
  app.get('/test/duplicate', async () => {
    await database.db.execute(
      sql`insert into team_members (name, email, password_hash, type) values ('One', ${EMAIL}, ${HASH}, 'Admin')`,
    );
    await database.db.execute(
      sql`insert into team_members (name, email, password_hash, type) values ('Two', ${EMAIL.toUpperCase()}, ${HASH}, 'Admin')`,
    );
  });
  app.get('/test/bad-cast', async () => {
    await database.db.execute(sql`select ${PASSPORT}::int`);
  });
  app.get('/test/library-error', async () => {
    throw new Error(`550 5.1.1 <${EMAIL}>: Recipient address rejected`);
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('a database error in the log', () => {
  it('NUL in a text value: 500 for the client, and a line with the code and the statement but none of the values', async () => {
    const res = await app.inject({ url: '/test/nul-in-text', headers: { 'x-request-id': 'nul-1' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 0, message: GENERIC_ERROR });
    const [line] = linesOf('nul-1').filter((l) => l.msg === 'unhandled error');
    expect(line?.err).toMatchObject({
      type: 'DatabaseError',
      code: '22021',
      statement: expect.stringContaining('insert into team_members'),
    });
    const all = lines.join('\n');
    for (const value of [PASSPORT, EMAIL, HASH, 'Hidden', 'params']) expect(all).not.toContain(value);
  });

  it('a unique violation names its constraint, not the key PostgreSQL quotes in its detail', async () => {
    await app.inject({ url: '/test/duplicate', headers: { 'x-request-id': 'dup-1' } });
    const [line] = linesOf('dup-1').filter((l) => l.msg === 'unhandled error');
    expect(line?.err).toMatchObject({ code: '23505', constraint: 'team_members_email_key', table: 'team_members' });
    expect(JSON.stringify(linesOf('dup-1'))).not.toMatch(/hidden\.person|already exists/i);
  });

  it('a failed cast keeps the code, not the message that quotes the value', async () => {
    await app.inject({ url: '/test/bad-cast', headers: { 'x-request-id': 'cast-1' } });
    const [line] = linesOf('cast-1').filter((l) => l.msg === 'unhandled error');
    expect(line?.err).toMatchObject({ code: '22P02' });
    expect(JSON.stringify(linesOf('cast-1'))).not.toContain(PASSPORT);
  });

  it('any other error keeps its message, with e-mail addresses masked', async () => {
    await app.inject({ url: '/test/library-error', headers: { 'x-request-id': 'lib-1' } });
    const [line] = linesOf('lib-1').filter((l) => l.msg === 'unhandled error');
    expect(line?.err).toMatchObject({ type: 'Error', message: '550 5.1.1 <[email]>: Recipient address rejected' });
    expect(JSON.stringify(line)).not.toContain(EMAIL);
  });

  it('errorForLog finds the database error behind a wrapper, and leaves no parameter anywhere in the result', () => {
    const driver = Object.assign(new Error(`invalid input syntax for type integer: "${PASSPORT}"`), {
      severity: 'ERROR',
      code: '22P02',
      routine: 'pg_strtoint32_safe',
    });
    const drizzle = Object.assign(new Error(`Failed query: select $1::int\nparams: ${PASSPORT}`), {
      query: 'select $1::int',
      params: [PASSPORT],
      cause: driver,
    });
    const wrapped = new Error('could not load the order', { cause: drizzle });
    const logged = errorForLog(wrapped) as { cause: Record<string, unknown> };
    expect(logged.cause).toMatchObject({
      type: 'DatabaseError',
      code: '22P02',
      statement: 'select $1::int',
      routine: 'pg_strtoint32_safe',
    });
    expect(JSON.stringify(logged)).not.toContain(PASSPORT);
  });
});

describe('a request in the log', () => {
  it('has method, path and paging values, but no client address and no query value about a person', async () => {
    await app.inject({
      url: '/api/health?page=2&userName=Hidden%20Person&searchVal=hidden.person',
      headers: { 'x-request-id': 'req-1', 'x-forwarded-for': '203.0.113.9' },
      remoteAddress: '198.51.100.23',
    });
    const [line] = linesOf('req-1').filter((l) => l.msg === 'request completed');
    expect(line?.req).toEqual({
      method: 'GET',
      url: '/api/health?page=2&userName=[redacted]&searchVal=[redacted]',
      host: 'localhost:80',
    });
    const all = JSON.stringify(linesOf('req-1'));
    for (const value of ['198.51.100.23', '203.0.113.9', 'Hidden', 'hidden.person']) expect(all).not.toContain(value);
  });

  it('urlForLog leaves a URL without a query alone and keeps keys without values', () => {
    expect(urlForLog('/api/admin/get-orders-details/MjAwMDAy')).toBe('/api/admin/get-orders-details/MjAwMDAy');
    expect(urlForLog('/api/x?limit=10&flag&email=a%40b.example')).toBe('/api/x?limit=10&flag&email=[redacted]');
  });

  it('personal fields logged by code are redacted', () => {
    app.log.info({ order: { surname: 'HIDDENNAME', passport_number: PASSPORT, email: EMAIL } }, 'code logged a row');
    const [line] = lines
      .map((l) => JSON.parse(l) as { msg: string; order?: unknown })
      .filter((l) => l.msg === 'code logged a row');
    expect(line?.order).toEqual({ surname: '[redacted]', passport_number: '[redacted]', email: '[redacted]' });
  });
});
