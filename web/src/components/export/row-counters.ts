/**
 * Rows received so far, counted from the bytes of an export as they arrive (docs/decisions/0024), for
 * the progress bar: the server sends the total first (X-Total-Rows), these count what came.
 */

/** A row counter: fed the answer's bytes in order, says how many data rows (after the header) it has seen. */
export interface RowCounter {
  push(chunk: Uint8Array): void;
  /** The answer ended (flushes what is still being inflated). */
  finish(): void;
  readonly rows: number;
}

const QUOTE = 0x22;
const LF = 0x0a;

/**
 * CSV: a record ends at a line feed outside quotes (a quoted field may hold line breaks; a doubled quote inside a
 * field toggles twice, so it cancels out). The first record is the header.
 */
export function csvRowCounter(): RowCounter {
  let quoted = false;
  let records = 0;
  return {
    push(chunk) {
      for (const byte of chunk) {
        if (byte === QUOTE) quoted = !quoted;
        else if (byte === LF && !quoted) records++;
      }
    },
    finish() {},
    get rows() {
      return Math.max(0, records - 1);
    },
  };
}

/** Occurrences of `needle` in a text that arrives in pieces (a match may straddle two). */
export function textCounter(needle: string) {
  let tail = '';
  let count = 0;
  return {
    push(text: string) {
      const joined = tail + text;
      let at = joined.indexOf(needle);
      while (at !== -1) {
        count++;
        at = joined.indexOf(needle, at + needle.length);
      }
      tail = joined.slice(Math.max(0, joined.length - (needle.length - 1)));
    },
    get count() {
      return count;
    },
  };
}

/**
 * XLSX: a zip whose worksheet part holds one `<row ` per row; the worksheet is inflated as it arrives (fflate's
 * streaming unzip, loaded only for an XLSX export) and its rows counted. The first row is the header.
 */
export async function xlsxRowCounter(): Promise<RowCounter> {
  const { Unzip, UnzipInflate } = await import('fflate');
  const rows = textCounter('<row ');
  const decoder = new TextDecoder();
  const unzip = new Unzip((file) => {
    if (!/^xl\/worksheets\/sheet\d+\.xml$/.test(file.name)) return;
    file.ondata = (error, data) => {
      if (!error) rows.push(decoder.decode(data, { stream: true }));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  return {
    push(chunk) {
      unzip.push(chunk);
    },
    finish() {
      unzip.push(new Uint8Array(0), true);
    },
    get rows() {
      return Math.max(0, rows.count - 1);
    },
  };
}
