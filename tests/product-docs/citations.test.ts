/**
 * Code cites the product's rules as `product: FILE.md#ANCHOR` (docs/product/README.md#citations). These tests fail
 * when a cited page or anchor does not exist in docs/product/, when a source file still cites the two documents
 * that lived outside the repository ("spec section N", "DECISIONS ..."), and when docs/product/messages.md quotes a
 * message the code no longer says.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Where citations are looked for. */
const SCAN_ROOTS = ['server', 'shared', 'web/src', 'tests', 'bench'];
/** Text files only; skipped: generated or vendored folders, and this folder (its tests name the patterns). */
const SCAN_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.css', '.html', '.sql', '.md'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.vite']);
const SKIP_PATHS = ['tests/product-docs/'];

/** A citation of the outside documents (the dead form). One match is enough to fail the check. */
const DEAD_FORM = new RegExp(
  [
    String.raw`\b[Ss]pec\s+sections?\b`,
    String.raw`\b[Ss]pec\s*\n\s*(?:\*|\/\/)\s*sections?\b`,
    String.raw`\bDECISIONS\b`,
    String.raw`\b[Ss]pec\s+"[A-Z]`,
    String.raw`\b[Ss]pec\s+order detail\b`,
    String.raw`shared\/spec\/`,
  ].join('|'),
);

/** The checked form: `product: FILE.md#ANCHOR` (several, separated by `, `) or a path under docs/product/. */
const CITATION = /product: ([a-z0-9-]+\.md(?:#[a-z0-9-]+)?(?:, [a-z0-9-]+\.md(?:#[a-z0-9-]+)?)*)/g;
const PATH_CITATION = /docs\/product\/([a-z0-9-]+\.md(?:#[a-z0-9-]+)?)/g;

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(ROOT, dir))) {
      if (SKIP_DIRS.has(name)) continue;
      const rel = `${dir}/${name}`;
      if (SKIP_PATHS.some((p) => rel.startsWith(p))) continue;
      if (statSync(path.join(ROOT, rel)).isDirectory()) walk(rel);
      else if (SCAN_EXTENSIONS.some((ext) => name.endsWith(ext))) files.push(rel);
    }
  };
  for (const dir of SCAN_ROOTS) walk(dir);
  return files.sort();
}

const DOCS = path.join(ROOT, 'docs/product');
const pages = new Map(
  readdirSync(DOCS)
    .filter((f) => f.endsWith('.md'))
    .map((f) => {
      const text = readFileSync(path.join(DOCS, f), 'utf8');
      return [f, new Set([...text.matchAll(/<a id="([a-z0-9-]+)"><\/a>/g)].map((m) => m[1]!))] as const;
    }),
);

/** `page.md#anchor` or `page.md` that docs/product does not have; null when it does. */
function missing(target: string): string | null {
  const [page, anchor] = target.split('#') as [string, string | undefined];
  const anchors = pages.get(page);
  if (!anchors) return `no page docs/product/${page}`;
  if (anchor !== undefined && !anchors.has(anchor)) return `no anchor #${anchor} in docs/product/${page}`;
  return null;
}

/** Every citation target in `text`, in both forms. */
function citationsIn(text: string): string[] {
  const targets: string[] = [];
  for (const m of text.matchAll(CITATION)) targets.push(...m[1]!.split(', '));
  for (const m of text.matchAll(PATH_CITATION)) targets.push(m[1]!);
  return targets;
}

function brokenCitations(text: string, file: string): string[] {
  return citationsIn(text).flatMap((target) => {
    const why = missing(target);
    return why ? [`${file}: product: ${target} (${why})`] : [];
  });
}

const files = sourceFiles();
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('citations of docs/product', () => {
  it('finds the pages and the sources it checks', () => {
    expect([...pages.keys()]).toEqual(
      expect.arrayContaining([
        'README.md',
        'roles.md',
        'folders.md',
        'orders.md',
        'public-pages.md',
        'messages.md',
        'api.md',
      ]),
    );
    expect(files).toContain('server/features/queue-engine/folders.ts');
    expect(files).toContain('web/src/app/router.tsx');
    expect(files.some((f) => f.startsWith('tests/product-docs/'))).toBe(false);
  });

  it('tells a citation of a missing anchor or page from a good one', () => {
    const text = '// (product: orders.md#moves, orders.md#no-such-rule) and docs/product/nowhere.md#x';
    expect(citationsIn(text)).toEqual(['orders.md#moves', 'orders.md#no-such-rule', 'nowhere.md#x']);
    expect(brokenCitations(text, 'x.ts')).toEqual([
      'x.ts: product: orders.md#no-such-rule (no anchor #no-such-rule in docs/product/orders.md)',
      'x.ts: product: nowhere.md#x (no page docs/product/nowhere.md)',
    ]);
    expect(DEAD_FORM.test('(spec section 7)')).toBe(true);
    expect(DEAD_FORM.test('(spec\n * section 1, x)')).toBe(true);
    expect(DEAD_FORM.test('the spec messages')).toBe(false);
  });

  it('every citation in server/, shared/, web/src/, tests/ and bench/ names a page and an anchor docs/product has', () => {
    expect(files.flatMap((file) => brokenCitations(read(file), file))).toEqual([]);
  });

  it('no source file cites the outside documents any more (cite docs/product instead)', () => {
    const dead = files.flatMap((file) => {
      const text = read(file);
      const m = DEAD_FORM.exec(text);
      if (!m) return [];
      const line = text.slice(0, m.index).split('\n').length;
      return [`${file}:${line}: ${text.split('\n')[line - 1]!.trim()}`];
    });
    expect(dead).toEqual([]);
  });
});

describe('docs/product/messages.md', () => {
  const code = files
    .filter((f) => /^(shared|server|web\/src)\//.test(f) && !/\.test\.tsx?$/.test(f))
    .map(read)
    .join('\n');
  const messages = [...readFileSync(path.join(DOCS, 'messages.md'), 'utf8').matchAll(/^\| "([^"]+)" \|/gm)].map(
    (m) => m[1]!,
  );

  it('quotes only messages the code says (a {placeholder} stands for a value)', () => {
    expect(messages.length).toBeGreaterThan(60);
    const absent = messages.filter((message) =>
      message.split(/\{[^}]+\}/).some((piece) => piece.length >= 4 && !code.includes(piece)),
    );
    expect(absent).toEqual([]);
  });
});
