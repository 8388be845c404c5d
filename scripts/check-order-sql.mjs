#!/usr/bin/env node
/**
 * Raw SQL on `orders` lives in a few named homes, so that every statement on the busiest table is found in one of
 * them, written for its plan and decoded by its schema (docs/decisions/0044, docs/decisions/0050). Part of
 * `npm run check`:
 *
 *   node scripts/check-order-sql.mjs            # this repository
 *   node scripts/check-order-sql.mjs <folder>   # another tree laid out the same way (the unit test's)
 *
 * It fails, naming file and line, on a production file under SCANNED_ROOTS (tests and test helpers left out) outside
 * ORDER_SQL_HOMES whose SQL reads or writes `orders`: a string or template that says `from orders`, `join orders`,
 * `update orders`, `into orders`, `table orders` (and `truncate`, `copy`, `analyze`, `vacuum`), or names `'orders'`
 * inside a template, `sql.identifier('orders')`, or the Drizzle table interpolated into a `sql` template
 * (`${orders}`, `${orders.orderId}`). Comments are not read (TypeScript's parser finds the literals). Drizzle's typed
 * builder on the table (`db.select().from(orders)`) is not raw SQL: its columns are checked by tsc against
 * server/db/schema.ts, and it may stay in a feature.
 *
 * It fails too when a home no longer exists, or when docs/ARCHITECTURE.md does not name it: the list and the map
 * stay one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Where raw SQL on `orders` may be, each with what it holds (a folder ends with `/`). */
export const ORDER_SQL_HOMES = [
  { path: 'server/features/queue-engine/', holds: "the queues: pages, searches, counts, Work next's probe" },
  { path: 'server/features/orders/order-store.ts', holds: 'the rows a move, an assignment or a bulk action locks' },
  { path: 'server/db/order-lookups.ts', holds: "one order's statements that several features share" },
  { path: 'server/features/erasure/erasure-store.ts', holds: "the erasure's update and retention's due orders" },
  { path: 'server/features/reports/report-counters.ts', holds: "the report counters' rebuild" },
  { path: 'server/features/exports/', holds: "the export's statement and its count" },
  {
    path: 'server/features/information-requests/request-store.ts',
    holds: "a request's answers read and written on its order, and the follow-up's due requests",
  },
  { path: 'server/seed/load-orders.ts', holds: "the bulk loader's COPY, its indexes and the id sequence" },
  {
    path: 'server/features/sealing/sealing-store.ts',
    holds: 'the orders still in clear or under an older key, locked a batch at a time, and their sealed values',
  },
];

export const SCANNED_ROOTS = ['server', 'shared'];
export const MAP = 'docs/ARCHITECTURE.md';

const TEST_FILE = /\.test\.[cm]?[jt]sx?$|(^|\/)server\/test\//;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'migrations']);
const TS_FILE = /\.[cm]?[jt]sx?$/;

/** A statement naming `orders` as the table it reads or writes. */
const ORDERS_STATEMENT =
  /\b(?:from|join|update|into|table|truncate|copy|analyze|vacuum)\s+(?:only\s+)?(?:"?public"?\.)?"?orders"?(?![\w$-])/i;
/** `'orders'` quoted inside SQL text (`'orders'::regclass`, `table_name = 'orders'`). */
const QUOTED_ORDERS = /'orders'/;

const inHome = (file, homes) => homes.some((h) => (h.path.endsWith('/') ? file.startsWith(h.path) : file === h.path));

/** `orders` or `orders.someColumn`: the Drizzle table interpolated into a template. */
function isOrdersTable(expression) {
  let e = expression;
  while (ts.isPropertyAccessExpression(e)) e = e.expression;
  return ts.isIdentifier(e) && e.text === 'orders';
}

/** `sql` (drizzle-orm's tag), as a template's tag or a call's receiver (`sql.identifier`, `sql.raw`). */
const isSqlTag = (node) => ts.isIdentifier(node) && node.text === 'sql';

