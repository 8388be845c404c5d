/**
 * The SQL of an order export (docs/decisions/0051): the one place outside the queue engine that reads `orders` for
 * an export. Every cell is formatted by PostgreSQL, so the same statement feeds `COPY ... TO STDOUT` on a server and
 * a cursor on the embedded database, and the rows reach the file without a JavaScript step per cell.
 *
 * CSV: one column per header, each the text the file shows. A text cell that starts like a formula (csv-stringify's
 * `escape_formulas` list) gets a leading `'`; an empty text is NULL, since PostgreSQL writes a non-null empty text as
 * `""` and the file writes nothing. PostgreSQL's CSV quoting (a cell with a comma, quote, CR or LF) is csv-stringify's.
 *
 * XLSX: one column, the worksheet's `<row>` element, numbers as numbers and text as inline strings. The row text
 * holds no backslash, tab, CR or LF (they are character references), so `COPY (FORMAT text)` sends it unchanged, one
 * row a line; characters XML forbids are dropped.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { PROCESS_STATUSES, statusLabel } from '../../../shared/orders';
import { ORDER_EXPORT_HEADERS } from '../../../shared/schemas/order-export';
import type { OrderSort } from '../../../shared/schemas/queue-filters';
import { queueOrderBy } from '../queue-engine';

type Header = (typeof ORDER_EXPORT_HEADERS)[number];

/** A SQL string literal (standard_conforming_strings is on: only the quote is special). */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** First characters a spreadsheet reads as a formula: csv-stringify's `escape_formulas` list. */
export const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];

const UTC = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;
const pad = (column: string, width: number) => `lpad(${column}::text, ${width}, '0')`;

/** The label staff see for a status, as statusLabel says it, built from the status list so the two agree. */
const STATUS_LABEL = `case o.process_status ${PROCESS_STATUSES.filter((s) => s !== 'Refunds' && statusLabel(s) !== s)
  .map((s) => `when ${literal(s)} then ${literal(statusLabel(s))}`)
  .join(' ')} when 'Refunds' then case when o.refund_date is not null then ${literal(statusLabel('Refunds', 'yes'))}
  else ${literal(statusLabel('Refunds', null))} end else o.process_status end`;

/**
 * How a column's value becomes a cell. `number`: a number in both files. `text`: a text cell that anyone may have
 * typed (a formula is neutralised in CSV, XML escaped in XLSX). `formatted`: a text this statement makes (dates,
 * labels), which starts with a letter or digit and holds nothing to escape. `amount`: text in CSV, as stored
 * ("49.90"), a number in XLSX.
 */
type Kind = 'number' | 'text' | 'formatted' | 'amount';

const COLUMNS: Record<Header, { sql: string; kind: Kind }> = {
  'Order Id': { sql: 'o.order_id::int', kind: 'number' },
  'Given Name': { sql: 'o.given_name', kind: 'text' },
  Surname: { sql: 'o.surname', kind: 'text' },
  Email: { sql: 'o.email', kind: 'text' },
  'Dialling Code': {
    sql: `case when left(o.personal_phone_code, 1) = '+' then substr(o.personal_phone_code, 2) else o.personal_phone_code end`,
    kind: 'text',
  },
  'Telephone Number': { sql: 'o.personal_telephone_number', kind: 'text' },
  'Arrival Date': {
    sql: `case when o.year_of_arrival_in_japan > 0 then ${pad('o.year_of_arrival_in_japan', 4)} || '-' || ${pad('o.month_of_arrival_in_japan', 2)} || '-' || ${pad('o.date_of_arrival_in_japan', 2)} end`,
    kind: 'formatted',
  },
  'Order Date (UTC)': { sql: UTC('o.created_at'), kind: 'formatted' },
  Status: { sql: STATUS_LABEL, kind: 'formatted' },
  'Processing Mode': { sql: 'o.processing_mode', kind: 'formatted' },
  'Processing Date': { sql: 'o.processing_date::text', kind: 'formatted' },
  'Assigned To': { sql: 'tm.name', kind: 'text' },
  'Landing Site': { sql: 'ls.name', kind: 'text' },
  Nationality: { sql: 'o.nationality', kind: 'text' },
  Amount: { sql: 'o.payment_amount::text', kind: 'amount' },
  Currency: { sql: 'btrim(o.payment_currency::text)', kind: 'text' },
  Gateway: { sql: 'o.payment_gateway', kind: 'text' },
  'Paid At (UTC)': { sql: UTC('o.paid_at'), kind: 'formatted' },
  'Refund Date (UTC)': { sql: UTC('o.refund_date'), kind: 'formatted' },
  'Processed By': { sql: 'o.processed_by_name', kind: 'text' },
  'Processed At (UTC)': { sql: UTC('o.processed_at'), kind: 'formatted' },
};

/** The formula starts as code points: `ascii()` of a text is its first character's, an integer compare a cell. */
const FORMULA_CODES = FORMULA_STARTS.map((c) => c.codePointAt(0)).join(', ');
/** A CSV text cell: a formula gets a leading quote, an empty text is NULL (an empty cell). */
const csvText = (x: string) =>
  `case when ascii(${x}) in (${FORMULA_CODES}) then '''' || ${x} else nullif(${x}, '') end`;

