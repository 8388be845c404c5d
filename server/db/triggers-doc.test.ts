/**
 * docs/database/triggers.sql is the live SQL of every function and trigger (scripts/docs-triggers.ts): rendered
 * again from this suite's migrated database, it must equal the committed file, so a migration that redefines a
 * function cannot leave the document behind.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTriggerSnapshot, TRIGGERS_DOC } from '../../scripts/docs-triggers';
import type { Database } from './client';
import { createTestDatabase } from '../test/helper';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('docs/database/triggers.sql', () => {
  it('holds the functions and triggers of the migrated database (else run npm run docs:triggers and commit it)', async () => {
    const live = await renderTriggerSnapshot(database.db);
    // The document names each function the counters and live events depend on, so an empty render cannot pass.
    expect(live).toContain('CREATE OR REPLACE FUNCTION public.order_count_buckets(');
    expect(live).toContain('CREATE TRIGGER orders_folder_counts_upd AFTER UPDATE ON orders');
    expect(
      readFileSync(TRIGGERS_DOC, 'utf8'),
      'docs/database/triggers.sql differs from the migrated database: run `npm run docs:triggers` and commit it',
    ).toBe(live);
  });
});
