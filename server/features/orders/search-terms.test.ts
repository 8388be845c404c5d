import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { Executor } from '../../db/client';
import { cheapestPiece, currentTrigramStats, likeTrigrams, type TrigramStats } from './search-terms';

// Trigram counts sampled from the bench's 1M generated orders, for the trigrams of the terms below.
const sample = JSON.parse(readFileSync(new URL('./search-terms.sample.json', import.meta.url), 'utf8')) as { tableRows: number; sampleRows: number; counts: Record<string, number> };
const benchLike: TrigramStats = { ...sample, counts: new Map(Object.entries(sample.counts)) };

describe('likeTrigrams', () => {
  it("gives pg_trgm's trigrams of like '%term%': words padded only where the term itself bounds them", () => {
    expect(likeTrigrams('word').map((p) => p.trigram)).toEqual(['wor', 'ord']);
    expect(likeTrigrams("d'amo").map((p) => p.trigram)).toEqual(['  a', ' am', 'amo']);
    expect(likeTrigrams('ab.cd').map((p) => p.trigram)).toEqual(['ab ', '  c', ' cd']);
  });
});

describe('cheapestPiece', () => {
  // On that data: "buster.damore170" 4.6 ms whole, 0.9 ms through "amore17" (38 candidates);
  // "douglas.welch812@post.example" 31 ms whole, 0.5 ms through "elch81" (58 candidates).
  it('gives a long e-mail term a rare piece of it instead of every common trigram', () => {
    for (const term of ['buster.damore170', 'douglas.welch812@post.example']) {
      const counts = likeTrigrams(term).map((p) => sample.counts[p.trigram]!);
      const rare = likeTrigrams(term).map((p) => p.trigram).filter((t) => sample.counts[t]! <= 2 * Math.min(...counts));
      const piece = cheapestPiece(term, benchLike);
      expect(piece, term).not.toBeNull();
      expect(term, term).toContain(piece!);
      expect(rare.some((t) => piece!.includes(t)), `${term}: ${piece}`).toBe(true); // one of the rarest trigrams drives the index
      expect(piece!.length, term).toBeGreaterThan(3); // and a neighbour narrows what it finds
    }
  });

  it('keeps the whole term when its trigrams are only selective together', () => {
    expect(cheapestPiece('john.smith', benchLike)).toBeNull(); // "john" or "smith" alone match thousands of orders
    expect(cheapestPiece('10974', benchLike)).toBeNull();
    expect(cheapestPiece("d'amo", benchLike)).toBeNull();
  });

  it('keeps the whole term without statistics or without a piece of 3 letters or digits', () => {
    expect(cheapestPiece('buster.damore170', null)).toBeNull();
    expect(cheapestPiece('a.b-c', benchLike)).toBeNull();
  });
});

describe('currentTrigramStats', () => {
  it('never makes a search wait: none at first, the background sample once it is in, and no second sample within the hour', async () => {
    let queries = 0;
    // A stand-in database answering the two sampling queries: the row estimate, then the counted sample.
    const db = { execute: async () => (++queries % 2 === 1 ? { rows: [{ estimate: 500 }] } : { rows: [{ rows: 500, counts: { abc: 7 } }] }) } as unknown as Executor;
    expect(currentTrigramStats(db)).toBeNull();
    await vi.waitFor(() => expect(currentTrigramStats(db)).not.toBeNull());
    expect(currentTrigramStats(db)).toMatchObject({ sampleRows: 500, tableRows: 500 });
    expect(currentTrigramStats(db)!.counts.get('abc')).toBe(7);
    expect(queries).toBe(2);
  });
});
