import { describe, expect, it } from 'vitest';
import { csvFile, xlsxFile, type Cell } from '../../../../server/features/exports/export-writers';
import { csvRowCounter, textCounter, xlsxRowCounter, type RowCounter } from './row-counters';

async function* rows(n: number): AsyncGenerator<Cell[][]> {
  for (let start = 1; start <= n; start += 100) {
    const batch: Cell[][] = [];
    for (let i = start; i < Math.min(n + 1, start + 100); i++)
      batch.push([i, i % 7 === 0 ? 'two\nlines, "quoted"' : `name ${i}`, i % 5 === 0 ? '=1+2' : 'x', i * 1.5]);
    yield batch;
  }
}
const columns = [{ header: 'Id' }, { header: 'Name' }, { header: 'Note' }, { header: 'Amount' }];

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Buffer));
  return new Uint8Array(Buffer.concat(parts));
}

/** Feeds the bytes in small pieces, as a network would, and answers the count after each. */
function feed(counter: RowCounter, bytes: Uint8Array, size: number): number[] {
  const seen: number[] = [];
  for (let at = 0; at < bytes.length; at += size) {
    counter.push(bytes.subarray(at, at + size));
    seen.push(counter.rows);
  }
  counter.finish();
  return seen;
}

describe('row counters of the export progress bar', () => {
  it('CSV: counts records, not the header nor line breaks inside quoted fields', async () => {
    const bytes = await bytesOf(csvFile(columns, rows(500)));
    const counter = csvRowCounter();
    const seen = feed(counter, bytes, 97);
    expect(counter.rows).toBe(500);
    expect(seen.every((n, i) => i === 0 || n >= seen[i - 1]!)).toBe(true);
    expect(seen[Math.floor(seen.length / 2)]).toBeGreaterThan(100);
  });

  it('XLSX: inflates the worksheet as it arrives and counts its rows', async () => {
    const bytes = await bytesOf(xlsxFile('Orders', columns, rows(3000)));
    const counter = await xlsxRowCounter();
    const seen = feed(counter, bytes, 4096);
    expect(counter.rows).toBe(3000);
    expect(seen.some((n) => n > 0 && n < 3000)).toBe(true);
  });

  it('finds a needle split across two pieces', () => {
    const counter = textCounter('<row ');
    for (const piece of ['<ro', 'w r="1"><r', 'ow r="2"></row><row', ' ']) counter.push(piece);
    expect(counter.count).toBe(3);
  });
});
