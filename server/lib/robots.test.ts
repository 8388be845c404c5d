/**
 * With the web app built (an index.html in webDist), the paths that are not the app's still answer for what they
 * are: robots.txt keeps crawlers out of everything but the track form, and an unknown /api path is a JSON 404,
 * never the app's HTML (a client that mistypes a path must not get a 200 page).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config';
import { createTestDatabase, isPostgres } from '../test/helper';
import type { Database } from '../db/client';

const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>__APP_NAME__</title><div id="root"></div>');
  database = await createTestDatabase();
  app = await buildApp({
    config: loadConfig({ DEMO_ORDERS: '0', LOG_LEVEL: 'silent' }),
    database,
    jwtSecret: 'x'.repeat(40),
    webDist,
  });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe.skipIf(isPostgres())('paths beside the web app', () => {
  it('serves the app for its own pages', async () => {
    const res = await app.inject({ method: 'GET', url: '/track-order' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('answers an unknown /api path with a JSON 404, signed in or not, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-thing'],
      ['GET', '/api/admin/no-such-thing?x=1'],
      ['POST', '/api/front/nothing'],
      ['GET', '/api'],
      ['GET', '/api?page=2'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.json(), url).toEqual({ status: 0, message: 'Not found.' });
    }
  });

  it('serves a robots.txt that keeps crawlers out of the back-office, the API and the per-order pages', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const rule of [
      'Disallow: /admin',
      'Disallow: /api/',
      'Disallow: /get-new-order-details/',
      'Disallow: /track-order/',
      'Allow: /track-order$',
    ]) {
      expect(lines).toContain(rule);
    }
  });
});
