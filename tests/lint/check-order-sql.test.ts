/**
 * scripts/check-order-sql.mjs: on small trees written to a temporary folder, and on this repository, which must pass.
 * Each failing case is a production file outside the homes whose SQL reads or writes orders; each passing one holds
 * the same words where they are no statement on orders (a comment, a list's name, another table, a test file) or
 * the same statement in a home.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTrees } from './temp-tree';
import { checkOrderSql, ORDER_SQL_HOMES, orderSqlIn } from '../../scripts/check-order-sql.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/check-order-sql.mjs');

const tree = tempTrees('check-order-sql-');

const STATEMENT = `import { sql } from 'drizzle-orm';
export const due = sql\`select order_id from orders where purged_at is null\`;
`;

/** A tree with every home present and named by the map, plus `files`. */
function homesAnd(files: Record<string, string>): string {
  const homes = Object.fromEntries(
    ORDER_SQL_HOMES.map((h) => [h.path.endsWith('/') ? `${h.path}index.ts` : h.path, STATEMENT]),
  );
  const map = `# Architecture\n\n## Data\n\n${ORDER_SQL_HOMES.map((h) => `- \`${h.path}\`: ${h.holds}`).join('\n')}\n`;
  return tree({ ...homes, 'docs/ARCHITECTURE.md': map, ...files });
}

describe('check-order-sql', () => {
  it('fails on a statement on orders in a feature service, naming the file and the line', () => {
    const root = homesAnd({
      'server/features/x/x.service.ts': `import { sql } from 'drizzle-orm';\n\nexport const n = sql\`
  select count(*)::int as n
  from orders o where o.process_status = 'New'\`;\n`,
    });
    const { problems } = checkOrderSql(root);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^server\/features\/x\/x\.service\.ts:5: SQL on orders \("from orders"\) outside its homes/,
    );

    const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('server/features/x/x.service.ts:5:');
    // The script's own start parses TypeScript's compiler: seconds on a busy two-core machine.
  }, 30_000);

  it('sees writes, joins, quoted names, the Drizzle table in a template and sql.identifier', () => {
    const found = (text: string) => orderSqlIn('server/a.ts', text).map((f) => f.what);
    expect(found('const a = sql`update orders set updated_at = now()`;')).toEqual(['update orders']);
    expect(found('const a = sql`select 1 from disputes d join orders o on o.order_id = d.order_id`;')).toEqual([
      'join orders',
    ]);
    expect(found('const a = sql`insert into "orders" (email) values (\'a\')`;')).toEqual(['into "orders"']);
    expect(found("const a = sql`select 'orders'::regclass`;")).toEqual(["'orders'"]);
    expect(found('const a = sql`select ${orders.email} from ${orders} where x = ${id}`;')).toEqual([
      '${orders.email}',
      '${orders}',
    ]);
    expect(found("const a = sql`lock table ${sql.identifier('orders')}`;")).toEqual(["sql.identifier('orders')"]);
    expect(found("await client.query('delete from orders where order_id = $1', [id]);")).toEqual(['from orders']);
  });

  it('passes the same words where they are no statement on orders, and any statement in a home or a test', () => {
    const root = homesAnd({
      'server/features/x/x.service.ts': `import { sql } from 'drizzle-orm';
// Counts come from orders through the triggers; nothing here reads from orders.
/** Rebuilt from orders by report-counters.ts. */
export const rules = rulesOf('orders');
export const tags = ['orders'];
export const text = 'Names the orders as a list';
export const other = sql\`select id from remarks where order_id = \${1}\`;
export const typed = db.select({ id: orders.orderId }).from(orders);
`,
      'server/features/x/x.test.ts': STATEMENT,
      'server/test/helper.ts': STATEMENT,
      'server/features/queue-engine/more/deeper.ts': STATEMENT,
    });
    expect(checkOrderSql(root).problems).toEqual([]);
    const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
    expect(run.status).toBe(0);
  }, 30_000);

  it('fails on a home that is gone or that the map does not name', () => {
    const root = tree({ 'server/db/order-lookups.ts': STATEMENT, 'docs/ARCHITECTURE.md': '# Architecture\n' });
    const problems = checkOrderSql(root, [
      { path: 'server/db/order-lookups.ts', holds: "one order's statements" },
      { path: 'server/features/gone/gone-store.ts', holds: 'nothing now' },
    ]).problems;
    expect(problems).toEqual([
      'server/db/order-lookups.ts: a home of SQL on orders that docs/ARCHITECTURE.md does not name: add it to its Data section.',
      'server/features/gone/gone-store.ts: a home of SQL on orders that does not exist: take it out of ORDER_SQL_HOMES.',
    ]);
  });

  // Parses every production file of the server: seconds on a busy two-core machine.
  it('passes this repository', () => {
    expect(checkOrderSql(ROOT).problems).toEqual([]);
  }, 60_000);
});
