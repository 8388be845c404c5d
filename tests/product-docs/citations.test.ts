/**
 * Code cites the product's rules as `product: FILE.md#ANCHOR` (docs/product/README.md#citations). These tests fail
 * when a cited page or anchor does not exist in docs/product/, when a source file still cites the two documents
 * that lived outside the repository ("spec section N", "DECISIONS ..."), when the rewrite script
 * (scripts/rewrite-citations.mjs) maps an old citation to an anchor that does not exist or leaves one behind, and
 * when docs/product/messages.md quotes a message the code no longer says.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CITATION,
  DEAD_FORM,
  FILE_OVERRIDES,
  PATH_CITATION,
  PHRASES,
  ROOT,
  SECTIONS,
  rewriteText,
  sourceFiles,
} from '../../scripts/rewrite-citations.mjs';

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
export function citationsIn(text: string): string[] {
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

  it('no source file cites the outside documents any more (run: node scripts/rewrite-citations.mjs --write)', () => {
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

describe('scripts/rewrite-citations.mjs', () => {
  it('maps every old citation to an anchor docs/product has', () => {
    const targets = [
      ...Object.entries(SECTIONS).map(([key, target]) => [key, target] as const),
      ...Object.entries(FILE_OVERRIDES).flatMap(([file, map]) =>
        Object.entries(map).map(([key, target]) => [`${file} ${key}`, target] as const),
      ),
      ...PHRASES.flatMap(([from, to]) => citationsIn(to).map((target) => [from, target] as const)),
    ];
    expect(targets.length).toBeGreaterThan(50);
    expect(
      targets.flatMap(([key, target]) => (missing(target) ? [`${key} -> ${target}: ${missing(target)}`] : [])),
    ).toEqual([]);
  });

  it('rewrites the sources as they are now into good citations, leaving no old one', () => {
    const problems: string[] = [];
    for (const file of files) {
      const text = read(file);
      if (!DEAD_FORM.test(text)) continue;
      const result = rewriteText(text, file);
      if (result.unmapped.length) problems.push(`${file}: nothing maps ${result.unmapped.join(', ')}`);
      const left = DEAD_FORM.exec(result.text);
      if (left) problems.push(`${file}: left ${JSON.stringify(result.text.slice(left.index, left.index + 40))}`);
      problems.push(...brokenCitations(result.text, file));
    }
    expect(problems).toEqual([]);
  });

  it('turns the forms used in the code into the checked form', () => {
    const rewrite = (text: string, file = 'shared/x.ts') => rewriteText(text, file).text;
    expect(rewrite('/** Manage Team (spec section 2): the form. */')).toBe(
      '/** Manage Team (product: screens.md#routes): the form. */',
    );
    expect(rewrite(' * Order detail (spec section 2 "Order detail", section 3): the whole')).toBe(
      ' * Order detail (product: orders.md#order-detail): the whole',
    );
    expect(rewrite('(spec section 6, DECISIONS section 3)')).toBe(
      '(product: roles.md#permissions, roles.md#server-enforcement)',
    );
    expect(rewrite('(DECISIONS sections 4 [10] and 6)')).toBe('(product: orders.md#mail)');
    expect(rewrite('(spec section 7 `resend-mail`; DECISIONS [11])')).toBe(
      '(product: orders.md#mail, orders.md#transaction-details)',
    );
    expect(rewrite('(DECISIONS "Processed by")')).toBe('(product: orders.md#processed-by)');
    expect(rewrite('(spec "Upload Document", DECISIONS sections 5 and 6)')).toBe(
      '(product: orders.md#documents, public-pages.md#privacy, orders.md#mail)',
    );
    expect(rewrite(' * frame (spec\n * section 1, DECISIONS section 5): the')).toBe(
      ' * frame (product: public-pages.md#branding, public-pages.md#privacy): the',
    );
    expect(rewrite("Spec section 7's call: x")).toBe('The download call (product: public-pages.md#download): x');
    // A file's own narrower rule wins over the section's default.
    expect(rewrite('(spec section 6)', 'web/src/features/queues/QueuePage.tsx')).toBe(
      '(product: roles.md#queue-actions)',
    );
    // ... also when the file has moved (matched by its name when only one entry has it).
    expect(rewrite('(spec section 6)', 'web/src/features/queue-engine/QueuePage.tsx')).toBe(
      '(product: roles.md#queue-actions)',
    );
    // Nothing that is not a citation changes.
    expect(rewrite('the spec messages, section 7 of the form')).toBe('the spec messages, section 7 of the form');
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
