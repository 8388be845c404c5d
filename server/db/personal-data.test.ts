/**
 * THE list of personal data (personal-data.ts) against the live database: every column of every table is in it
 * (personal or not, and how it is erased), nothing in it is missing from the database, and its blanks are values
 * the columns accept. A column added without a decision here fails this test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../test/helper';
import { selectRows, type Database } from './client';
import { blankOf, erasedColumns, PERSONAL_DATA, tableName } from './personal-data';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const liveColumns = () =>
  selectRows<{ table_name: string; column_name: string; is_generated: string; is_nullable: string }>(
    database.db,
    sql`
  select c.table_name, c.column_name, c.is_generated, c.is_nullable
  from information_schema.columns c
  join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
  where c.table_schema = 'public'
  order by c.table_name, c.ordinal_position`,
  );

describe('the list of personal data', () => {
  it('names every column of every table of the database, and only those', async () => {
    const live = await liveColumns();
    expect(live.length).toBeGreaterThan(100);
    const listed = new Set(
      PERSONAL_DATA.flatMap((rules) => Object.keys(rules.columns).map((c) => `${tableName(rules)}.${c}`)),
    );
    const inDatabase = new Set(live.map((c) => `${c.table_name}.${c.column_name}`));
    const unlisted = [...inDatabase].filter((c) => !listed.has(c));
    expect(unlisted, 'columns nobody has said are personal or not: add them to server/db/personal-data.ts').toEqual([]);
    expect(
      [...listed].filter((c) => !inDatabase.has(c)),
      'listed columns the database does not have',
    ).toEqual([]);
    expect(new Set(PERSONAL_DATA.map(tableName)).size, 'each table listed once').toBe(PERSONAL_DATA.length);
  });

  it('lists as derived exactly the columns the database generates, from columns it erases', async () => {
    const generated = (await liveColumns())
      .filter((c) => c.is_generated === 'ALWAYS')
      .map((c) => `${c.table_name}.${c.column_name}`);
    const derived = PERSONAL_DATA.flatMap((rules) =>
      Object.entries(rules.columns)
        .filter(([, rule]) => rule.kind === 'derived')
        .map(([c]) => `${tableName(rules)}.${c}`),
    );
    expect(derived.sort()).toEqual(generated.sort());
    for (const rules of PERSONAL_DATA) {
      for (const [column, rule] of Object.entries(rules.columns)) {
        if (rule.kind !== 'derived') continue;
        for (const source of rule.from)
          expect(rules.columns[source]?.kind, `${column} comes from ${source}`).toBe('erased');
      }
    }
  });

  it('erases per order only tables that belong to an order', async () => {
    const live = await liveColumns();
    for (const rules of PERSONAL_DATA.filter((r) => r.perOrder)) {
      expect(
        live.some((c) => c.table_name === tableName(rules) && c.column_name === 'order_id'),
        tableName(rules),
      ).toBe(true);
    }
    for (const rules of PERSONAL_DATA.filter((r) => !r.perOrder)) {
      expect(
        erasedColumns(rules, ['travel', 'evidence']),
        `${tableName(rules)} has no order to be erased with`,
      ).toEqual([]);
    }
  });

  it('gives every personal column a blank the database accepts (a NOT NULL column is never set to null)', async () => {
    const live = await liveColumns();
    for (const rules of PERSONAL_DATA.filter((r) => r.perOrder)) {
      for (const { name } of erasedColumns(rules, ['travel', 'evidence'])) {
        const column = live.find((c) => c.table_name === tableName(rules) && c.column_name === name)!;
        // The blank, cast to the column's type inside a rolled-back update: refused types or NULLs fail here.
        await expect(
          database.db.transaction(async (tx) => {
            await tx.execute(
              sql`update ${sql.identifier(tableName(rules))} set ${sql.identifier(name)} = ${blankOf(rules, name)} where false`,
            );
            tx.rollback();
          }),
          `${tableName(rules)}.${name}`,
        ).rejects.toThrow(/rollback/i);
        if (column.is_nullable === 'NO') {
          // Evaluated on one row of nulls (the right join), so a blank that reads other columns is judged too.
          const [row] = await selectRows<{ blank_is_null: boolean }>(
            database.db,
            sql`
            select (${blankOf(rules, name)}) is null as blank_is_null
            from ${sql.identifier(tableName(rules))} right join (select 1) as one on false limit 1`,
          );
          expect(row!.blank_is_null, `${tableName(rules)}.${name} is NOT NULL: its blank must not be null`).toBe(false);
        }
      }
    }
  });
});
