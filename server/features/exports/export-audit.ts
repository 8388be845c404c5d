/**
 * The audit line of every export (docs/decisions/0024; table order_exports, migration 0027):
 * written before the first byte of the file leaves, finished when every row was written. Kept EXPORT_AUDIT_DAYS,
 * then deleted by the retention job (erasure/retention.service.ts). An Admin reads them as the export log
 * (product: roles.md#exports).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ExportFormat } from '../../../shared/schemas/order-export-texts';
import { exportRecordSchema, type ExportRecord } from '../../../shared/schemas/export-rights';
import { selectRows, type Executor } from '../../db/client';
import { countRow, idRow } from '../../db/row-schemas';
import { requirePermission, type Staff } from '../../lib/auth';
import { iso } from '../../lib/dates';

/** How long an export's audit line is kept: a year, long enough for a yearly access review. */
export const EXPORT_AUDIT_DAYS = 365;

export interface AuditLine {
  kind: 'queue' | 'report';
  source: string;
  filters: Record<string, unknown>;
  search: string;
  format: ExportFormat;
  rowCount: number;
}

/** Writes the audit line; returns its id. The search text itself is never stored (it is often a customer's name). */
export async function writeAuditLine(db: Executor, staff: Staff, line: AuditLine): Promise<number> {
  const term = line.search.trim();
  const [row] = await selectRows(
    db,
    idRow,
    sql`
    insert into order_exports (staff_id, staff_name, kind, source, filters, search_used, search_length, format, row_count)
    values (${staff.id}, ${staff.name}, ${line.kind}, ${line.source}, ${JSON.stringify(line.filters)}::jsonb, ${term.length > 0},
      ${term.length}, ${line.format}, ${line.rowCount})
    returning id::int as id`,
  );
  return Number(row!.id);
}

/** Marks the audit line's file complete (every row written). */
export async function finishAuditLine(db: Executor, id: number, rows: number) {
  await db.execute(sql`update order_exports set rows_written = ${rows}, finished_at = now() where id = ${id}`);
}

/** Deletes audit lines older than EXPORT_AUDIT_DAYS (the retention job); answers how many. */
export async function pruneAuditLines(db: Executor, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - EXPORT_AUDIT_DAYS * 86_400_000).toISOString();
  const [row] = await selectRows(
    db,
    countRow,
    sql`
    with gone as (delete from order_exports where created_at < ${cutoff}::timestamptz returning 1)
    select count(*)::int as n from gone`,
  );
  return row?.n ?? 0;
}

const logRow = z.object({
  id: z.number(),
  created_at: z.union([z.string(), z.date()]),
  staff_id: z.number().nullable(),
  staff_name: z.string(),
  kind: exportRecordSchema.shape.kind,
  source: z.string(),
  filters: z.record(z.string(), z.unknown()),
  search_used: z.boolean(),
  format: exportRecordSchema.shape.format,
  row_count: z.number(),
  rows_written: z.number().nullable(),
  finished_at: z.union([z.string(), z.date()]).nullable(),
});

/** A page of the export log, newest first, and how many records there are (Admin). */
export async function readExportLog(
  db: Executor,
  staff: Staff,
  page: { page: number; limit: number },
): Promise<{ records: ExportRecord[]; totalRecords: number }> {
  requirePermission(staff, 'exports:manage', 'Only an Admin can read the export log.');
  const rows = await selectRows(
    db,
    logRow,
    sql`
    select id::int as id, created_at, staff_id, staff_name, kind, source, filters, search_used, format, row_count,
      rows_written, finished_at
    from order_exports order by created_at desc, id desc
    limit ${page.limit} offset ${(page.page - 1) * page.limit}`,
  );
  const [total] = await selectRows(db, countRow, sql`select count(*)::int as n from order_exports`);
  return {
    records: rows.map((r) => ({
      id: r.id,
      createdAt: iso(r.created_at),
      staffId: r.staff_id,
      staffName: r.staff_name,
      kind: r.kind,
      source: r.source,
      filters: r.filters,
      searchUsed: r.search_used,
      format: r.format,
      rowCount: r.row_count,
      rowsWritten: r.rows_written,
      finishedAt: iso(r.finished_at),
    })),
    totalRecords: total?.n ?? 0,
  };
}
