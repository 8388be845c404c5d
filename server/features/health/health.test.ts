import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';

describe('GET /api/health', () => {
  it('reports the database as up, and as down with 503 once it is unreachable', async () => {
    const t = await buildTestApp();
    try {
      const up = await t.app.inject({ url: '/api/health' });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toMatchObject({ status: 1, data: { database: 'up', kind: t.database.kind } });

      await t.database.close();
      const down = await t.app.inject({ url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 0, message: 'Database unreachable', data: { database: 'down', kind: t.database.kind } });
    } finally {
      await t.app.close();
    }
  });
});

describe('security headers', () => {
  it('are on API answers, on 404s and on the not-found fallback', async () => {
    const t = await buildTestApp();
    try {
      for (const url of ['/api/health', '/api/no-such-route', '/some/page']) {
        const res = await t.app.inject({ url });
        expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['strict-transport-security'], url).toContain('max-age=');
        expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      }
    } finally {
      await t.app.close();
      await t.database.close();
    }
  });
});
