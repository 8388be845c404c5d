/**
 * Deny by default, proved from the app's own route table: every route under /api that is not on the public list
 * answers 401 without a token, with a customer's order token, with the one-time token of a half-finished sign-in,
 * with a device token and with the token of an ended session. A routes file that forgets nothing still cannot
 * leave a route public: only lib/auth.ts's PUBLIC_API_ROUTES can, and the list of public routes is pinned here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { buildTestApp, type TestContext } from '../test/helper';
import { PUBLIC_API_ROUTES } from '../lib/auth';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const isPublic = (url: string) =>
  PUBLIC_API_ROUTES.some((r) => (r.url.endsWith('*') ? url.startsWith(r.url.slice(0, -1)) : url === r.url));
const apiRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith('/api/'));

describe('the route table', () => {
  it('has only the listed public routes', () => {
    const publicRoutes = [
      ...new Set(
        apiRoutes()
          .filter((r) => isPublic(r.url))
          .map((r) => `${r.method} ${r.url}`),
      ),
    ].sort();
    expect(publicRoutes.filter((r) => !r.includes('/api/docs'))).toEqual([
      'GET /api/front/branding',
      'GET /api/front/download-passport-doc-pdf',
      'GET /api/health',
      'GET /api/health/live',
      'GET /api/health/ready',
      'GET /api/intake/active-gateway',
      'GET /api/metrics',
      'HEAD /api/front/branding',
      'HEAD /api/health',
      'HEAD /api/health/live',
      'HEAD /api/health/ready',
      'HEAD /api/intake/active-gateway',
      'HEAD /api/metrics',
      'POST /api/admin/admin-login',
      'POST /api/admin/export-download',
      'POST /api/admin/verify-otp',
      'POST /api/front/download-passport-doc-pdf',
      'POST /api/front/get-download-history',
      'POST /api/front/information-request',
      'POST /api/front/information-request/answer',
      'POST /api/front/track-order',
      'POST /api/intake/orders',
      'POST /api/webhooks/paypal',
      'POST /api/webhooks/stripe',
    ]);
  });

  it('refuses every staff route without a live staff session', async () => {
    const staffRoutes = apiRoutes().filter((r) => !isPublic(r.url));
    expect(staffRoutes.length).toBeGreaterThan(50);
    const { member, headers } = await t.loginAs('Admin');
    const ended = { ...headers };
    await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: ended });
    const tokens: Record<string, string | undefined> = {
      none: undefined,
      customer: t.app.jwt.sign({ scope: 'order', orderId: 100001 }),
      otp: t.app.jwt.sign({ purpose: 'otp', mid: member.id, ver: 0 }),
      device: t.app.jwt.sign({ purpose: 'device', mid: member.id, did: 'x' }),
      'ended session': ended.authorization.slice('Bearer '.length),
      // Shaped like a staff token but signed by another secret.
      forged: t.app.jwt
        .sign({ user: { id: member.id, name: member.name, type: 'Admin' }, ver: 0, sid: 'x' })
        .replace(/\.[^.]+$/, '.AAAA'),
    };
    const holes: string[] = [];
    for (const route of staffRoutes) {
      const url = route.url.replace(/:(\w+)/g, '1');
      for (const [name, token] of Object.entries(tokens)) {
        const request: InjectOptions = {
          method: route.method as InjectOptions['method'],
          url,
          ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
        };
        if (!['GET', 'HEAD'].includes(route.method)) request.payload = {};
        const res = await t.app.inject(request);
        if (res.statusCode !== 401) holes.push(`${route.method} ${route.url} with ${name}: ${res.statusCode}`);
      }
    }
    expect(holes).toEqual([]);
  });
});
