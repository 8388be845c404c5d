import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { PurgeCSS } from 'purgecss';

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
    async closeBundle() {
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
 * Vite plugin: Bootstrap's stylesheet without the rules no screen uses (issue 27: 230 KB, most of it never matched,
 * and render-blocking on every staff page). Build only; the dev server keeps the whole file. A class is kept when
 * it is a word of our sources or of the react-bootstrap components they import, or that word behind one of
 * BUILT_PREFIXES (react-bootstrap builds `btn-${variant}`, `alert-${variant}`, `text-bg-${bg}`, `modal-${size}`...
 * from a prop our code gives as a bare word), or a state class its transitions add (STATE_CLASSES).
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
 * The staff frame in one chunk (issue 27). Left to automatic splitting, the modules a staff screen's first load
 * needs came as ~34 files of 0.1-66 KB (each a request: over HTTP/1.1, six at a time), because the screens, the frame
 * and the light apps share them in many combinations. Here one chunk, `staff-frame`, takes every module that the
 * staff frame (start-staff-app and the admin layout) imports statically, and every module that two or more staff
 * screens (the router's lazy routes) import, unless the entry or the sign-in or public apps import it too: every
 * staff page loads the frame anyway, and the light pages never load it. Each screen keeps a chunk of its own for
 * what only it uses (route-level splitting). The sets are read from the module graph once it is built (buildEnd),
 * before chunks are made (docs/decisions/0032).
 */
function staffFrameChunk(): { plugin: Plugin; test(id: string): boolean } {
  const frameOnly = new Set<string>();
  return {
    plugin: {
      name: 'staff-frame-chunk',
      apply: 'build',
      buildEnd() {
        const ids = [...this.getModuleIds()];
        const find = (suffix: string) => {
          const id = ids.find((candidate) => candidate.endsWith(suffix));
          if (!id) throw new Error(`staff-frame-chunk: no module ${suffix}`);
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
        const light = staticReach(
          ['main.tsx', 'app/SignInApp.tsx', 'app/sign-in-toasts.tsx', 'features/public/PublicApp.tsx'].map(find),
        );
        const frameRoots = ['app/start-staff-app.tsx', 'features/layout/AdminLayout.tsx'].map(find);
        // The staff screens: what the router loads lazily. A module two or more of them import goes with the frame
        // too: every staff page loads the frame, and a screen that needs the module would fetch it as a file of its own.
        const screens = [...(this.getModuleInfo(find('app/router.tsx'))?.dynamicallyImportedIds ?? [])];
        const usedBy = new Map<string, number>();
        for (const screen of screens)
          for (const id of staticReach([screen])) if (!screens.includes(id)) usedBy.set(id, (usedBy.get(id) ?? 0) + 1);
        const roots = new Set([...frameRoots, ...screens]);
        const candidates = [...staticReach(frameRoots), ...[...usedBy].filter(([, n]) => n >= 2).map(([id]) => id)];
        // The roots stay chunks of their own (what main.tsx and the router import, under their names).
        for (const id of candidates) if (!light.has(id) && !roots.has(id)) frameOnly.add(id);
      },
    },
    test: (id) => frameOnly.has(id),
  };
}
const staffFrame = staffFrameChunk();

// The web app lives in web/; `npm run build` writes dist/web, which the server serves.
// The manifest (dist/web/.vite/manifest.json) is what tests/budgets reads: each route's first-load files.
export default defineConfig({
  root: 'web',
  plugins: [react(), bootstrapUsedOnly(), staffFrame.plugin, precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Not the captured modules' dependencies: those the light pages share (React) stay where they were.
          groups: [{ name: 'staff-frame', test: staffFrame.test, includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
