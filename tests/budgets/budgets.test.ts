/**
 * Issue 27's delivery budgets, checked on a fresh production build (deterministic bytes, not time): each route's
 * first-load JavaScript and CSS, compressed with brotli as the server sends it (every browser in use accepts br;
 * gzip is printed beside it), must stay under its limit. A route over budget fails with its files listed.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';
import {
  firstLoad,
  kb,
  PUBLIC_APP,
  publicCatalog,
  readManifest,
  SIGN_IN_APP,
  STAFF_FRAME,
  ROUTE_BUDGETS,
  type FirstLoad,
  type Manifest,
} from './first-load';
import { LOCALES } from '../../shared/i18n/locales';

const root = fileURLToPath(new URL('../..', import.meta.url));
let dist = '';
let manifest: Manifest;
/** Every output chunk's source modules (absolute paths), by file name. */
const modulesOf = new Map<string, string[]>();
/** Each budgeted route's first load, its files compressed once here (brotli at quality 11 takes a while). */
const loads = new Map<string, FirstLoad>();

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'budget-build-'));
  // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build: build as `npm run build`.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const output = await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    mode: 'production',
    build: { outDir: dist, emptyOutDir: true, manifest: true },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  for (const result of [output].flat() as Rolldown.RolldownOutput[]) {
    for (const item of result.output) if (item.type === 'chunk') modulesOf.set(item.fileName, item.moduleIds);
  }
  manifest = readManifest(dist);
  // A module the build gathered into a chunk of a group (vite.config.ts, firstLoadChunks) has no manifest key of its
  // own, even when it is loaded by a dynamic import (start-staff-app in `staff-frame`): it is known by its chunk's.
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  for (const [file, ids] of modulesOf) {
    const chunk = manifest[keyOfFile.get(file) ?? ''];
    for (const id of ids) {
      const key = path.relative(path.join(root, 'web'), id);
      if (chunk && !key.startsWith('..') && !(key in manifest)) manifest[key] = chunk;
    }
  }
  for (const budget of ROUTE_BUDGETS) loads.set(budget.route, firstLoad(dist, manifest, [...budget.keys]));
}, 180_000);

afterAll(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
});

const line = (name: string, load: FirstLoad) =>
  `${name.padEnd(26)} JS ${String(kb(load.js.brotli)).padStart(6)} KB br (${kb(load.js.gzip)} gz, ${kb(load.js.raw)} raw, ${load.js.files} files)` +
  `  CSS ${String(kb(load.css.brotli)).padStart(5)} KB br (${kb(load.css.gzip)} gz, ${kb(load.css.raw)} raw)`;

