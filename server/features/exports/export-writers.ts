/**
 * CSV and XLSX files written as their rows arrive (docs/decisions/0024).
 *
 * CSV: csv-stringify (RFC 4180 quoting, CRLF, a byte-order mark so spreadsheet programs read UTF-8 names), with
 * `escape_formulas`: a text cell starting with = + - @ (or a tab / carriage return) gets a leading ' so a spreadsheet
 * never runs it as a formula. XLSX: exceljs's streaming WorkbookWriter (no shared strings, so memory does not grow
 * with the rows; no styles, the largest part of its time per cell, so amounts are plain numbers, 49.9 for 49.90);
 * its text cells are stored as text, never as formulas, so they need no prefix.
 *
 * Both pull their rows, a batch at a time, from an async iterable only as fast as the client reads the answer, so
 * the rows in memory are one database batch and the writers' buffers, whatever the number of rows. (A batch is
 * written as one piece: a stream step per row cost more than the database's share of the work.)
 */
import { PassThrough, Readable, type Writable } from 'node:stream';
import { stringify, type Options } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';

export type Cell = string | number | null;

export interface ExportColumn {
  header: string;
  /** XLSX column width in characters. */
  width?: number;
}

const CSV_OPTIONS: Options = { record_delimiter: 'windows', escape_formulas: true };

export function csvFile(columns: readonly ExportColumn[], batches: AsyncIterable<Cell[][]>): Readable {
  async function* text() {
    yield `\uFEFF${stringify([columns.map((c) => c.header)], CSV_OPTIONS)}`;
    for await (const batch of batches) if (batch.length) yield stringify(batch, CSV_OPTIONS);
  }
  return Readable.from(text(), { objectMode: false });
}

/** Resolves when `stream` may take more (drained) or the answer `out` is gone (closed: the client left). */
const roomIn = (stream: Writable, out: Writable) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      out.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    out.on('close', done);
  });

/**
 * Where exceljs's worksheet writes its XML: its StreamBuf ignores backpressure and writes into the PassThrough that
 * archiver made for the zip entry, which then holds whatever archiver has not deflated yet (with nobody reading, a
 * million rows). That PassThrough's own buffer says when to wait. exceljs 4.4 internals: checked by the writers'
 * test (a file nobody reads pulls only a few batches).
 */
type EntryStream = Writable & { _writableState?: { needDrain?: boolean; length?: number } };
function sheetEntry(sheet: ExcelJS.Worksheet): EntryStream | undefined {
  return (sheet as unknown as { stream?: { pipes?: EntryStream[] } }).stream?.pipes?.[0];
}
/** The entry's buffer is over its mark (readable-stream's state: archiver's streams are not Node's own). */
const full = (entry: EntryStream | undefined) =>
  !!entry && (entry.writableNeedDrain || !!entry._writableState?.needDrain);

export function xlsxFile(
  sheetName: string,
  columns: readonly ExportColumn[],
  batches: AsyncIterable<Cell[][]>,
): Readable {
  const out = new PassThrough();
  const write = async () => {
    // Loaded at the first XLSX export, not with the server: a start-up loads only what every process uses.
    const { default: excel } = await import('exceljs');
    const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName);
    sheet.columns = columns.map((c, i) => ({ key: String(i), width: c.width ?? 14 }));
    sheet.addRow(columns.map((c) => c.header)).commit();
    for await (const batch of batches) {
      if (out.destroyed) return; // the client went away: leaving the loop ends the rows' cursor
      for (const record of batch) sheet.addRow(record).commit();
      const entry = sheetEntry(sheet);
      if (full(entry)) await roomIn(entry!, out);
      if (out.writableNeedDrain) await roomIn(out, out);
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
