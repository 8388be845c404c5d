#!/usr/bin/env node
/**
 * The web app and the server are built once, not at every start (docs/decisions/0017, 0028). Beside each build a
 * stamp (`dist/web.sha256`, `dist/server.sha256`) holds a hash of everything that build reads, as it was when it was
 * built; a target is rebuilt only when that hash changed.
 *   - web:    Vite -> dist/web (reads web/, shared/, vite.config.ts, package-lock.json)
 *   - server: esbuild -> dist/server/main.mjs, one ES module of server/ and shared/ with the packages left as imports
 *             (reads server/, shared/, package-lock.json). Loading it takes about half the time tsx took to load
 *             the sources, which was most of a restart.
 *
 *   node scripts/build.mjs           build what is missing or older than its sources (`npm run build`, `prestart`)
 *   node scripts/build.mjs --force   build both anyway
 *   node scripts/build.mjs --check   never build: exit 1 with a message when a build is needed (a production
 *                                    machine, where Vite, a dev dependency, is not installed)
 *
 * Plain Node and esbuild (a dependency of tsx, so present in a production install too).
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * How the server is bundled; tests/budgets/server-start.test.ts bundles it the same way to read what it imports at
 * start.
 * @type {import('esbuild').BuildOptions}
 */
export const SERVER_BUNDLE = {
  entryPoints: [path.join(root, 'server', 'main.ts')],
  outfile: path.join(root, 'dist', 'server', 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Stack traces name the TypeScript sources (`node --enable-source-maps`, as `npm start` runs it).
  sourcemap: 'linked',
  logLevel: 'warning',
};

const TARGETS = [
  {
    name: 'web app',
    inputs: ['web', 'shared', 'vite.config.ts', 'package-lock.json'],
    output: path.join(root, 'dist', 'web', 'index.html'),
    stamp: path.join(root, 'dist', 'web.sha256'),
    // A deployment that ships dist/ without the web sources cannot be compared: its build is what it has.
    hasSources: () => existsSync(path.join(root, 'web', 'index.html')),
    build() {
      const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
      if (!existsSync(vite)) {
        console.error(
          'Building the web app needs Vite, a dev dependency: run `npm ci` (not --omit=dev) on the build machine, `npm run build`, and ship dist/.',
        );
        process.exit(1);
      }
      execFileSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
    },
  },
  {
    name: 'server',
    inputs: ['server', 'shared', 'package-lock.json'],
    output: SERVER_BUNDLE.outfile,
    stamp: path.join(root, 'dist', 'server.sha256'),
    hasSources: () => existsSync(path.join(root, 'server', 'main.ts')),
    async build() {
      const { build } = await import('esbuild');
      mkdirSync(path.join(root, 'dist', 'server'), { recursive: true });
      await build(SERVER_BUNDLE);
    },
  },
];

function files(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && !entry.name.startsWith('.'))
    .flatMap((entry) => files(path.join(relative, entry.name)));
}

export function sourcesHash(inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(files).sort()) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

// The command itself (`node scripts/build.mjs`), not an import of SERVER_BUNDLE.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();

async function main() {
  const mode = process.argv[2] ?? '';
  if (!['', '--force', '--check'].includes(mode)) {
    console.error('usage: node scripts/build.mjs [--force | --check]');
    process.exit(2);
  }
  for (const target of TARGETS) {
    const current = sourcesHash(target.inputs);
    const built =
      existsSync(target.output) && existsSync(target.stamp) ? readFileSync(target.stamp, 'utf8').trim() : null;
    if (mode !== '--force' && built && (built === current || !target.hasSources())) continue;
    if (mode === '--check') {
      console.error(
        built
          ? `The ${target.name} in dist/ is older than its sources. Run \`npm run build\` (it needs the dev dependencies), then start again.`
          : `The ${target.name} is not built (dist/). Run \`npm run build\` where the dev dependencies are installed (CI or a build machine), and ship dist/ with the code.`,
      );
      process.exit(1);
    }
    console.log(
      built
        ? `Sources of the ${target.name} changed since the last build: building it.`
        : `Building the ${target.name}.`,
    );
    await target.build();
    writeFileSync(target.stamp, `${current}\n`);
  }
}
