/**
 * What a route makes the browser download before it can draw: the entry (index.html's script and stylesheet),
 * then each lazily loaded screen of the route, each with every chunk it imports statically, transitively (dynamic
 * imports are later downloads and are not counted). Read from Vite's build manifest; sizes are the bytes sent,
 * compressed as the server sends them (brotli quality 11 and gzip level 9, as the build precompresses them).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

export interface Sizes {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}
export interface FirstLoad {
  js: Sizes;
  css: Sizes;
  jsFiles: string[];
  cssFiles: string[];
}

export const readManifest = (dist: string): Manifest =>
  JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;

/** Files (JS and CSS) loaded with `keys`, each key a manifest key such as 'index.html' or 'src/features/x/Page.tsx'. */
export function firstLoadFiles(manifest: Manifest, keys: string[]): { jsFiles: string[]; cssFiles: string[] } {
  const seen = new Set<string>();
  const js: string[] = [];
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: was it renamed or moved?`);
    // Several keys may name one chunk (a group's chunk holds modules loaded by their own dynamic imports).
    if (js.includes(chunk.file)) return;
    js.push(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { jsFiles: js, cssFiles: [...css] };
}

const sizeCache = new Map<string, Omit<Sizes, 'files'>>();
function sizeOf(file: string): Omit<Sizes, 'files'> {
  let size = sizeCache.get(file);
  if (!size) {
    const bytes = readFileSync(file);
    size = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizeCache.set(file, size);
  }
  return size;
}

function sum(dist: string, files: string[]): Sizes {
  const total: Sizes = { files: files.length, raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const size = sizeOf(path.join(dist, file));
    total.raw += size.raw;
    total.gzip += size.gzip;
    total.brotli += size.brotli;
  }
  return total;
}

export { PUBLIC_APP, SIGN_IN_APP };

export function firstLoad(dist: string, manifest: Manifest, keys: string[]): FirstLoad {
  const { jsFiles, cssFiles } = firstLoadFiles(manifest, keys);
  return { js: sum(dist, jsFiles), css: sum(dist, cssFiles), jsFiles, cssFiles };
}

/**
 * The routes the issue budgets (issue 27), by what each one loads: index.html's entry, the app main.tsx starts for
 * the address (the public app, or the staff app), and the route's lazily loaded screens; limits in compressed KB.
 * A public page also loads its language's catalog (a chunk per language, started with the app): each public line
 * names one, so every language is held to the budget. The public pages' limit is what they loaded before they
 * spoke several languages, and what the languages may add (docs/decisions/0052). `files`: how many files (scripts
 * and style sheets) at most: over HTTP/1.1 a browser asks six at a time, so on a slow network each six more is
 * another round trip before the first paint (docs/decisions/0060).
 */
const PUBLIC_APP = ['index.html', 'src/features/public/PublicApp.tsx'];
const STAFF_APP = ['index.html', 'src/app/start-staff-app.tsx'];
/** The signed-in staff frame (sidebar, top bar, the router's loaders) before any screen's own code. */
export const STAFF_FRAME = [...STAFF_APP, 'src/features/layout/AdminLayout.tsx'];
const SIGN_IN_APP = ['index.html', 'src/app/SignInApp.tsx'];
/** A public page's catalog in Vite's manifest (shared/i18n lies beside the web root). */
export const publicCatalog = (locale: string) => `../shared/i18n/public/${locale}.json`;
export const ROUTE_BUDGETS = [
  { route: 'public track page (en)', keys: [...PUBLIC_APP, publicCatalog('en')], jsKb: 76, cssKb: 30, files: 7 },
  { route: 'public download page (ko)', keys: [...PUBLIC_APP, publicCatalog('ko')], jsKb: 76, cssKb: 30, files: 7 },
  {
    route: 'public track page (zh-Hans)',
    keys: [...PUBLIC_APP, publicCatalog('zh-Hans')],
    jsKb: 76,
    cssKb: 30,
    files: 7,
  },
  {
    route: 'public download page (zh-Hant)',
    keys: [...PUBLIC_APP, publicCatalog('zh-Hant')],
    jsKb: 76,
    cssKb: 30,
    files: 7,
  },
  { route: 'public download page (th)', keys: [...PUBLIC_APP, publicCatalog('th')], jsKb: 76, cssKb: 30, files: 7 },
  { route: 'sign-in', keys: SIGN_IN_APP, jsKb: 90, files: 7 },
  {
    route: 'admin shell + New Orders',
    keys: [...STAFF_FRAME, 'src/features/queues/QueuePage.tsx'],
    jsKb: 200,
    files: 13,
  },
  { route: 'admin shell + order page', keys: [...STAFF_FRAME, 'src/app/OrderDetailRoute.tsx'], jsKb: 220, files: 16 },
] as const satisfies ReadonlyArray<{
  route: string;
  keys: string[];
  jsKb: number;
  cssKb?: number;
  files?: number;
  heldAtJsKb?: number;
}>;

export const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