describe('first-load budgets of the production build (compressed, KB = 1024 bytes)', () => {
  for (const budget of ROUTE_BUDGETS) {
    const limit = budget.jsKb;
    it(`${budget.route}: JS <= ${limit} KB${'cssKb' in budget ? `, CSS <= ${budget.cssKb} KB` : ''}, <= ${budget.files} files`, () => {
      const load = loads.get(budget.route)!;
      console.info(line(budget.route, load));
      expect(kb(load.js.brotli), `JS of ${budget.route}: ${load.jsFiles.join(', ')}`).toBeLessThanOrEqual(limit);
      if ('cssKb' in budget) {
        expect(kb(load.css.brotli), `CSS of ${budget.route}: ${load.cssFiles.join(', ')}`).toBeLessThanOrEqual(
          budget.cssKb,
        );
      }
      expect(
        load.js.files + load.css.files,
        `files of ${budget.route}: ${[...load.jsFiles, ...load.cssFiles].join(', ')}`,
      ).toBeLessThanOrEqual(budget.files);
    });
  }

  const firstLoadModules = (keys: string[]) =>
    firstLoad(dist, manifest, keys)
      .jsFiles.flatMap((file) => modulesOf.get(file) ?? [])
      .map((id) => path.relative(root, id));
  const STAFF_LIBRARIES =
    /node_modules\/(?:zod|react-router|@tanstack|react-hook-form|@hookform|react-toastify|react-bootstrap)\//;

  it('keeps staff code, schemas and the staff libraries out of the public pages', () => {
    const modules = firstLoadModules(PUBLIC_APP);
    expect(modules.some((id) => id.startsWith('web/src/features/public/'))).toBe(true);
    const foreign = modules.filter(
      (id) =>
        /^web\/src\/(?:features\/(?!public\/)|app\/(?!staff-paths))/.test(id) ||
        // The zod-free texts of shared/schemas (decision 0035) are not schemas: the entry reads one (order-list-texts).
        /^shared\/schemas\/(?![\w-]+-texts\.ts$)/.test(id) ||
        STAFF_LIBRARIES.test(id),
    );
    expect(foreign).toEqual([]);
  });

  it("loads a public page's language only: each catalog a chunk of its own, none in the app's first load", () => {
    const appFiles = new Set(firstLoad(dist, manifest, PUBLIC_APP).jsFiles);
    const catalogs = LOCALES.map((locale) => manifest[publicCatalog(locale)]);
    expect(catalogs.every((chunk) => chunk?.isDynamicEntry)).toBe(true);
    const files = catalogs.map((chunk) => chunk!.file);
    expect(new Set(files).size).toBe(LOCALES.length);
    expect(files.filter((file) => appFiles.has(file))).toEqual([]);
    // Compiled at build: a catalog holds message ASTs, and the page no message parser.
    const korean = readFileSync(path.join(dist, manifest[publicCatalog('ko')]!.file), 'utf8');
    expect(korean).toContain('일본 입국신고서');
    expect(korean).not.toContain('<b>{orderId}</b>');
    expect(firstLoadModules(PUBLIC_APP).filter((id) => id.includes('icu-messageformat-parser/'))).toEqual([
      'node_modules/@formatjs/icu-messageformat-parser/no-parser.js',
    ]);
  });

  it("asks for a public page's catalog from the entry, beside the public app's code rather than after it", () => {
    // A catalog the public app asked for itself would wait for the app's code to arrive and run: one more round trip
    // before the page can draw its words.
    expect(manifest['index.html']!.dynamicImports).toEqual(expect.arrayContaining(LOCALES.map(publicCatalog)));
  });

  it("keeps other screens' schemas out of every staff page's first load: the frame builds the queue's only", () => {
    // Schemas are built as their module runs (decision 0035): one reached by the frame (the router's loaders, say)
    // runs on every staff page, the order page included, before anything is drawn. The queue's filters and the
    // field builders they and most screens share are the frame's.
    const schemas = firstLoadModules(STAFF_FRAME).filter((id) => /^shared\/schemas\/(?![\w-]+-texts\.ts$)/.test(id));
    expect(schemas).toEqual(['shared/schemas/fields.ts', 'shared/schemas/queue-filters.ts']);
  });

  it("keeps a form's schemas with the screens that show it: the order page builds none of the security page's", () => {
    const modules = firstLoadModules([...STAFF_FRAME, 'src/app/OrderDetailRoute.tsx']);
    expect(modules).toContain('shared/schemas/order-detail-forms.ts');
    expect(modules.filter((id) => /^shared\/schemas\/(?:auth-forms|team)\.ts$/.test(id))).toEqual([]);
  });

  it("keeps the drawing libraries out of the router's chunk, which runs before any data is asked for", () => {
    // app/staff-app.ts creates the router first (decision 0061): a component reached by a loader's imports (through
    // a feature's index, say) would be evaluated before the first screen's data is asked for.
    const routerFile = manifest['src/app/staff-app.ts']!.file;
    const modules = (modulesOf.get(routerFile) ?? []).map((id) => path.relative(root, id));
    expect(modules).toContain('web/src/app/router.tsx');
    expect(
      modules.filter((id) => /node_modules\/(?:react-dom|react-bootstrap|react-toastify|react-hook-form)\//.test(id)),
    ).toEqual([]);
  });

  it('keeps the staff app, schemas and the staff libraries out of the sign-in page', () => {
    const modules = firstLoadModules(SIGN_IN_APP);
    expect(modules).toContain('web/src/features/auth/SignInForm.tsx');
    const foreign = modules.filter(
      (id) =>
        // The entry's own, which every page loads: the staff addresses, a public page's language and its catalogs'
        // loaders (main.tsx starts the catalog beside the public app).
        /^web\/src\/(?:features\/(?!auth\/(?:SignIn|login)|public\/i18n\/(?:catalogs|starting-locale)\.ts$)|app\/(?!staff-paths|SignInApp\.tsx))/.test(
          id,
        ) ||
        /^shared\/schemas\/(?![\w-]+-texts\.ts$)/.test(id) ||
        STAFF_LIBRARIES.test(id),
    );
    expect(foreign).toEqual([]);
  });
});

describe("Bootstrap's stylesheet, trimmed to the classes the screens use", () => {
  it('keeps the classes react-bootstrap builds from a prop named alone: centred and scrollable dialogs', () => {
    const assets = path.join(dist, 'assets');
    const css = readdirSync(assets)
      .filter((file) => file.endsWith('.css'))
      .map((file) => readFileSync(path.join(assets, file), 'utf8'))
      .join('\n');
    // <Modal centered scrollable>: without these rules a long dialog runs past the window, its buttons below it.
    for (const rule of [
      '.modal-dialog-centered{',
      '.modal-dialog-scrollable{',
      '.modal-dialog-scrollable .modal-body{',
    ])
      expect(css.replaceAll(/\s*([{}])\s*/g, '$1'), rule).toContain(rule);
  });
});