/**
 * Every place in one file's code where SQL reads or writes `orders`, as `{ line, what }`.
 * @param {string} file path relative to the tree (for the script kind)
 * @param {string} text the file's content
 * @returns {{ line: number, what: string }[]}
 */
export function orderSqlIn(file, text) {
  const kind = /\.[cm]?tsx$|\.jsx$/.test(file)
    ? ts.ScriptKind.TSX
    : /\.[cm]?ts$/.test(file)
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const at = (pos, what) => found.push({ line: source.getLineAndCharacterOfPosition(pos).line + 1, what });
  const scan = (literal, start, quotedToo) => {
    const match = ORDERS_STATEMENT.exec(literal) ?? (quotedToo ? QUOTED_ORDERS.exec(literal) : null);
    if (match) at(start + match.index, match[0].replace(/\s+/g, ' '));
  };
  const visit = (node) => {
    if (ts.isStringLiteral(node)) {
      // The text without its quotes: `rulesOf('orders')` names a list, not a statement.
      scan(node.text, node.getStart(source) + 1, false);
    } else if (
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      scan(node.getText(source), node.getStart(source), true);
    } else if (ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag) && ts.isTemplateExpression(node.template)) {
      for (const span of node.template.templateSpans) {
        if (isOrdersTable(span.expression))
          at(span.expression.getStart(source), `\${${span.expression.getText(source)}}`);
      }
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      isSqlTag(node.expression.expression) &&
      node.expression.name.text === 'identifier' &&
      node.arguments.some((a) => ts.isStringLiteral(a) && a.text === 'orders')
    ) {
      at(node.getStart(source), "sql.identifier('orders')");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The production code files under `root`'s SCANNED_ROOTS, relative to it, with `/` separators. */
function productionFiles(root) {
  const files = [];
  const walk = (relative) => {
    let entries;
    try {
      entries = readdirSync(path.join(root, relative));
    } catch {
      return;
    }
    for (const name of entries) {
      if (SKIP_DIRS.has(name)) continue;
      const child = `${relative}/${name}`;
      if (statSync(path.join(root, child)).isDirectory()) walk(child);
      else if (TS_FILE.test(child) && !TEST_FILE.test(child)) files.push(child);
    }
  };
  for (const top of SCANNED_ROOTS) walk(top);
  return files.sort();
}

/**
 * SQL on `orders` outside its homes in the tree at `root`, homes that are gone, and homes the map does not name.
 * @param {string} root
 * @param {{ path: string, holds: string }[]} [homes]
 * @returns {{ problems: string[], files: number }}
 */
export function checkOrderSql(root, homes = ORDER_SQL_HOMES) {
  const problems = [];
  const files = productionFiles(root);
  for (const file of files) {
    if (inHome(file, homes)) continue;
    for (const { line, what } of orderSqlIn(file, readFileSync(path.join(root, file), 'utf8'))) {
      problems.push(
        `${file}:${line}: SQL on orders ("${what}") outside its homes: move the statement into the home that holds ` +
          `its kind (ORDER_SQL_HOMES in scripts/check-order-sql.mjs, ${MAP}#data), or name a new data-access ` +
          'module in both.',
      );
    }
  }
  const mapPath = path.join(root, MAP);
  const map = existsSync(mapPath) ? readFileSync(mapPath, 'utf8') : '';
  for (const home of homes) {
    if (!existsSync(path.join(root, home.path))) {
      problems.push(`${home.path}: a home of SQL on orders that does not exist: take it out of ORDER_SQL_HOMES.`);
    } else if (!map.includes(`\`${home.path}\``)) {
      problems.push(`${home.path}: a home of SQL on orders that ${MAP} does not name: add it to its Data section.`);
    }
  }
  return { problems, files: files.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const { problems, files } = checkOrderSql(root);
  if (problems.length) {
    console.error(problems.join('\n'));
    console.error(`\n${problems.length} problem(s) with where SQL on orders lives (docs/decisions/0050).`);
    process.exit(1);
  }
  console.log(`check-order-sql: ${files} production files, SQL on orders only in its ${ORDER_SQL_HOMES.length} homes.`);
}
