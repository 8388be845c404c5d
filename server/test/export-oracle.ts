/**
 * The reference an order export's CSV is compared with, byte for byte: the file as the export wrote it while its
 * cells were made in JavaScript (docs/decisions/0024): the rows read with the plain columns, each cell formatted
 * here, the file written by csv-stringify with `escape_formulas` and CRLF ends after a byte-order mark. Written
 * independently of order-export-statements.ts, which makes the same text in SQL.
 */
import { sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { selectRows, type Executor } from '../db/client';
import { statusLabel } from '../../shared/orders';
import { ORDER_EXPORT_HEADERS } from '../../shared/schemas/order-export';
import type { OrderSort } from '../../shared/schemas/queue-filters';
import { queueOrderBy } from '../features/queue-engine';

const UTC = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`);
const pad = (column: string, width: number) => sql.raw(`lpad(${column}::text, ${width}, '0')`);

const rowSchema = z.object({
  order_id: z.number(),
  given_name: z.string(),
  surname: z.string(),
  email: z.string(),
  personal_phone_code: z.string(),
  personal_telephone_number: z.string(),
  arrival_date: z.string(),
  created_at: z.string(),
  process_status: z.string(),
  refunded: z.boolean(),
  processing_mode: z.string(),
  processing_date: z.string().nullable(),
  assign_to: z.string().nullable(),
  landing_site: z.string(),
  nationality: z.string(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  gateway: z.string().nullable(),
  paid_at: z.string().nullable(),
  refund_date: z.string().nullable(),
  processed_by: z.string().nullable(),
  processed_at: z.string().nullable(),
});

/** The CSV of the orders `where` selects (over `orders o`), in `sort`'s order, as the JavaScript writer made it. */
export async function referenceCsv(
  db: Executor,
  where: SQL,
  sort?: OrderSort,
  { quoteLineBreaks = false } = {},
): Promise<Buffer> {
  const rows = await selectRows(
    db,
    rowSchema,
    sql`
    select o.order_id::int as order_id, o.given_name, o.surname, o.email, o.personal_phone_code, o.personal_telephone_number,
      case when o.year_of_arrival_in_japan > 0
        then ${pad('o.year_of_arrival_in_japan', 4)} || '-' || ${pad('o.month_of_arrival_in_japan', 2)} || '-' || ${pad('o.date_of_arrival_in_japan', 2)}
        else '' end as arrival_date,
      ${UTC('o.created_at')} as created_at, o.process_status, o.refund_date is not null as refunded,
      o.processing_mode, o.processing_date::text as processing_date, tm.name as assign_to, ls.name as landing_site, o.nationality,
      o.payment_amount::text as amount, o.payment_currency::text as currency, o.payment_gateway as gateway,
      ${UTC('o.paid_at')} as paid_at, ${UTC('o.refund_date')} as refund_date, o.processed_by_name as processed_by,
      ${UTC('o.processed_at')} as processed_at
    from orders o
    join landing_sites ls on ls.id = o.landing_site_id
    left join team_members tm on tm.id = o.assigned_to_id
    where ${where}
    order by ${queueOrderBy(sort)}`,
  );
  const text = (v: string | null | undefined) => v ?? '';
  const cells = rows.map((row) => [
    row.order_id,
    row.given_name,
    row.surname,
    row.email,
    text(row.personal_phone_code).replace(/^\+/, ''),
    row.personal_telephone_number,
    row.arrival_date,
    row.created_at,
    statusLabel(row.process_status, row.refunded ? 'yes' : null),
    row.processing_mode,
    text(row.processing_date),
    text(row.assign_to),
    row.landing_site,
    row.nationality,
    row.amount === null ? '' : row.amount,
    text(row.currency).trim(),
    text(row.gateway),
    text(row.paid_at),
    text(row.refund_date),
    text(row.processed_by),
    text(row.processed_at),
  ]);
  // The JavaScript writer left a cell holding a lone line break unquoted (csv-stringify's default with a record
  // delimiter set): `quoteLineBreaks` is that writer with the quoting RFC 4180 asks for.
  const options = {
    record_delimiter: 'windows',
    escape_formulas: true,
    quote_record_delimiter: quoteLineBreaks,
  } as const;
  return Buffer.from(`\uFEFF${stringify([[...ORDER_EXPORT_HEADERS], ...cells], options)}`);
}
