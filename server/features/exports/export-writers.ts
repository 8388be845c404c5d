/**
 * CSV and XLSX files written as their rows arrive (docs/decisions/0051).
 *
 * CSV: a byte-order mark (spreadsheet programs then read UTF-8 names), then RFC 4180 records with CRLF ends. Rows the
 * database formatted (order exports) are passed through; cells made here (the header, the reports) go through
 * csv-stringify with `escape_formulas`: a text cell starting with = + - @ (or a tab / carriage return) gets a
 * leading ' so a spreadsheet never runs it as a formula.
 *
 * XLSX: the smallest workbook spreadsheet programs open (content types, relationships, a workbook, a styles part and
 * one worksheet), zipped by archiver. Text cells are inline strings, never formulas, so they need no prefix; numbers
 * are numbers. The worksheet's rows are either made here from cells (xlsxRow) or come as `<row>` elements from the
 * database (order-export-statements.ts), one a line.
 *
 * Backpressure is the streams' own: the worksheet is a Readable that archiver reads only as fast as the zip it makes
 * is read, so the rows in memory are a few chunks whatever the number of rows.
 */
import { PassThrough, Readable, pipeline } from 'node:stream';
import { stringify, type Options } from 'csv-stringify/sync';

export type Cell = string | number | null;

export interface ExportColumn {
  header: string;
  /** XLSX column width in characters. */
  width?: number;
}

/** A cell holding a line break is quoted, as RFC 4180 and PostgreSQL's COPY say (csv-stringify's default is not to). */
const CSV_OPTIONS: Options = { record_delimiter: 'windows', quote_record_delimiter: true, escape_formulas: true };

/** The start of a CSV file: the byte-order mark and the header record. */
export const csvHead = (columns: readonly ExportColumn[]) =>
  `\uFEFF${stringify([columns.map((c) => c.header)], CSV_OPTIONS)}`;

/** A CSV file: the head, then `records` as they come (each already CSV, ending in CRLF). */
export function csvOfRecords(columns: readonly ExportColumn[], records: AsyncIterable<Buffer | string>): Readable {
  async function* text() {
    yield csvHead(columns);
    yield* records;
  }
  return Readable.from(text(), { objectMode: false });
}

/** A CSV file of cells made here (a report), a batch at a time. */
export function csvFile(columns: readonly ExportColumn[], batches: AsyncIterable<Cell[][]>): Readable {
  async function* records() {
    for await (const batch of batches) if (batch.length) yield stringify(batch, CSV_OPTIONS);
  }
  return csvOfRecords(columns, records());
}

// ---- XLSX ----------------------------------------------------------------------------------------------------

/** Controls XML 1.0 forbids (all below a space but tab, LF and CR), built from their codes. */
const XML_FORBIDDEN = new RegExp(
  `[${Array.from({ length: 32 }, (_, c) => c)
    .filter((c) => c !== 9 && c !== 10 && c !== 13)
    .map((c) => String.fromCharCode(c))
    .join('')}]`,
  'g',
);
/** Text as XML character data, written as the database writes it (order-export-statements.ts). */
export const xmlText = (text: string) =>
  text
    .replace(XML_FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\\/g, '&#92;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');

/** A column's letters in a cell address (A, B, ... Z, AA, ...). */
const columnName = (index: number): string =>
  (index >= 26 ? columnName(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));

/** A worksheet row of cells made here, each addressed: numbers as numbers, text inline, no cell for nothing. */
export function xlsxRow(row: number, cells: readonly Cell[]): string {
  const xml = cells.map((cell, i) => {
    const open = `<c r="${columnName(i)}${row}"`;
    if (cell === null) return '';
    if (typeof cell === 'number') return `${open}><v>${cell}</v></c>`;
    return `${open} t="inlineStr"><is><t>${xmlText(cell)}</t></is></c>`;
  });
  return `<row r="${row}">${xml.join('')}</row>\n`;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
</Types>`;
const PACKAGE_RELS = `${XML_HEAD}<Relationships xmlns="${RELS}">\
<Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="${RELS}">\
<Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId2" Type="${DOC_RELS}/styles" Target="styles.xml"/></Relationships>`;
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN}">\
<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
const workbook = (sheetName: string) => `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}">\
<sheets><sheet name="${xmlText(sheetName).replace(/"/g, '&quot;')}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/**
 * Deflate level of the worksheet: the fastest. Its XML repeats the same tags, so even the fastest level shrinks it
 * several times, and the export waits on the deflate of every byte.
 */
const ZIP_LEVEL = 1;

/** An XLSX file whose worksheet rows (`<row>` elements from row 2 on) come from `rows` as they are read. */
export function xlsxOfRows(
  sheetName: string,
  columns: readonly ExportColumn[],
  rows: AsyncIterable<Buffer | string>,
): Readable {
  const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 14}" customWidth="1"/>`);
  async function* sheet() {
    yield `${XML_HEAD}<worksheet xmlns="${MAIN}"><cols>${cols.join('')}</cols><sheetData>\n`;
    yield xlsxRow(
      1,
      columns.map((c) => c.header),
    );
    yield* rows;
    yield '</sheetData></worksheet>';
  }
  const out = new PassThrough();
  const worksheet = Readable.from(sheet(), { objectMode: false });
  // The answer gone (read to its end, failed, or left by its client): the worksheet's rows end with it.
  out.once('close', () => worksheet.destroy());
  // archiver is loaded at the first XLSX export, not with the server: a start-up loads only what every process uses.
  void import('archiver').then(
    ({ ZipArchive }) => {
      // The zip's own buffer as small as a stream's usual one (archiver's default holds a megabyte).
      const zip = new ZipArchive({ zlib: { level: ZIP_LEVEL }, highWaterMark: 64 * 1024 });
      zip.append(CONTENT_TYPES, { name: '[Content_Types].xml' });
      zip.append(PACKAGE_RELS, { name: '_rels/.rels' });
      zip.append(workbook(sheetName), { name: 'xl/workbook.xml' });
      zip.append(WORKBOOK_RELS, { name: 'xl/_rels/workbook.xml.rels' });
      zip.append(STYLES, { name: 'xl/styles.xml' });
      zip.append(worksheet, { name: 'xl/worksheets/sheet1.xml' });
      // The answer (out) pulls the zip at its own pace; a failure on either side (the rows' query failed, the
      // export stopped) destroys both, and the answer ends cut off.
      pipeline(zip, out, () => undefined);
      zip.finalize().catch((error: unknown) => zip.destroy(error as Error));
    },
    (error: unknown) => out.destroy(error as Error),
  );
  return out;
}

/** An XLSX file of cells made here (a report), a batch at a time. */
export function xlsxFile(
  sheetName: string,
  columns: readonly ExportColumn[],
  batches: AsyncIterable<Cell[][]>,
): Readable {
  async function* rows() {
    let n = 1;
    for await (const batch of batches) yield batch.map((cells) => xlsxRow(++n, cells)).join('');
  }
  return xlsxOfRows(sheetName, columns, rows());
}
