/**
 * The API document that client generators read (GET /api/docs/json): an operationId on every operation, derived
 * from its route, unique and camelCase; security said on every operation; and Redocly's recommended lint clean
 * (redocly.yaml, .redocly.lint-ignore.yaml). The document does not depend on the database: PGlite only.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, isPostgres, type TestContext } from '../test/helper';
import { operationIdFor } from './openapi';

const run = promisify(execFile);
type Operation = { operationId?: string; security?: unknown[] };
let t: TestContext;
let document: { servers?: unknown[]; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
});
afterAll(() => t?.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

describe.skipIf(isPostgres())('the OpenAPI document', () => {
  it('names every operation with a unique camelCase operationId derived from its route', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.length).toBeGreaterThan(40);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/admin/get-orders-list/{orderName}']!.get!.operationId).toBe('getOrdersList');
    expect(document.paths['/api/front/track-order']!.post!.operationId).toBe('frontTrackOrder');
    expect(document.paths['/api/admin/security-settings']!.get!.operationId).toBe('securitySettings');
    expect(document.paths['/api/admin/security-settings']!.post!.operationId).toBe('postSecuritySettings');
  });

  it('derives the same id from the same route, whatever else is registered', () => {
    expect(operationIdFor('get', '/api/admin/download-mail-attachment/{mailId}/{index}', 1)).toBe(
      'downloadMailAttachment',
    );
    expect(operationIdFor('put', '/api/admin/delete-team-member', 1)).toBe('deleteTeamMember');
    expect(operationIdFor('get', '/api/health/ready', 1)).toBe('healthReady');
    expect(operationIdFor('get', '/api/user_info', 1)).toBe('userInfo');
  });

  it('says who may call each operation: the public ones need nothing, the others the bearer token', () => {
    expect(document.paths['/api/admin/admin-login']!.post!.security).toEqual([]);
    expect(document.paths['/api/front/branding']!.get!.security).toEqual([]);
    expect(document.paths['/api/admin/team-member-info/{id}']!.get!.security).toEqual([{ bearer: [] }]);
    for (const { operation } of operations()) expect(operation.security).toBeDefined();
  });

  it("passes Redocly's recommended lint with no error and no warning", async () => {
    // The ignore file names problems by this path (relative to redocly.yaml at the repository root).
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/openapi.json', JSON.stringify(document));
    const lint = await run(
      process.execPath,
      [
        'node_modules/@redocly/cli/bin/cli.js',
        'lint',
        '--config',
        'redocly.yaml',
        '--format',
        'json',
        'test-results/openapi.json',
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout: string; stderr: string }) => error);
    const report = JSON.parse(lint.stdout.slice(lint.stdout.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});
