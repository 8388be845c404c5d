/** The writers hold back while nobody reads: bounded memory whatever the number of rows (docs/decisions/0051). */
import { describe, expect, it } from 'vitest';
import { csvFile, xlsxFile, type Cell } from './export-writers';

const columns = [{ header: 'Id' }, { header: 'Name' }, { header: 'Email' }];

function source(batches: number) {
  const counter = { pulled: 0, closed: false };
  async function* rows(): AsyncGenerator<Cell[][]> {
    try {
      for (let b = 0; b < batches; b++) {
        counter.pulled++;
        yield Array.from({ length: 2000 }, (_, i) => [
          b * 2000 + i,
          `Name ${Math.random()}`,
          `someone${Math.random()}@mail.example`,
        ]);
      }
    } finally {
      counter.closed = true; // where the export closes its database cursor
    }
  }
  return { rows: rows(), counter };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe('export writers', () => {
  for (const [name, make] of [
    ['CSV', csvFile],
    ['XLSX', (c: typeof columns, r: AsyncIterable<Cell[][]>) => xlsxFile('Orders', c, r)],
  ] as const) {
    it(`${name}: a file nobody reads pulls only a few batches of its 40; reading it pulls them all`, async () => {
      const { rows, counter } = source(40);
      const file = make(columns, rows);
      await settle();
      // A few batches fill the streams' buffers (the zip's deflate works on a batch at a time), then nothing more.
      expect(counter.pulled).toBeLessThanOrEqual(8);
      let bytes = 0;
      for await (const chunk of file) bytes += (chunk as Buffer).length;
      expect(counter.pulled).toBe(40);
      expect(counter.closed).toBe(true);
      expect(bytes).toBeGreaterThan(500_000);
    });

    it(`${name}: a client that leaves half-way ends the rows (the cursor closes) without reading the rest`, async () => {
      const { rows, counter } = source(40);
      const file = make(columns, rows);
      let chunks = 0;
      await new Promise<void>((resolve) => {
        file.on('data', () => {
          // Half-way: after some rows came (an XLSX's first chunks are the workbook's fixed parts).
          if (++chunks >= 5 && counter.pulled >= 2) {
            file.destroy();
            resolve();
          }
        });
      });
      await settle();
      expect(counter.closed).toBe(true);
      expect(counter.pulled).toBeLessThan(12);
    });
  }
});
