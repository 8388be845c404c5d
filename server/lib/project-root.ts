/**
 * The project's folder (the one holding package.json), found from this module's own place, so a path to the
 * migrations, the built web app or package.json is right both when the server runs from its sources
 * (server/lib/) and from the bundle `npm start` runs (dist/server/main.mjs: scripts/build.mjs).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}.`);
  }
}

export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the project, given from its root ('server/db/migrations'). */
export const projectPath = (...parts: string[]) => path.join(PROJECT_ROOT, ...parts);
