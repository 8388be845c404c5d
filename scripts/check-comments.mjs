#!/usr/bin/env node
/**
 * Comments in production code state invariants and reasons; figures and history belong in commit messages and
 * decision records, because a comment that retells them is wrong as soon as the numbers move. Part of
 * `npm run check`:
 *
 *   node scripts/check-comments.mjs            # this repository
 *   node scripts/check-comments.mjs <folder>   # another tree laid out the same way (the unit test's)
 *
 * It fails, naming file and line, on a comment under PRODUCTION_ROOTS (tests and test helpers left out) that holds
 * an issue number, a percentile (p50, p95, p99), a before-and-after figure ("120 -> 40 ms", "48 → 12 KB"), an
 * "N x faster" or "seen failing". Only comments are read: TypeScript's own parser finds them, so a string, a
 * template or a regular expression that looks like one of these is left alone. Markdown under those roots is
 * read whole.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const PRODUCTION_ROOTS = ['server', 'shared', 'web/src'];

/** Tests and their helpers may narrate what they guard against; production comments may not. */
const TEST_FILE = /\.test\.[cm]?[jt]sx?$|(^|\/)(server\/test|web\/test)\//;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', '.vite']);
const TS_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx']);

/** What a comment may not hold, each with what to write instead. */
export const HISTORY_PATTERNS = [
  {
    pattern: /\b[Ii]ssues? #?\d+/,
    fix: 'an issue number: say what must stay true and why, or cite the decision record (docs/decisions/NNNN-...)',
  },
  {
    pattern: /\bp(?:50|90|95|99)\b/,
    fix: 'a measured percentile: figures go in docs/performance/runs/ and commit messages',
  },
  {
    pattern: /\d\s?(?:->|→)\s?~?[\d.,]+\s?(?:ms|s|KB|kB|MB|B)\b/,
    fix: 'a before-and-after figure: state the invariant it bought, the figures go in the commit message',
  },
  { pattern: /\b\d+(?:\.\d+)?\s?[x×] (?:faster|slower)\b/, fix: 'a speed-up figure: state the reason instead' },
  { pattern: /\bseen failing\b/i, fix: 'history: state what must stay true' },
];

/**
 * Every comment of one file that holds history, as `file:line: text (why)`.
 * @param {string} file path relative to the tree, for the extension and the message
 * @param {string} text the file's content
 * @returns {string[]}
 */
export function historyInComments(file, text) {
  const problems = [];
  for (const [start, end] of commentRanges(file, text)) {
    const comment = text.slice(start, end);
    const firstLine = text.slice(0, start).split('\n').length;
    comment.split('\n').forEach((line, i) => {
      for (const { pattern, fix } of HISTORY_PATTERNS) {
        const match = pattern.exec(line);
        if (match) {
          problems.push(`${file}:${firstLine + i}: "${match[0]}" in a comment is ${fix}.`);
          break;
        }
      }
    });
  }
  return problems;
}

/** [start, end) of each comment of a file; Markdown is one comment, a file of any other kind has none. */
function commentRanges(file, text) {
  const ext = path.extname(file);
  if (TS_EXTENSIONS.has(ext)) return tsComments(file, text);
  if (ext === '.md') return [[0, text.length]];
  if (ext === '.css') return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => [m.index, m.index + m[0].length]);
  if (ext === '.sql') return sqlComments(text);
  return [];
}

/** Comments as TypeScript's scanner sees them: the trivia before every token of the parsed file. */
function tsComments(file, text) {
  const kind = /\.[cm]?tsx$|\.jsx$/.test(file)
    ? ts.ScriptKind.TSX
    : /\.[cm]?ts$/.test(file)
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const ranges = new Map();
  const collect = (pos) => {
    for (const r of ts.getLeadingCommentRanges(text, pos) ?? []) ranges.set(r.pos, r.end);
    for (const r of ts.getTrailingCommentRanges(text, pos) ?? []) ranges.set(r.pos, r.end);
  };
  // getChildren() lists every token, punctuation included, so each piece of trivia in the file precedes one of them
  // (JSX comments `{/* */}` precede their closing brace).
  const visit = (node) => {
    collect(node.getFullStart());
    collect(node.getEnd());
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...ranges].sort((a, b) => a[0] - b[0]);
}

/** `--` and block comments of SQL, outside quoted strings and identifiers. */
function sqlComments(text) {
  const ranges = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"') {
      const close = text.indexOf(c, i + 1);
      i = close === -1 ? text.length : close;
    } else if (c === '-' && text[i + 1] === '-') {
      const close = text.indexOf('\n', i);
      const end = close === -1 ? text.length : close;
      ranges.push([i, end]);
      i = end;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      const end = close === -1 ? text.length : close + 2;
      ranges.push([i, end]);
      i = end - 1;
    }
  }
  return ranges;
}

/** The production files under `root`, relative to it, with `/` separators. */
function productionFiles(root) {
  const files = [];
  const walk = (relative) => {
    const absolute = path.join(root, relative);
    let entries;
    try {
      entries = readdirSync(absolute);
    } catch {
      return;
    }
    for (const name of entries) {
      if (SKIP_DIRS.has(name)) continue;
      const child = relative ? `${relative}/${name}` : name;
      if (statSync(path.join(root, child)).isDirectory()) walk(child);
      else if (!TEST_FILE.test(child)) files.push(child);
    }
  };
  for (const top of PRODUCTION_ROOTS) walk(top);
  return files.sort();
}

/**
 * Every history comment in the production code of the tree at `root`.
 * @param {string} root
 * @returns {{ problems: string[], files: number }}
 */
export function checkComments(root) {
  const files = productionFiles(root);
  const problems = files.flatMap((file) => historyInComments(file, readFileSync(path.join(root, file), 'utf8')));
  return { problems, files: files.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const { problems, files } = checkComments(root);
  if (problems.length) {
    console.error(problems.join('\n'));
    console.error(
      `\n${problems.length} comment line(s) carry figures or history. A comment says what must stay true and why; ` +
        'the numbers and the story go in the commit message or a decision record (docs/decisions/).',
    );
    process.exit(1);
  }
  console.log(`check-comments: ${files} production files, no figures or history in their comments.`);
}