const csvCell = ({ sql: x, kind }: { sql: string; kind: Kind }) =>
  kind === 'text' || kind === 'amount' ? csvText(x) : kind === 'formatted' ? `nullif(${x}, '')` : x;

/** Characters XML 1.0 forbids (controls other than tab, LF and CR): dropped, as spreadsheet writers do. */
const XML_FORBIDDEN = Array.from({ length: 31 }, (_, i) => i + 1)
  .filter((c) => c !== 9 && c !== 10 && c !== 13)
  .map((c) => String.fromCharCode(c))
  .join('');

/** Text as XML character data whose bytes `COPY (FORMAT text)` sends unchanged. */
const xmlEscaped = (x: string) =>
  `replace(replace(replace(replace(replace(replace(replace(translate(${x}, ${literal(XML_FORBIDDEN)}, ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), E'\\\\', '&#92;'), E'\\t', '&#9;'), E'\\n', '&#10;'), E'\\r', '&#13;')`;

/** What in a text needs escaping in XML or in COPY's text format. */
const NEEDS_ESCAPING = `'[&<>\\\\[:cntrl:]]'`;

/** A column's letters in a cell address (A, B, ... Z, AA, ...). */
const columnName = (index: number): string =>
  (index >= 26 ? columnName(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));

/**
 * The arguments of one `concat()` making a row's cells from the values `s.v1`.. and the row's number `s.n`, each
 * cell with its address. concat writes NULL as nothing: an empty text is an empty text cell, as the JavaScript
 * writer wrote it; no amount is an empty cell.
 */
function xmlCellArgs(escape: boolean): string[] {
  const args: string[] = [];
  headers.forEach((h, i) => {
    const { kind } = COLUMNS[h];
    const x = `s.v${i + 1}`;
    const column = columnName(i);
    if (kind === 'amount') args.push(`'<c r="${column}'`, 's.n', `'"'`, `coalesce('><v>' || ${x} || '</v></c>', '/>')`);
    else if (kind === 'number') args.push(`'<c r="${column}'`, 's.n', `'"><v>'`, x, `'</v></c>'`);
    else
      args.push(
        `'<c r="${column}'`,
        's.n',
        `'" t="inlineStr"><is><t>'`,
        escape && kind === 'text' ? xmlEscaped(x) : x,
        `'</t></is></c>'`,
      );
  });
  // Adjacent literals as one.
  return args.reduce<string[]>((out, arg) => {
    const last = out.at(-1);
    if (last?.startsWith("'") && last.endsWith("'") && arg.startsWith("'") && arg.endsWith("'"))
      out[out.length - 1] = `${last.slice(0, -1)}${arg.slice(1)}`;
    else out.push(arg);
    return out;
  }, []);
}

const headers = Object.keys(COLUMNS) as Header[];
const FROM = sql`
  from orders o
  join landing_sites ls on ls.id = o.landing_site_id
  left join team_members tm on tm.id = o.assigned_to_id`;

/** The number of orders an export of `where` holds. */
export const orderExportCount = (where: SQL) => sql`select count(*)::int as n from orders o where ${where}`;

/** The CSV cells, columns c1..c21 in the headers' order. */
export const orderExportCsv = (where: SQL, sort: OrderSort | undefined) => sql`
  select ${sql.raw(headers.map((h, i) => `${csvCell(COLUMNS[h])} as c${i + 1}`).join(',\n  '))}
  ${FROM}
  where ${where}
  order by ${queueOrderBy(sort)}`;

/**
 * The worksheet rows, one `<row>` element each, numbered from 2 (row 1 is the header). The numbering window has the
 * statement's own order, so PostgreSQL sorts once for both.
 */
export function orderExportXml(where: SQL, sort: OrderSort | undefined): SQL {
  const order = queueOrderBy(sort);
  const values = headers.map((h, i) => `${COLUMNS[h].sql} as v${i + 1}`).join(', ');
  const texts = headers.flatMap((h, i) => (COLUMNS[h].kind === 'text' ? [`s.v${i + 1}`] : []));
  const row = (escape: boolean) => `concat('<row r="', s.n, '">', ${xmlCellArgs(escape).join(', ')}, '</row>')`;
  // The inner statement reads the values and numbers the rows once, in the export's order; the outer one only makes
  // each row's text, row by row in that order. One test a row, on its texts together: most rows hold nothing to
  // escape and skip the escaping of every cell.
  return sql`
  select ${sql.raw(`case when concat(${texts.join(', ')}) ~ ${NEEDS_ESCAPING} then ${row(true)} else ${row(false)} end as xml`)}
  from (
    select ${sql.raw(values)}, (row_number() over (order by ${order}) + 1)::text as n
    ${FROM}
    where ${where}
    order by ${order}
  ) s`;
}

/** A row of orderExportCsv, as the cursor reads it on the embedded database. */
export const csvRowSchema = z.object(
  Object.fromEntries(headers.map((_, i) => [`c${i + 1}`, i === 0 ? z.number() : z.string().nullable()])),
) as z.ZodType<Record<string, string | number | null>>;

/** A row of orderExportXml. */
export const xmlRowSchema = z.object({ xml: z.string() });

/** The CSV cells of a decoded row, in the headers' order. */
export const csvCells = (row: Record<string, string | number | null>) =>
  headers.map((_, i) => row[`c${i + 1}`] ?? null);
