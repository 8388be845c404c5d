import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client';
import { createOrderGenerator } from '../../seed/demo-orders';
import { buildTestApp, type TestContext } from '../../test/helper';
import {
  cheapestPieces,
  currentTrigramStats,
  digitWindows,
  likeTrigrams,
  trigramStatsInSlices,
  trigramStatsOf,
} from './search-terms';

/** Search texts of generated orders (the bench's data), as order_search_text() writes them. */
async function generatedTexts(count: number): Promise<string[]> {
  const next = await createOrderGenerator({
    firstOrderId: 100001,
    landingSiteIds: [1],
    staff: [{ id: 1, name: 'Tess Team' }],
    count,
    seed: 11,
  });
  return Array.from({ length: count }, () => {
    const o = next().values;
    const phone = `+${o.personal_phone_code} ${o.personal_telephone_number} +${o.personal_phone_code}${o.personal_telephone_number}`;
    return `${o.given_name} ${o.surname} ${o.email} ${phone}`.toLowerCase();
  });
}

// A table of 40,000 generated orders and a sample of every fourth, as a process would take it.
const table = await generatedTexts(40_000);
const stats = trigramStatsOf(
  table.filter((_, i) => i % 4 === 0),
  table.length,
);
const holders = (piece: string) => table.filter((text) => text.includes(piece)).length;

describe('likeTrigrams', () => {
  it("gives pg_trgm's trigrams of like '%term%': words padded only where the term itself bounds them", () => {
    expect(likeTrigrams('word').map((p) => p.trigram)).toEqual(['wor', 'ord']);
    expect(likeTrigrams("d'amo").map((p) => p.trigram)).toEqual(['  a', ' am', 'amo']);
    expect(likeTrigrams('ab.cd').map((p) => p.trigram)).toEqual(['ab ', '  c', ' cd']);
  });
});

describe('trigramStatsOf', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("counts each sampled text's trigrams once, exactly as pg_trgm extracts them", async () => {
    const texts = [
      ...table.slice(0, 200),
      "mary-jo o'brien mj.ob@x.example +1 555 +1555",
      'qxqv qxqv.qxqv@qxqv.example',
    ];
    const rows = await selectRows<{ trigram: string; n: number }>(
      t.database.db,
      sql`
      select g as trigram, count(*)::int as n
      from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) s, unnest(show_trgm(s)) g group by g`,
    );
    const counted = trigramStatsOf(texts, texts.length);
    expect(Object.fromEntries(counted.counts)).toEqual(Object.fromEntries(rows.map((r) => [r.trigram, r.n])));
    expect(counted.rowsHolding.get('qxq')).toEqual([201]); // once per text, however often the text holds it
  });

  it('counts a large sample in slices, letting other work run between them, to the same result', async () => {
    const sample = table.slice(0, 10_000);
    let ticks = 0;
    let done = false;
    const tick = () => {
      if (!done) {
        ticks++;
        setImmediate(tick);
      }
    };
    setImmediate(tick);
    const sliced = await trigramStatsInSlices(sample, 1_000_000, 500);
    done = true;
    expect(ticks).toBeGreaterThanOrEqual(19); // a turn of the event loop between each two of the 20 slices
    const whole = trigramStatsOf(sample, 1_000_000);
    expect(sliced.counts).toEqual(whole.counts);
    expect(sliced.rowsHolding).toEqual(whole.rowsHolding);
    expect(sliced).toMatchObject({ tableRows: 1_000_000, sampleRows: 10_000 });
  });
});

describe('cheapestPieces', () => {
  const holdersOfAll = (pieces: string[]) =>
    table.filter((text) => pieces.every((piece) => text.includes(piece))).length;

  it('gives an e-mail term pieces that few orders hold, not a piece of its surname (which every order of that surname holds)', () => {
    for (const text of table.slice(1000, 1040)) {
      const [given, surname, email] = text.split(' ') as [string, string, string];
      for (const term of [email, email.split('@')[0]!]) {
        const pieces = cheapestPieces(term, stats);
        expect(pieces, term).not.toBeNull();
        for (const piece of pieces!) expect(term, term).toContain(piece);
        expect(holdersOfAll(pieces!), `${term}: ${pieces}`).toBeLessThan(
          Math.min(holders(surname), holders(given)) / 5,
        );
      }
    }
  });

  it('gives a full name a piece of each name: together they narrow the matches as the whole name does', () => {
    for (const text of table.slice(3000, 3040)) {
      const [given, surname] = text.split(' ') as [string, string];
      const name = `${given} ${surname}`;
      const pieces = cheapestPieces(name, stats);
      expect(pieces, name).toHaveLength(2);
      expect(given, `${name}: ${pieces}`).toContain(pieces![0]);
      expect(surname, `${name}: ${pieces}`).toContain(pieces![1]);
      expect(holdersOfAll(pieces!), `${name}: ${pieces}`).toBeLessThan(Math.min(holders(surname), holders(given)) / 5);
    }
  });

  it('never trades a term for pieces that more orders hold when every piece is held by the same orders', () => {
    for (const text of table.slice(2000, 2040)) {
      const prefix = text.split(' ')[1]!.slice(0, 5); // a surname's first letters, which staff type all day
      expect(holdersOfAll(cheapestPieces(prefix, stats) ?? [prefix]), prefix).toBeLessThanOrEqual(
        1.2 * holders(prefix),
      );
    }
  });

  it('keeps the whole term without statistics or without a piece of 3 letters or digits', () => {
    expect(cheapestPieces('buster.damore170', null)).toBeNull();
    expect(cheapestPieces('a.b-c', stats)).toBeNull();
  });
});

describe('digitWindows', () => {
  it('covers every digit of each run of four or more with windows side by side and the last', () => {
    expect(digitWindows('10974')).toEqual([1097, 974]);
    expect(digitWindows('725269195')).toEqual([7252, 6919, 9195]);
    expect(digitWindows('12345678')).toEqual([1234, 5678]);
    expect(digitWindows('+81 9012-0001')).toEqual([9012, 1]); // "0001" is window 1: a window always has four digits
  });

  it('leaves terms with letters, or without four digits in a row, to the trigram index', () => {
    expect(digitWindows('jerde1985')).toBeNull();
    expect(digitWindows('+81 901')).toBeNull();
    expect(digitWindows('123')).toBeNull();
  });
});

describe('currentTrigramStats', () => {
  it('never makes a search wait: none at first, the background sample once it is in, and no second sample within the hour', async () => {
    let queries = 0;
    // A stand-in database answering the two sampling queries: the row estimate, then the sampled texts.
    const db = {
      execute: async () =>
        ++queries % 2 === 1
          ? { rows: [{ estimate: 500 }] }
          : { rows: [{ search_text: 'abc abd' }, { search_text: 'abc' }] },
    } as unknown as Executor;
    expect(currentTrigramStats(db)).toBeNull();
    await vi.waitFor(() => expect(currentTrigramStats(db)).not.toBeNull());
    expect(currentTrigramStats(db)).toMatchObject({ sampleRows: 2, tableRows: 500 });
    expect(currentTrigramStats(db)!.counts.get(' ab')).toBe(2);
    expect(currentTrigramStats(db)!.rowsHolding.get('abd')).toEqual([0]);
    expect(queries).toBe(2);
  });
});
