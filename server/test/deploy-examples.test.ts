/**
 * The deployment examples in deploy/ (README "Production install"), exercised as far as this machine allows:
 * systemd checks the unit (systemd-analyze verify: unknown keys, bad values, missing programs), and nginx runs
 * deploy/nginx.conf (its plain-HTTP form, the TLS lines taken out as its comment says) in front of the real app,
 * which must then answer through it and record the client's address as nginx saw it, never the address a client
 * claims in its own X-Forwarded-For. Each part is skipped, saying so, where its tool is not installed (CI installs
 * nginx: .ci/run). The examples do not depend on the database: PGlite only.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, isPostgres, TEST_PASSWORD } from './helper';

const run = promisify(execFile);
const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const hasSystemd = has('systemd-analyze');
const hasNginx = has('nginx');
if (!isPostgres()) {
  if (!hasSystemd) console.warn('[deploy examples] systemd-analyze not installed: the systemd unit is not verified.');
  if (!hasNginx)
    console.warn(
      '[deploy examples] nginx not installed (apt-get install nginx-light): the reverse-proxy example is not run.',
    );
}

const work = mkdtempSync(path.join(tmpdir(), 'deploy-examples-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.skipIf(isPostgres() || !hasSystemd)('deploy/arrival-card.service', () => {
  it('passes systemd-analyze verify without a single complaint', async () => {
    // Verify reports unknown keys and bad values on stderr but exits 0 for them: any output is a failure.
    const result = await run('systemd-analyze', ['verify', path.resolve('deploy/arrival-card.service')]).catch(
      (error: { stdout: string; stderr: string; code: number }) => error,
    );
    expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
  });

  it('starts the server the way npm start does: .env read when present, the web build checked, never rebuilt', () => {
    const unit = readFileSync('deploy/arrival-card.service', 'utf8');
    const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    const execStart = /^ExecStart=\/usr\/bin\/(.+)$/m.exec(unit)![1];
    expect(packageJson.scripts.start).toBe(`exec ${execStart}`);
    expect(unit).toMatch(/^ExecStartPre=\/usr\/bin\/node scripts\/build\.mjs --check$/m);
    expect(unit).toMatch(/^Environment=NODE_ENV=production$/m);
  });
});

/** deploy/nginx.conf over plain HTTP on `listen`, proxying to `upstream`: the TLS block removed, as its comment says. */
function plainHttpSite(listen: number, upstream: number): string {
  const site = readFileSync('deploy/nginx.conf', 'utf8');
  const withoutTls = site.replace(/^\s*# --- TLS[\s\S]*?# --- end TLS ---\n/m, '\n');
  expect(withoutTls).not.toContain('ssl');
  return withoutTls
    .replace(/^\s*listen \[::\]:80;\n/m, '')
    .replace(/listen 80;/, `listen 127.0.0.1:${listen};`)
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${upstream};`);
}

describe.skipIf(isPostgres() || !hasNginx)('deploy/nginx.conf', () => {
  let nginx: ChildProcess | undefined;
  afterAll(() => {
    nginx?.kill('SIGQUIT');
  });

  it('proxies to the app, which records the address nginx saw and not one the client claims', async () => {
    const t = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const appPort = (t.app.server.address() as AddressInfo).port;
      // nginx needs its port named in advance: one below Linux's ephemeral range (32768 up), which the suite's client
      // sockets and port-0 servers draw from, so only another fixed-port listener could hold it.
      const proxyPort = 20000 + Math.floor(Math.random() * 10000);
      writeFileSync(path.join(work, 'site.conf'), plainHttpSite(proxyPort, appPort));
      writeFileSync(
        path.join(work, 'nginx.conf'),
        [
          'daemon off;',
          'worker_processes 1;',
          `pid ${work}/nginx.pid;`,
          `error_log ${work}/error.log warn;`,
          'events { worker_connections 64; }',
          'http {',
          '  access_log off;',
          ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `  ${k}_temp_path ${work}/${k};`),
          `  include ${work}/site.conf;`,
          '}',
          '',
        ].join('\n'),
      );
      const args = ['-p', work, '-c', path.join(work, 'nginx.conf'), '-e', path.join(work, 'error.log')];
      const check = spawnSync('nginx', ['-t', ...args], { encoding: 'utf8' });
      expect(check.status, check.stderr).toBe(0);
      nginx = spawn('nginx', args, { stdio: 'ignore' });
      const base = `http://127.0.0.1:${proxyPort}`;
      await expect
        .poll(
          () =>
            fetch(`${base}/api/health`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 10_000 },
        )
        .toBe(200);

      const { member } = await t.loginAs('Team');
      const login = await fetch(`${base}/api/admin/admin-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify({ email: member.email, password: TEST_PASSWORD }),
      });
      const body = (await login.json()) as { status: number; jwtToken: string };
      expect(body.status).toBe(1);
      const sessions = await fetch(`${base}/api/admin/sessions`, {
        headers: { authorization: `Bearer ${body.jwtToken}` },
      });
      const current = ((await sessions.json()) as { data: { current: boolean; ip: string }[] }).data.find(
        (s) => s.current,
      )!;
      expect(current.ip).toBe('127.0.0.1');

      const missing = await fetch(`${base}/api/no-such-route`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ status: 0, message: 'Not found.' });
    } finally {
      nginx?.kill('SIGQUIT');
      await t.close();
    }
  });
});
