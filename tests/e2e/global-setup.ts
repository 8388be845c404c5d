/** Browser tests: build the web app once, and prepare the database template like the API suite. */
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import prepareTemplate from '../../server/test/global-setup';

export default async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD) {
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  }
  return prepareTemplate(project);
}
