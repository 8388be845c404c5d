#!/usr/bin/env node
/**
 * The docs' shape and citations, checked (part of `npm run check`):
 *
 *   node scripts/check-docs.mjs            # this repository
 *   node scripts/check-docs.mjs <folder>   # another tree laid out the same way (the unit test's)
 *
 * It fails, naming the file and what to do, on
 * - a decision record (`docs/decisions/NNNN-*.md`) whose sections are not exactly `## Status`, `## Context`,
 *   `## Decision`, `## Consequences` in that order, whose status does not start with `Accepted`,
 *   `Superseded by [NNNN](NNNN-....md)` or `Withdrawn`, or that is superseded or withdrawn by a record whose status
 *   does not name it back;
 * - `docs/performance.md` or `docs/ARCHITECTURE.md` longer than MAX_MAP_LINES: they are maps, and dated runs
 *   belong in `docs/performance/runs/`;
 * - a dead citation: a path under `docs/` (`docs/FILE.md`, `docs/FILE.md#ANCHOR`, `docs/decisions/NNNN` for the
 *   record `NNNN-*.md`), a product citation (`product: FILE.md#ANCHOR`), a decision number (`decision NNNN`) or, in
 *   Markdown, a relative link, that names a file or an anchor that does not exist. Looked for in every file under `docs/` and in the comments
 *   of the code under CODE_ROOTS (Markdown there is read whole). An anchor is an explicit `<a id="...">` or a
 *   heading's GitHub slug.
 *
 * Comments are found in the file as TypeScript parses it, so a string that merely looks like a path (a storage key
 * under the `docs` prefix in a test) is not taken for a citation.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const MAX_MAP_LINES = 300;
export const MAPS = ['docs/performance.md', 'docs/ARCHITECTURE.md'];
export const DECISIONS_DIR = 'docs/decisions';
export const SECTIONS = ['Status', 'Context', 'Decision', 'Consequences'];
export const CODE_ROOTS = ['server', 'shared', 'web/src', 'scripts', 'tests', 'bench'];

const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'results', 'test-results', '.vite']);
const TS_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx']);
const BLOCK_COMMENT_EXTENSIONS = new Set(['.css', '.html']);
const DOC_TEXT_EXTENSIONS = new Set(['.md', '.sql', '.json', '.txt']);

/** A name used as a placeholder in a how-to (`docs/product/FILE.md#ANCHOR`, `runs/YYYY-MM-DD-...`), not a citation. */
const PLACEHOLDER = /\b(?:FILE|ANCHOR|YYYY|NNNN|XXXX)\b|[<{*]/;
/** `docs/...`, not inside another path (the API's `/api/docs/json`, `tests/product-docs/`). */
const DOCS_PATH = /(?<![\w./-])docs\/[\w./-]*(?:#[\w-]+)?/g;
/** `product: FILE.md#ANCHOR, FILE.md#ANCHOR` (docs/product/README.md#citations). */
const PRODUCT_CITATION = /product: ([a-z0-9-]+\.md(?:#[a-z0-9-]+)?(?:, [a-z0-9-]+\.md(?:#[a-z0-9-]+)?)*)/g;
/** `decision NNNN`, `decisions NNNN and NNNN`, `Decision NNNN` (not a date that follows: `decision NNNN, 2026-11-22`). */
const DECISION_NUMBER = /\b[Dd]ecisions? (\d{4}(?![\d-])(?:(?:, | and | or )\d{4}(?![\d-]))*)/g;
/** Anything that may be one of the above. */
const CANDIDATE = /docs\/|product: |[Dd]ecisions? \d{4}/;
/** A Markdown link's target: `[text](target)` or `[text](target "title")`. */
const MARKDOWN_LINK = /\[[^\]\n]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

/**
 * Every problem found in the tree at `root`, each a line that names the file; an empty list when all is well.
 * @param {string} root
 * @returns {{ problems: string[], summary: string }}
 */
export function checkDocs(root) {
  const files = new FileCache(root);
  const problems = [];
  const decisions = decisionRecords(files);
  for (const record of decisions.values()) problems.push(...recordProblems(record, decisions));
  for (const map of MAPS) {
    if (!files.exists(map)) continue;
    const lines = lineCount(files.read(map));
    if (lines > MAX_MAP_LINES)
      problems.push(
        `${map}: ${lines} lines, over the ${MAX_MAP_LINES} a map may have. Keep it a map: move dated runs to ` +
          `docs/performance/runs/ and details to the files or decision records they belong to.`,
      );
  }
  let citations = 0;
  for (const file of [...files.walk('docs'), ...CODE_ROOTS.flatMap((dir) => files.walk(dir))]) {
    const found = citationsIn(file, files);
    citations += found.length;
    for (const citation of found) {
      const why = deadCitation(citation, files);
      if (why) problems.push(`${file}:${citation.line}: ${citation.text} (${why})`);
    }
  }
  const mapLines = MAPS.filter((map) => files.exists(map))
    .map((map) => `${path.basename(map)} ${lineCount(files.read(map))} lines`)
    .join(', ');
  return {
    problems: [...new Set(problems)],
    summary: `${decisions.size} decision records, ${mapLines}, ${citations} citations checked`,
  };
}

/** Lines as `wc -l` counts them: a final newline ends the last line, it does not start another. */
export function lineCount(text) {
  return text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

class FileCache {
  constructor(root) {
    this.root = root;
    this.texts = new Map();
    this.anchorSets = new Map();
  }
  abs(file) {
    return path.join(this.root, file);
  }
  exists(file) {
    return existsSync(this.abs(file));
  }
  isDirectory(file) {
    return this.exists(file) && statSync(this.abs(file)).isDirectory();
  }
  read(file) {
    if (!this.texts.has(file)) this.texts.set(file, readFileSync(this.abs(file), 'utf8'));
    return this.texts.get(file);
  }
  list(dir) {
    return this.isDirectory(dir) ? readdirSync(this.abs(dir)).sort() : [];
  }
  /** Every file under `dir` (relative to the root, `/`-separated), skipping build output and dependencies. */
  walk(dir) {
    const out = [];
    for (const name of this.list(dir)) {
      const file = `${dir}/${name}`;
      if (this.isDirectory(file)) {
        if (!SKIP_DIRS.has(name) && !name.startsWith('.')) out.push(...this.walk(file));
      } else out.push(file);
    }
    return out;
  }
  /** The anchors a Markdown file offers: explicit ids and its headings' slugs. */
  anchors(file) {
    if (!this.anchorSets.has(file)) this.anchorSets.set(file, markdownAnchors(this.read(file)));
    return this.anchorSets.get(file);
  }
}

/** Explicit `id="x"` / `name="x"` and GitHub's heading slugs (a repeated heading gets `-1`, `-2`...). */
export function markdownAnchors(text) {
  const anchors = new Set();
  for (const m of text.matchAll(/<a\s+(?:[^>]*\s)?(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
  const seen = new Map();
  for (const line of withoutFences(text)) {
    const m = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const slug = m[1]
      .replace(/<[^>]+>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** The lines of a Markdown text with fenced code blocks blanked (their `#` lines are not headings). */
function withoutFences(text) {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Decision records

function decisionRecords(files) {
  const records = new Map();
  for (const name of files.list(DECISIONS_DIR)) {
    const m = /^(\d{4})-.+\.md$/.exec(name);
    if (m)
      records.set(m[1], {
        number: m[1],
        file: `${DECISIONS_DIR}/${name}`,
        text: files.read(`${DECISIONS_DIR}/${name}`),
      });
  }
  return records;
}

/** The text of each `## ` section, by heading, in the order they come. */
export function sectionsOf(text) {
  const sections = [];
  for (const line of withoutFences(text)) {
    const m = /^## (.+?)\s*$/.exec(line);
    if (m) sections.push({ heading: m[1], lines: [] });
    else sections.at(-1)?.lines.push(line);
  }
  return sections.map((s) => ({ heading: s.heading, body: s.lines.join('\n').trim() }));
}

const STATUS_START = /^(?:Accepted\b|Withdrawn\b|Superseded by \[(\d{4})\]\((\d{4}-[^)\s]+\.md)\))/;

function recordProblems(record, records) {
  const { file } = record;
  const sections = sectionsOf(record.text);
  const headings = sections.map((s) => s.heading);
  if (headings.join('|') !== SECTIONS.join('|')) {
    const missing = SECTIONS.filter((h) => !headings.includes(h));
    const extra = headings.filter((h) => !SECTIONS.includes(h));
    const why = [
      missing.length ? `missing ${missing.map((h) => `"## ${h}"`).join(', ')}` : '',
      extra.length
        ? `other sections ${extra.map((h) => `"## ${h}"`).join(', ')} (make them ### under one of the four)`
        : '',
      !missing.length && !extra.length ? `sections in the order ${headings.join(', ')}` : '',
    ].filter(Boolean);
    return [
      `${file}: a decision record has exactly the sections ${SECTIONS.map((h) => `"## ${h}"`).join(', ')}, ` +
        `in that order; this one has ${why.join('; ')}`,
    ];
  }
  const status = sections[0].body;
  if (!STATUS_START.test(status))
    return [
      `${file}: its status must start with "Accepted", "Superseded by [NNNN](NNNN-....md)" or "Withdrawn"; ` +
        `it reads "${status.split('\n')[0]}"`,
    ];
  const problems = [];
  for (const m of status.matchAll(/\b(?:superseded|withdrawn)\b[^.]*?\[(\d{4})\]/gi)) {
    const by = records.get(m[1]);
    if (!by) continue; // a dead link, reported with the citations
    const byStatus = sectionsOf(by.text).find((s) => s.heading === 'Status')?.body ?? '';
    if (!new RegExp(`\\b${record.number}\\b`).test(byStatus))
      problems.push(
        `${file}: its status says it is superseded or withdrawn by ${m[1]}, whose status (${by.file}) does not ` +
          `name ${record.number}: the newer record says what it supersedes`,
      );
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// Citations

/**
 * The citations in one file: for Markdown and the other files under docs/, the whole text; for code, its comments.
 * @returns {{ kind: 'path' | 'product' | 'decision' | 'link', text: string, target: string, line: number }[]}
 */
function citationsIn(file, files) {
  const ext = path.extname(file);
  const text = files.read(file);
  if (ext === '.md') return citationsInText(text, 0, text, { markdown: true, file });
  if (file.startsWith('docs/')) return DOC_TEXT_EXTENSIONS.has(ext) ? citationsInText(text, 0, text, { file }) : [];
  // Most code files cite nothing: only those that hold something like a citation are parsed for their comments.
  if (!CANDIDATE.test(text)) return [];
  return commentsOf(file, text).flatMap(([start, end]) =>
    citationsInText(text.slice(start, end), start, text, { file }),
  );
}

/** [start, end) of every comment of a code file. */
function commentsOf(file, text) {
  const ext = path.extname(file);
  if (TS_EXTENSIONS.has(ext)) return tsComments(file, text);
  if (BLOCK_COMMENT_EXTENSIONS.has(ext))
    return [...text.matchAll(/\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->/g)].map((m) => [m.index, m.index + m[0].length]);
  if (ext === '.sql')
    return [...text.matchAll(/--[^\n]*|\/\*[\s\S]*?\*\//g)].map((m) => [m.index, m.index + m[0].length]);
  if (ext === '.sh' || (file.startsWith('scripts/') && ext === ''))
    return [...text.matchAll(/#[^\n]*/g)].map((m) => [m.index, m.index + m[0].length]);
  return [];
}

function tsComments(file, text) {
  const kind = /\.[cm]?tsx?$/.test(file)
    ? file.endsWith('x')
      ? ts.ScriptKind.TSX
      : ts.ScriptKind.TS
    : ts.ScriptKind.JSX;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const ranges = new Map();
  // Every comment sits in the trivia after some boundary: a node's start or end, or a list's start or end (the
  // position after an opening brace or parenthesis). An empty JSX expression `{/* ... */}` has its own case.
  const collect = (pos) => {
    for (const r of ts.getLeadingCommentRanges(text, pos) ?? []) ranges.set(r.pos, r.end);
    for (const r of ts.getTrailingCommentRanges(text, pos) ?? []) ranges.set(r.pos, r.end);
  };
  const visitList = (list) => {
    collect(list.pos);
    collect(list.end);
    list.forEach(visit);
  };
  const visit = (node) => {
    collect(node.pos);
    collect(node.end);
    if (ts.isJsxExpression(node) && !node.expression) collect(node.getStart(source) + 1);
    ts.forEachChild(node, visit, visitList);
  };
  visit(source);
  return [...ranges].sort((a, b) => a[0] - b[0]);
}

function citationsInText(chunk, offset, whole, { markdown = false, file }) {
  const found = [];
  const at = (index) => whole.slice(0, offset + index).split('\n').length;
  const add = (kind, text, target, index) => {
    if (!PLACEHOLDER.test(target)) found.push({ kind, text, target, line: at(index), file });
  };
  for (const m of chunk.matchAll(DOCS_PATH)) {
    const target = m[0].replace(/[.-]+$/, '');
    add('path', target, target, m.index);
  }
  for (const m of chunk.matchAll(PRODUCT_CITATION))
    for (const target of m[1].split(', ')) add('product', `product: ${target}`, `docs/product/${target}`, m.index);
  for (const m of chunk.matchAll(DECISION_NUMBER))
    for (const n of m[1].match(/\d{4}/g)) add('decision', `decision ${n}`, n, m.index);
  if (markdown)
    for (const m of chunk.matchAll(MARKDOWN_LINK)) {
      const target = m[1];
      if (/^(?:[a-z]+:|\/\/|\/)/i.test(target)) continue; // another site, a mail address, an address of the app
      add('link', `(${target})`, resolveLink(file, target), m.index);
    }
  return found;
}

/** A relative Markdown link as a path from the root (`#x` alone is the file itself). */
function resolveLink(file, target) {
  const [pathPart, anchor] = target.split('#');
  const resolved = pathPart
    ? path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(pathPart)))
    : file;
  return anchor === undefined ? resolved : `${resolved}#${anchor}`;
}

/** Why a citation is dead, or null when it names what exists. */
function deadCitation(citation, files) {
  if (citation.kind === 'decision') {
    const n = citation.target;
    return files.list(DECISIONS_DIR).some((name) => name.startsWith(`${n}-`))
      ? null
      : `no record ${DECISIONS_DIR}/${n}-*.md`;
  }
  const [target, anchor] = citation.target.split('#');
  let file = target.replace(/\/$/, '');
  if (!files.exists(file)) {
    // `docs/decisions/NNNN` names the record `NNNN-*.md`.
    const dir = path.posix.dirname(file);
    const base = path.posix.basename(file);
    const matches = path.posix.extname(base) ? [] : files.list(dir).filter((name) => name.startsWith(`${base}-`));
    if (matches.length !== 1) return `no file ${file}`;
    file = `${dir}/${matches[0]}`;
  }
  if (anchor === undefined || anchor === '') return null;
  if (files.isDirectory(file) || !file.endsWith('.md'))
    return `${file} is not a Markdown page, so it has no #${anchor}`;
  return files.anchors(file).has(anchor) ? null : `no anchor #${anchor} in ${file}`;
}

// ---------------------------------------------------------------------------------------------------------------

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const { problems, summary } = checkDocs(root);
  if (problems.length) {
    console.error(problems.join('\n'));
    console.error(`\ncheck-docs: ${problems.length} problem${problems.length === 1 ? '' : 's'} (${summary}).`);
    process.exit(1);
  }
  console.log(`check-docs: ${summary}: all good.`);
}
