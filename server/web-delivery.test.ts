/**
 * How the web app and the API reach a browser (issue 27): hashed assets precompressed and kept a year, index.html
 * asked for again every time, API JSON compressed when the client accepts it, personal answers never stored.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './test/helper';
import { compressibleType } from './app';

const ASSET = 'assets/index-AbCd12_-.js';
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
let dist = '';
let t: TestContext;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><title>__APP_NAME__</title>
<script type="module" crossorigin src="/${ASSET}"></script></head><body><div id="root"></div></body></html>`,
  );
  // What the build's precompress step writes beside each asset.
  writeFileSync(path.join(dist, ASSET), SCRIPT);
  writeFileSync(path.join(dist, `${ASSET}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dist, `${ASSET}.gz`), gzipSync(SCRIPT));
  // A landing site's logo (web/public/brand/): mails and tracking pages name it by a fixed address.
  mkdirSync(path.join(dist, 'brand'));
  writeFileSync(path.join(dist, 'brand', 'site.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({}, { webDist: dist });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('hashed assets', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('answers the %s copy, kept a year, to a browser that accepts it', async (encoding, decode) => {
    const res = await t.app.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': `${encoding}, identity` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(decode(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('answers the plain file to a client that accepts no compression', async () => {
    const res = await t.app.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("keeps an unhashed file (a landing site's logo) revalidated, not a year", async () => {
    const res = await t.app.inject({ url: '/brand/site.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('index.html', () => {
  it('is asked for again on every visit, and small enough to go uncompressed', async () => {
    const res = await t.app.inject({ url: '/track-order', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(`src="/${ASSET}"`);
    // Under the 1 KB threshold compressing costs more than it saves.
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('API answers', () => {
  it('compresses a list worth compressing, and it stays no-store', async () => {
    const { headers } = await t.loginAs('Admin');
    await t.seedRecentOrders(40);
    const url = '/api/admin/get-orders-list/orderHistory?page=1&limit=25';
    const plain = await t.app.inject({ url, headers });
    const res = await t.app.inject({ url, headers: { ...headers, 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const answer = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(answer).toEqual(plain.json());
    expect(answer.data).toHaveLength(25);
  });

  it('leaves a small answer as it is', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 0, message: 'Not found.' });
  });

  it('never holds back server-sent events or recompresses files', () => {
    expect(compressibleType('application/json; charset=utf-8')).toBe(true);
    expect(compressibleType('text/html')).toBe(true);
    expect(compressibleType('text/event-stream')).toBe(false);
    expect(compressibleType('application/pdf')).toBe(false);
    expect(compressibleType('application/octet-stream')).toBe(false);
  });
});
