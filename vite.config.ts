import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { PurgeCSS } from 'purgecss';
import { parse } from '@formatjs/icu-messageformat-parser';

/**
 * Vite plugin: after the build, writes `<file>.br` and `<file>.gz` beside every hashed asset worth compressing, at
 * the highest levels (once per build, never per request). The server's static handler (@fastify/static with
 * `preCompressed`) answers them by the request's Accept-Encoding. A compressed copy that saves too little is not
 * written: the plain file is served instead.
 */
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats only: images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;
/** Below this many bytes the headers of a compressed answer outweigh what it saves. */
const PRECOMPRESS_MIN_BYTES = 1024;

async function compressFile(bytes: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  return { br, gz };
}

async function* walk(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // writeBundle runs only after the files are written: a failed build reports its own error, not a missing folder.
    async writeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of walk(path.join(outDir, 'assets'))) {
        if (!COMPRESSIBLE.test(file)) continue;
        jobs.push(
          (async () => {
            const bytes = await readFile(file);
            if (bytes.length < PRECOMPRESS_MIN_BYTES) return;
            const { br, gz } = await compressFile(bytes);
            // Kept only when it saves at least a tenth.
            if (br.length < bytes.length * 0.9) await writeFile(`${file}.br`, br);
            if (gz.length < bytes.length * 0.9) await writeFile(`${file}.gz`, gz);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}

/**
 * Vite plugin: every message catalog (shared/i18n/<family>/<language>.json) compiled to FormatJS's message AST, as
 * `formatjs compile --ast` writes it (the parser's `parse` of each message), so the pages format messages without
 * parsing them. With every message compiled, the build resolves the parser to its no-parser build (the alias
 * below; FormatJS's advanced-usage guide), which leaves the parser out of the public pages. Build only: the dev
 * server and the tests parse the catalogs' texts at run time, which gives the same messages.
 */
const CATALOG = /\/shared\/i18n\/[\w-]+\/[\w-]+\.json$/;
function compiledCatalogs(): Plugin {
  return {
    name: 'compiled-catalogs',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOG.test(id.split('?')[0]!.replaceAll('\\', '/'))) return null;
      const catalog = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(catalog).map(([key, message]) => [key, parse(message)]));
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/**
 * Vite plugin: Bootstrap's stylesheet without the rules no screen uses (issue 27: 230 KB, most of it never matched,
 * and render-blocking on every staff page). Build only; the dev server keeps the whole file. A class is kept when
 * it is a word of our sources or of the react-bootstrap components they import, or that word behind one of
 * BUILT_PREFIXES (react-bootstrap builds `btn-${variant}`, `alert-${variant}`, `text-bg-${bg}`, `modal-${size}`,
 * `modal-dialog-centered`... from a prop our code gives as a bare word or names alone, as `centered`), or a state
 * class its transitions add (STATE_CLASSES).
 */
const BUILT_PREFIXES = [
  'btn',
  'btn-group',
  'alert',
  'bg',
  'text',
  'text-bg',
  'badge',
  'table',
  'modal',
  'modal-dialog',
  'dropdown-menu',
  'form-control',
  'form-select',
  'progress-bar',
  'list-group-item',
  'nav',
  'navbar',
  'navbar-expand',
  'border',
  'spinner-border',
  'spinner-grow',
  'pagination',
  'tooltip',
  'bs-tooltip',
  'popover',
  'bs-popover',
  'input-group',
];
const STATE_CLASSES = [
  /^fade$/,
  /^show$/,
  /^showing$/,
  /^hiding$/,
  /^collaps/,
  /^modal-open$/,
  /^modal-backdrop$/,
  /^modal-static$/,
  /^active$/,
  /^disabled$/,
  /^is-valid$/,
  /^is-invalid$/,
  /^was-validated$/,
  /^spinner-(border|grow)-sm$/,
];
const words = (text: string) => text.match(/[A-Za-z0-9_-]+/g) ?? [];
const withBuiltPrefixes = (text: string) => {
  const found = words(text);
  return [...found, ...found.flatMap((word) => BUILT_PREFIXES.map((prefix) => `${prefix}-${word}`))];
};
/** react-bootstrap's files our sources import (`{ Modal }` -> Modal.js), with every file of its own they import. */
async function reactBootstrapFilesUsed(sources: string[]): Promise<string[]> {
  const folder = path.resolve('node_modules/react-bootstrap/esm');
  const pending: string[] = [];
  for (const source of sources) {
    for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-bootstrap'/g)) {
      for (const name of match[1]!.split(',')) if (name.trim()) pending.push(`${name.trim().split(/\s+as\s+/)[0]}.js`);
    }
    for (const match of source.matchAll(/from\s*'react-bootstrap\/(\w+)'/g)) pending.push(`${match[1]}.js`);
  }
  const seen = new Set<string>();
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = await readFile(path.join(folder, file), 'utf8').catch(() => '');
    for (const match of text.matchAll(/from\s*["']\.\/([\w.-]+?)(?:\.js)?["']/g)) pending.push(`${match[1]}.js`);
  }
  return [...seen].map((file) => path.join(folder, file));
}
function bootstrapUsedOnly(): Plugin {
  return {
    name: 'bootstrap-used-only',
    apply: 'build',
    enforce: 'pre',
    async transform(code, id) {
      if (!/bootstrap\/dist\/css\/bootstrap(?:\.min)?\.css$/.test(id.split('?')[0]!)) return null;
      const sourceFiles: string[] = [];
      for await (const file of walk(path.resolve('web'))) if (/\.(?:tsx?|html)$/.test(file)) sourceFiles.push(file);
      const sources = await Promise.all(sourceFiles.map((file) => readFile(file, 'utf8')));
      const [result] = await new PurgeCSS().purge({
        content: [...sourceFiles, ...(await reactBootstrapFilesUsed(sources))],
        css: [{ raw: code }],
        extractors: [{ extractor: withBuiltPrefixes, extensions: ['ts', 'tsx', 'html', 'js'] }],
        safelist: { standard: STATE_CLASSES },
      });
      return { code: result!.css, map: null };
    },
  };
}

/**
 * Fewer files on a first load (issue 27). Left to automatic splitting, the modules a staff screen's first load needs
 * came as ~40 files of 0.1-66 KB, a public page's as 7 (each a request: over HTTP/1.1, six at a time), because the
 * screens, the frame and the three apps share modules in many combinations. These chunks gather them instead:
 *  - `shared`: what the public pages import statically and the sign-in app or the staff app too (React DOM, small
 *    helpers), unless the entry itself imports it: a public page loads nothing it does not use;
 *  - `sign-in-shared`: what the sign-in app imports statically and the staff app too (the API client, the sign-in
 *    form), and `toasts`, what the sign-in page's toasts and the staff app share (loaded by the sign-in page only
 *    when it has a toast to show);
 *  - `staff-router`: what the staff app's router and its loaders import (app/staff-app.ts), created first;
 *  - `staff-frame`: what the staff frame (start-staff-app and the admin layout) and the queue screen (the first one
 *    after sign-in) import statically, unless the entry or a light app imports it: every staff page loads the frame
 *    anyway, and the light pages never load it;
 *  - of the rest that two or more staff screens import (the router's lazy routes, and what they load lazily in turn):
 *    `staff-forms` and `order-forms`, what builds zod schemas (decision 0035), and `staff-screens`, the others
 *    (decision 0036), loaded by the screens that use them.
 * Each screen and light app keeps a chunk of its own for what only it uses (route-level splitting), under its own
 * name; the frame's own modules (start-staff-app, the admin layout) are part of `staff-frame`, and app/staff-app.ts of
 * `staff-router`.
 * The sets are read from the module graph once it is built (buildEnd), before chunks are made (docs/decisions/0032).
 */
function firstLoadChunks(): { plugin: Plugin; groups: { name: string; test(id: string): boolean }[] } {
  const shared = new Set<string>();
  const signInShared = new Set<string>();
  const toasts = new Set<string>();
  const orderForms = new Set<string>();
  const staffRouter = new Set<string>();
  const staffFrame = new Set<string>();
  const staffForms = new Set<string>();
  const staffScreens = new Set<string>();
  return {
    plugin: {
      name: 'first-load-chunks',
      apply: 'build',
      buildEnd() {
        const ids = [...this.getModuleIds()];
        // A module of web/src by its path there (the whole path: `main.tsx` alone would also match `domain.tsx`).
        const find = (inSrc: string) => {
          const id = ids.find((candidate) => candidate.replaceAll('\\', '/').endsWith(`/web/src/${inSrc}`));
          if (!id) throw new Error(`first-load-chunks: no module web/src/${inSrc}`);
          return id;
        };
        const staticReach = (roots: string[]) => {
          const seen = new Set<string>();
          const pending = [...roots];
          while (pending.length) {
            const id = pending.pop()!;
            if (seen.has(id)) continue;
            seen.add(id);
            pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
          }
          return seen;
        };
        const entry = staticReach([find('main.tsx')]);
        const frameRoots = ['app/start-staff-app.tsx', 'features/layout/AdminLayout.tsx'].map(find);
        // The staff screens: what the router loads lazily (the queue and order pages through staff-paths.ts), and
        // what those load lazily in turn (a section drawn with its own code), each a unit that comes when first shown.
        const screens: string[] = [];
        const lazyFrom = (ids: Iterable<string>) =>
          [...ids].flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
        for (let found = lazyFrom(['app/router.tsx', 'app/staff-paths.ts'].map(find)); found.length;) {
          const fresh = [...new Set(found)].filter((id) => !screens.includes(id));
          screens.push(...fresh);
          found = lazyFrom(fresh.flatMap((id) => [...staticReach([id])]));
        }
        const publicApp = find('features/public/PublicApp.tsx');
        const signInApp = find('app/SignInApp.tsx');
        // The sign-in page's toasts come with their own code, when it has one to show (app/SignInApp.tsx).
        const signInToasts = find('app/sign-in-toasts.tsx');
        // The staff app's router and query cache, created before the rest of the staff app is evaluated (staff-app.ts).
        const routerRoot = find('app/staff-app.ts');
        // The roots stay chunks of their own (what main.tsx, the apps and the router import, under their names).
        const roots = new Set([publicApp, signInApp, signInToasts, routerRoot, ...frameRoots, ...screens]);
        const countUses = (reaches: Set<string>[]) => {
          const uses = new Map<string, number>();
          for (const reach of reaches) for (const id of reach) uses.set(id, (uses.get(id) ?? 0) + 1);
          return uses;
        };
        const [publicReach, signInReach, signInToastsReach, frameReach] = [
          [publicApp],
          [signInApp],
          [signInToasts],
          frameRoots,
        ].map(staticReach) as [Set<string>, Set<string>, Set<string>, Set<string>];
        const screenReach = screens.map((screen) => staticReach([screen]));
        const staffReach = new Set([frameReach, ...screenReach].flatMap((reach) => [...reach]));
        const ownChunk = (id: string) => entry.has(id) || roots.has(id);
        const light = new Set([...entry, ...publicReach, ...signInReach, ...signInToastsReach]);
        // What the public pages use themselves, which they load anyway, and another app too: their budget is the
        // tightest, so nothing else.
        for (const id of publicReach)
          if (!ownChunk(id) && (signInReach.has(id) || signInToastsReach.has(id) || staffReach.has(id))) shared.add(id);
        // What the sign-in page uses itself and the staff app too (the API client, the sign-in form), in one file for
        // both; and the toasts the two share, which the sign-in page loads only when it shows one.
        for (const id of signInReach)
          if (!ownChunk(id) && !publicReach.has(id) && staffReach.has(id)) signInShared.add(id);
        for (const id of signInToastsReach)
          if (!ownChunk(id) && !publicReach.has(id) && !signInReach.has(id) && staffReach.has(id)) toasts.add(id);
        // What the router needs to start, in a chunk that holds nothing else: React DOM, the frame and the screens are
        // evaluated after the router has asked for the first screen's data.
        for (const id of staticReach([routerRoot]))
          if (!light.has(id) && (id === routerRoot || !roots.has(id))) staffRouter.add(id);
        const byScreens = countUses(screenReach);
        // Schemas are built when their module runs, and every module of a chunk runs when the chunk loads: what
        // several screens share and builds schemas (a schema module, or a form that imports one) waits in a chunk of
        // its own, `staff-forms`, unless the frame or the queue screen (the first one after sign-in) reaches it
        // (docs/decisions/0035). Nothing the frame keeps imports it, so the two chunks never import each other. What
        // of it the order page (the other screen a first load often opens: a link in a mail) builds waits in
        // `order-forms`, so that the order page builds no other screen's forms.
        const firstScreen = staticReach([...frameRoots, find('features/queues/QueuePage.tsx')]);
        const orderPage = staticReach([find('app/OrderDetailRoute.tsx')]);
        // zod as the build resolves it: the alias below puts web/src/lib/zod-jitless.ts in its place.
        const isZod = (id: string) =>
          /\/node_modules\/zod\/|\/web\/src\/lib\/zod-jitless\.ts$/.test(id.replaceAll('\\', '/'));
        const buildsSchemas = (id: string) =>
          /\/shared\/schemas\//.test(id.replaceAll('\\', '/')) &&
          (this.getModuleInfo(id)?.importedIds ?? []).some(isZod);
        const frameCandidates = [...frameReach, ...[...byScreens].filter(([, n]) => n >= 2).map(([id]) => id)];
        for (const id of frameCandidates) {
          if (light.has(id) || roots.has(id) || staffRouter.has(id)) continue;
          if (firstScreen.has(id)) staffFrame.add(id);
          else if ([...staticReach([id])].some(buildsSchemas)) (orderPage.has(id) ? orderForms : staffForms).add(id);
          else staffScreens.add(id);
        }
        // The frame's own modules too (start-staff-app, the admin layout): every staff page loads all of them.
        for (const id of frameRoots) staffFrame.add(id);
      },
    },
    groups: [
      { name: 'shared', test: (id) => shared.has(id) },
      { name: 'sign-in-shared', test: (id) => signInShared.has(id) },
      { name: 'toasts', test: (id) => toasts.has(id) },
      { name: 'staff-router', test: (id) => staffRouter.has(id) },
      { name: 'staff-frame', test: (id) => staffFrame.has(id) },
      { name: 'order-forms', test: (id) => orderForms.has(id) },
      { name: 'staff-forms', test: (id) => staffForms.has(id) },
      { name: 'staff-screens', test: (id) => staffScreens.has(id) },
    ],
  };
}
const firstLoad = firstLoadChunks();

// The web app lives in web/; `npm run build` writes dist/web, which the server serves.
// The manifest (dist/web/.vite/manifest.json) is what tests/budgets reads: each route's first-load files.
export default defineConfig(({ command }) => ({
  root: 'web',
  resolve: {
    // React Router's package exports name only its development build, for every environment (remix-run/react-router
    // #12532, #14102): its production build differs in one flag, which drops the development warnings' code from
    // the staff app's first load and their console output. Both entries are pointed at it, so the two share one
    // router context.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: path.resolve('node_modules/react-router/dist/production/index.mjs'),
            },
            {
              find: /^react-router\/dom$/,
              replacement: path.resolve('node_modules/react-router/dist/production/dom-export.mjs'),
            },
            // zod with its jitless setting made before any schema is built (web/src/lib/zod-jitless.ts).
            { find: /^zod$/, replacement: path.resolve('web/src/lib/zod-jitless.ts') },
            // Every catalog is compiled at build (compiledCatalogs): the pages need no message parser.
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ]
        : [],
  },
  plugins: [react(), compiledCatalogs(), bootstrapUsedOnly(), firstLoad.plugin, precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Not the captured modules' dependencies: those the light pages share (React) stay where they were.
          groups: firstLoad.groups.map((group) => ({ ...group, includeDependenciesRecursively: false })),
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
