/**
 * Browser tests: build the web app once into a folder of this run's own (so a
 * parallel `npm run build` can never swap files under a running test), and
 * prepare the database template like the API suite.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import prepareTemplate from '../../server/test/global-setup';

declare module 'vitest' {
  export interface ProvidedContext {
    webDist: string;
  }
}

export default async function setup(project: TestProject) {
  const outDir = mkdtempSync(path.join(tmpdir(), 'arrival-card-web-'));
  // As `npm run build` makes it: Vitest's NODE_ENV=test would otherwise give React's development build, whose
  // StrictMode mounts every screen twice (a screen's first request cancelled and asked again, which no user sees).
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', outDir], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  project.provide('webDist', outDir);
  const teardownDatabase = await prepareTemplate(project);
  return async () => {
    await teardownDatabase?.();
    rmSync(outDir, { recursive: true, force: true });
  };
}
