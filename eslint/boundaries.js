/**
 * The import boundaries (docs/decisions/0031, 0045), as one ESLint rule. Every import in this project is a relative path or
 * a package name, so a relative specifier resolved against the file's folder says exactly where an import lands;
 * no resolver is needed. Layers, and what each may import:
 *
 *   shared/                         shared only (no Node, no DOM, nothing of server/ or web/)
 *   web/src/lib, web/src/zod-jitless.ts      shared, web lib
 *   web/src/components              shared, web lib, components
 *   web/src/features/<f>            shared, web lib, components, its own files, and another feature's index.ts only
 *   web/src/app, web/src/main.tsx   anything in web/src and shared (the composition root: routes, frames, start-up)
 *   server/lib, server/db, server/config.ts  shared, each other
 *   server/features/<f>             shared, lib/db/config, its own files, and another feature's index.ts only
 *   server/app.ts, main.ts, features/index.ts, seed/   anything in server and shared (composition)
 *
 * A feature's public entry is its index.ts, on the server as on the web: what it exports is all that other features
 * may use, so a feature's services, queries and helpers can change without reading every other feature first.
 *
 * Test files (*.test.ts(x), server/test/) are outside the rule: a test may set up or observe through any module.
 * Nothing outside a test may import a test or a test helper. tests/, bench/ and scripts/ are outside the rule.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A feature's public entry: the one file of a feature that another feature may import. */
const PUBLIC_ENTRY = /^index\.tsx?$/;

/** @returns {{ layer: string, feature?: string, inFeature?: string }} */
export function classify(relative) {
  const p = relative.split(path.sep).join('/');
  let m;
  if (/\.test\.tsx?$/.test(p) || p.startsWith('server/test/')) return { layer: 'test' };
  if (p.startsWith('shared/')) return { layer: 'shared' };
  if ((m = /^web\/src\/features\/([^/]+)\/(.+)$/.exec(p)))
    return { layer: 'web-feature', feature: m[1], inFeature: m[2] };
  if (p.startsWith('web/src/app/') || p === 'web/src/main.tsx') return { layer: 'web-app' };
  if (p.startsWith('web/src/components/')) return { layer: 'web-components' };
  if (p.startsWith('web/src/lib/') || p === 'web/src/zod-jitless.ts') return { layer: 'web-lib' };
  if (p.startsWith('web/')) return { layer: 'web-other' };
  if ((m = /^server\/features\/([^/]+)\/(.+)$/.exec(p)))
    return { layer: 'server-feature', feature: m[1], inFeature: m[2] };
  if (p.startsWith('server/lib/') || p.startsWith('server/db/') || p === 'server/config.ts')
    return { layer: 'server-base' };
  if (p.startsWith('server/')) return { layer: 'server-composition' };
  return { layer: 'outside' };
}

const allowedLayers = {
  shared: ['shared'],
  'web-lib': ['shared', 'web-lib'],
  'web-components': ['shared', 'web-lib', 'web-components'],
  'web-feature': ['shared', 'web-lib', 'web-components', 'web-feature'],
  'web-app': ['shared', 'web-lib', 'web-components', 'web-feature', 'web-app', 'web-other'],
  'server-base': ['shared', 'server-base'],
  'server-feature': ['shared', 'server-base', 'server-feature'],
  'server-composition': ['shared', 'server-base', 'server-feature', 'server-composition'],
};

const layerNames = {
  shared: 'shared/',
  'web-lib': 'web/src/lib',
  'web-components': 'web/src/components',
  'web-feature': 'a web feature',
  'web-app': 'web/src/app',
  'web-other': 'web/',
  'server-base': 'server/lib, server/db or server/config.ts',
  'server-feature': 'a server feature',
  'server-composition': 'server composition (app.ts, main.ts, features/index.ts, seed/)',
  test: 'a test or test helper',
};

/** The file an import lands on, relative to the project, or null for a package (or a file that is not there). */
function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}.js`]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return path.relative(root, candidate);
  }
  for (const candidate of [`${base}/index.ts`, `${base}/index.tsx`]) {
    if (fs.existsSync(candidate)) return path.relative(root, candidate);
  }
  return null; // no such file: TypeScript reports it
}

/** Why `from` may not import `to`, or null when it may. */
export function boundaryViolation(fromRelative, toRelative) {
  const from = classify(fromRelative);
  if (from.layer === 'test' || from.layer === 'outside' || from.layer === 'web-other') return null;
  const to = classify(toRelative);
  const target = toRelative.split(path.sep).join('/');
  if (to.layer === 'test') return `${target} is a test or test helper; only tests may import it.`;
  if (to.layer === 'outside')
    return `${target} is outside shared/, server/ and web/src/; ${layerNames[from.layer]} may not import it.`;
  if (!allowedLayers[from.layer].includes(to.layer)) {
    return `${layerNames[from.layer]} may not import ${layerNames[to.layer]} (${target}): imports go shared -> lib -> features -> app.`;
  }
  if (from.layer === 'web-feature' && to.layer === 'web-feature' && from.feature !== to.feature) {
    if (PUBLIC_ENTRY.test(to.inFeature)) return null;
    return `Feature '${from.feature}' imports '${target}', an internal file of feature '${to.feature}'. Import that feature's public entry (web/src/features/${to.feature}/index.ts), compose both in web/src/app, or move the shared piece to components/ or lib/.`;
  }
  if (from.layer === 'server-feature' && to.layer === 'server-feature' && from.feature !== to.feature) {
    if (PUBLIC_ENTRY.test(to.inFeature)) return null;
    return `Feature '${from.feature}' imports '${target}', an internal file of server feature '${to.feature}'. Import its public entry (server/features/${to.feature}/index.ts), and export what you need from there.`;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layers of docs/decisions/0031 (shared -> lib -> features -> app)' },
    schema: [],
    messages: { boundary: '{{reason}}' },
  },
  create(context) {
    const fromFile = context.filename;
    const fromRelative = path.relative(root, fromFile);
    if (fromRelative.startsWith('..')) return {};
    const check = (node, source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const toRelative = resolveImport(fromFile, source.value);
      if (toRelative === null) return;
      const reason = boundaryViolation(fromRelative, toRelative);
      if (reason) context.report({ node: source, messageId: 'boundary', data: { reason } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { meta: { name: 'arrival-boundaries' }, rules: { 'import-boundaries': importBoundaries } };
